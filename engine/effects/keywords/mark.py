"""Markers (``mark``; маркер, 01-game-and-cards.md §6.1 [200.6, 416.3]): put the marker named ``marker`` on a card
or on a cell, ``until`` the duration ends (absent: for the rest of the battle, or until the card leaves play, as
every marker does [SEED S2]). What a marker does is written where it is read: a filter ``has_marker`` (e.g.
"+3 against a creature with a 'prey' marker", Владыка небес) or per-card code.

A card marker is a count in ``card.markers`` (a second mark adds one: Тварь's strangling counts them); a timed
one also gets an entry of ``g.effects`` that removes it (:mod:`engine.ops.durations`). A cell marker (``cell``:
``"empty"`` = an empty cell chosen at declaration, as ``to``) is an entry of ``g.effects`` of kind ``cell_marker``
with ``cell`` and ``marker``; :func:`cell_markers` reads them and the view shows them (``cells``).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.board import CELLS
from engine.model.enums import Event
from engine.ops import durations
from engine.rules import options as opts
from engine.rules.cells import OCCUPYING, free
from engine.model.state import GameState


def _boundary(g: GameState, until, controller: int) -> dict:
    """``g.effects`` fields (``until``, ``turn``) ending at the end of the duration ``until`` counted from now,
    for an effect of ``controller``'s (03 §1.9 [418]); None/``end_of_battle`` -> never."""
    t, mine = g.turn, g.active == controller
    ends = {"end_of_turn": t, "end_of_your_turn": t if mine else t + 1,
            "end_of_your_next_turn": t + 2 if mine else t + 1,
            "end_of_opponent_next_turn": t + 1 if mine else t + 2}
    if until in ends:
        return {"until": "turn_end", "turn": ends[until]}
    return {"until": "battle_end"}


def cell_markers(g: GameState) -> dict:
    """``{cell: {marker: n}}`` for every cell marker now in play (a JSON-like fresh dict)."""
    out: dict = {}
    for e in g.effects:
        if e.get("kind") == "cell_marker":
            m = out.setdefault(e["cell"], {})
            m[e["marker"]] = m.get(e["marker"], 0) + 1
    return out


def options(g: GameState, card, a: dict) -> list[dict]:
    """A cell marker: ``{"to": cell}`` for every empty cell without that marker; a card marker: the ordinary
    target choices (:func:`engine.rules.options.target_options`)."""
    if a.get("cell") == "empty":
        have = cell_markers(g)
        return [{"to": c} for c in CELLS if free(g, c) and a["marker"] not in have.get(c, {})]
    return opts.target_options(g, card, a)


def execute(g: GameState, e, src, eff) -> None:
    """Put the marker on the declared cell (still empty) or on every target card (default: the attacked card)."""
    marker = eff["marker"]
    end = _boundary(g, eff.get("until"), e["controller"])
    owner = src.id if src is not None else e["source"]
    if eff.get("cell"):
        cell = e.get("to")
        if not cell or not free(g, cell):
            g.emit(Event.FIZZLED, source=e["source"])
            return
        durations.add(g, end["until"], owner, "cell_marker", cell=cell, marker=marker, player=None,
                      **({"turn": end["turn"]} if "turn" in end else {}))
        g.emit("cell_marked", cell=cell, marker=marker)
        return
    for t in targets(g, e, src, eff, "attacked"):
        if eff.get("remove"):  # "and the marker comes off"
            if t.markers.pop(marker, None):
                durations.remove(g, "mark", t.id, marker)
                g.emit("unmarked", card=t.id, marker=marker)
            continue
        t.markers[marker] = t.markers.get(marker, 0) + 1
        g._poisoned = g._poisoned or marker == "poison"
        if end["until"] != "battle_end":
            durations.add(g, end["until"], t.id, "mark", marker=marker, turn=end["turn"])
        g.emit("marked", card=t.id, marker=marker)


def text(a: dict, lang: str, words) -> str:
    """"put a '<marker>' marker on <target or an empty cell> <until>" in ``lang``."""
    from_names = words.marker(a["marker"], lang)
    until = a.get("until")
    tail = f" {words.until(until, lang)}" if until and until != "end_of_battle" else ""
    if a.get("remove"):
        who = words.target(a.get("target", "attacked"), lang, 1 if lang == "en" else 2)
        return f"remove the '{from_names}' marker from {who}" if lang == "en" else f"снять маркер «{from_names}» с {who}"
    if lang == "en":
        where = "an empty cell" if a.get("cell") else words.target(a.get("target", "attacked"), lang)
        occ = "; that cell counts as occupied" if a["marker"] in OCCUPYING else ""
        return f"put a '{from_names}' marker on {where}{tail}{occ}"
    where = "пустую клетку" if a.get("cell") else words.target(a.get("target", "attacked"), lang)
    occ = "; эта клетка считается занятой" if a["marker"] in OCCUPYING else ""
    return f"положить маркер «{from_names}» на {where}{tail}{occ}"


MARK = register_keyword(Keyword(
    kw="mark", places="activated effect", rule="01 §6.1 markers [200.6, 416.3]", text=text,
    fields={"marker": "str!", "target": "target?", "cell": "enum?:empty", "until": "until?", "remove": "bool?",
            **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, options=options))
