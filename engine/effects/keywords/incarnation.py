"""Incarnation X (инкарнация, ``incarnation``; 03-abilities.md §4 ``incarnation`` [g-19]): works while the card is
in its owner's graveyard. At the start of its owner's turn it gets an incarnation token (ignoring any token
maximum [218.8]); with at least X of them it incarnates: the tokens go, it gets the marker ``incarnation`` and
comes into its owner's squad on an unoccupied cell of their 3rd row (rank 1 for player 1, rank 6 for player 2; with
``on_marker``: only onto the cell holding its own cell marker of that name, whose cards are destroyed first),
closed (open with ``open: true``); a flyer goes to the aux zone [211.2.a]. It is not a resurrection. Its
"incarnates" triggers fire. With no free cell it stays with its tokens and incarnates as soon as a cell of its
owner's 3rd row frees (03 §4: "it fires as soon as one frees"; a mandatory trigger of the graveyard card made
pending when a card dies or leaves its cell, ``graveyard_cell_freed``). A card that dies
carrying the marker loses Incarnation (it never incarnates again; recorded as the permanent timed effect
``incarnated`` by its ``at_death`` hook).

Tokens also come from ``incarnation_token`` effects (engine/effects/keywords/incarnation_token.py), which call
:func:`incarnate`.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Keyword
from engine.effects import choice
from engine.effects.registry import register_keyword
from engine.model.board import CELLS, row_of
from engine.model.enums import Event
from engine.ops import damage, durations, trigger_points, zones
from engine.ops.reveal import goes_to_aux
from engine.rules.uniqueness import may_join
from engine.model.state import GameState

#: The timed-effect kind that records "this card died carrying the incarnation marker" (its ``at_death`` hook).
SPENT: Final = "incarnated"


def at_death(g: GameState, card) -> None:
    """A card dying with the marker ``incarnation`` loses Incarnation X [g-19]: a timed effect that never ends."""
    if card.markers.get("incarnation"):
        durations.add(g, "turn_end", card.id, SPENT, turn=10 ** 9)


def spent(g: GameState, card) -> bool:
    """True when ``card`` died carrying the incarnation marker (it has lost Incarnation)."""
    return any(e.get("kind") == SPENT and e.get("card") == card.id for e in g.effects)


def _threshold(g: GameState, card) -> dict | None:
    abil = [a for a in g.abilities(card) if a.get("kw") == "incarnation"]
    return abil[0] if abil and not spent(g, card) else None


def incarnate(g: GameState, card, player: int | None = None) -> bool | None:
    """Incarnate ``card`` (in its owner's graveyard) if it has Incarnation X and at least X tokens and a cell of its
    owner's 3rd row is free; the owner chooses the cell inside the entry. Returns True when it came back, False when
    it stays, None while the owner is being asked."""
    a = _threshold(g, card)
    if a is None or card.zone != "graveyard" or card.tokens < a.get("n", 1) or not may_join(g, card, card.owner):
        return False  # a unique card whose name is in the squad cannot come back [g-54, g-63]
    p = card.owner
    marker = a.get("on_marker")
    if marker:  # only onto the cell holding its own marker; whatever stands there is destroyed (Скелетный червь)
        cells = [e["cell"] for e in g.effects if e.get("kind") == "cell_marker" and e.get("marker") == marker
                 and e.get("card") == card.id][:1]
        if not cells:
            return False
        on = g.cards.get(g.board.get(cells[0]) or "")
        if on is not None:
            damage.destroy(g, on, kind="destroy")
        durations.remove(g, "cell_marker", card.id)
        if cells[0] in g.board:
            return False
    else:
        cells = [c for c in CELLS if c not in g.board and row_of(c, p) == 3]
    if not cells and not goes_to_aux(g, card):
        return False
    if cells:
        i = choice.pick(g, p, cells, "incarnation_cell", card.id)
        if i is None:
            return None
    g.graveyards[p].remove(card.id)
    zones.enter_play(g, card, p, cells[i] if cells else None)
    card.closed = not a.get("open")
    card.markers["incarnation"] = 1
    g.emit(Event.RESURRECTED, card=card.id, to=card.cell, how="incarnation")
    trigger_points.collect(g, {"type": "incarnated", "card": card.id})
    return True


def when_cell_freed(g: GameState, card, a: dict) -> list[dict] | None:
    """A cell freed: a card waiting with enough tokens incarnates now if a cell of its owner's 3rd row is free."""
    if spent(g, card) or a.get("on_marker") or card.tokens < a.get("n", 1):
        return None
    if not any(c not in g.board and row_of(c, card.owner) == 3 for c in CELLS):
        return None
    return [{"kw": "incarnation", "n": a.get("n", 1)}]


def execute(g: GameState, e, src, eff) -> None:
    """The waiting card incarnates (its owner picks the cell inside the entry)."""
    if src is not None and src.zone == "graveyard":
        incarnate(g, src)


def at_turn_start(g: GameState, card, a: dict) -> list[dict] | None:
    """Start of its owner's turn, in the graveyard: gain an incarnation token (then incarnate if it has enough)."""
    if spent(g, card):
        return None
    return [{"kw": "incarnation_token", "n": 1, "target": "self"}]


def text(a: dict, lang: str, words=None) -> str:
    """"Incarnation X (...)" in ``lang``."""
    n = a["n"]
    if a.get("on_marker"):
        m = words.marker(a["on_marker"], lang) if words is not None else a["on_marker"]
        if lang == "en":
            return (f"Incarnation {n} (in your graveyard it gains an incarnation token at the start of your turn; at {n} "
                    f"it returns {'open' if a.get('open') else 'closed'} only onto the cell with its '{m}' marker: "
                    f"whatever stands there is destroyed and the marker goes)")
        return (f"Инкарнация {n} (на кладбище в начале вашего хода получает фишку инкарнации; при {n} возвращается "
                f"{'открытой' if a.get('open') else 'закрытой'} только на клетку со своим маркером «{m}»: всё, что там "
                f"стоит, уничтожается, маркер снимается)")
    if lang == "en":
        return (f"Incarnation {n} (in your graveyard it gains an incarnation token at the start of your turn; at {n} "
                f"it returns to a free cell of your 3rd row, {'open' if a.get('open') else 'closed'})")
    return (f"Инкарнация {n} (на кладбище в начале вашего хода получает фишку инкарнации; при {n} возвращается на "
            f"свободную клетку вашего 3-го ряда {'открытой' if a.get('open') else 'закрытой'})")


INCARNATION = register_keyword(Keyword(
    kw="incarnation", places="static", rule="03 §4 incarnation [g-19]; [218.8]", text=text,
    fields={"n": "int!", "open": "bool?", "on_marker": "str?"}, graveyard_turn_start=at_turn_start,
    graveyard_cell_freed=when_cell_freed, handler=execute, at_death=at_death))
