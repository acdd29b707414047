"""Effects with a duration (до конца хода, до начала хода) and their end (02-battle.md §2, §8, 03 §1.9 [418]): the
one module that ends timed effects. Two things have a duration: an entry of ``g.effects`` (a marker or an ability
put on a card until a turn boundary, below), and an ability a card acquired with an ``_until`` (made by
:mod:`engine.ops.acquire`, it travels with its card), ended by :func:`end_acquired` at the end of the turn.

Every entry of ``g.effects`` is a JSON-like dict ``{"until": "turn_end" | "turn_start", "card": id, "kind": str,
...}`` with optional fields:
- ``"turn"``: the turn number (``g.turn``) at whose boundary it ends; absent = the next boundary of that kind;
- ``"player"`` (for ``turn_start``): it ends at the start of that player's turn; absent = the next turn start;
- ``"marker"``: a marker name put on the card by the effect, removed when it ends;
- ``"ability"``: an ability dict appended to the card's ``acquired`` list, removed when it ends.
Kinds may register their own end in :data:`ON_EXPIRE` (``kind -> fn(g, entry)``); the default removes
``marker`` and ``ability``. [313.2] "until the end of the turn" effects end when the final phase ends, before the
players swap; [311.1 step 3] "until the start of the turn" effects end at the turn start step, after opening.
"""
from __future__ import annotations

from typing import Final

from engine.model.enums import Event
from engine.rules.adjacency import adjacent_cards
from engine.model.state import GameState


ON_EXPIRE: Final[dict] = {}
#: ``battle_end``: never due (an effect lasting the rest of the battle, e.g. a cell marker with no end printed).
BOUNDARIES: Final = ("turn_end", "turn_start", "battle_end")


def add(g: GameState, until: str, card: str, kind: str, **fields) -> dict:
    """Register an effect ending at boundary ``until`` (see the module docstring); returns the entry."""
    if until not in BOUNDARIES:
        raise ValueError(f"unknown boundary {until!r}")
    entry = {"until": until, "card": card, "kind": kind}
    entry.update(fields)
    g.effects.append(entry)
    return entry


def remove(g: GameState, kind: str, card: str, marker: str | None = None) -> None:
    """End, without its end effects, every timed effect of ``kind`` on ``card`` (a mark used up, [211.9]); with
    ``marker``, only those putting that marker."""
    g.effects = [e for e in g.effects if not (e.get("kind") == kind and e.get("card") == card
                                              and (marker is None or e.get("marker") == marker))]


def _due(g: GameState, e: dict, boundary: str) -> bool:
    if e.get("until") != boundary:
        return False
    if e.get("turn") is not None and e["turn"] > g.turn:
        return False
    if boundary == "turn_start" and e.get("player") is not None and e["player"] != g.active:
        return False
    return True


def expire(g: GameState, boundary: str) -> list[dict]:
    """End every effect of ``g.effects`` due at ``boundary`` (``"turn_end"`` or ``"turn_start"``), in the order
    they were added; returns the ended entries."""
    ended = [e for e in g.effects if _due(g, e, boundary)]
    if not ended:
        return []
    g.effects = [e for e in g.effects if not _due(g, e, boundary)]
    for e in ended:
        ON_EXPIRE.get(e.get("kind"), _default_end)(g, e)
        g.emit(Event.EFFECT_ENDED, card=e.get("card"), kind=e.get("kind"))
    return ended


def _default_end(g: GameState, e: dict) -> None:
    c = g.cards.get(e.get("card") or "")
    if c is None:
        return
    if e.get("marker"):
        c.markers.pop(e["marker"], None)
    if e.get("ability") is not None and e["ability"] in c.acquired:
        c.acquired.remove(e["ability"])


def _ends_now(g: GameState, spec: dict, card=None) -> bool:
    """Does a duration end at the end of the current turn (g.turn, active player g.active)?"""
    kind = spec.get("kind")
    turn, active = g.turn, g.active
    if kind == "end_of_turn":
        return True
    if kind == "end_of_your_turn":
        return active == spec["player"]
    if kind == "end_of_your_next_turn":
        return active == spec["player"] and turn > spec["turn"]
    if kind == "end_of_target_next_turn":
        return active == spec["target_player"] and turn > spec["turn"]
    if kind == "end_of_opponent_next_turn":
        return active != spec["player"] and turn > spec["turn"]
    if kind == "end_of_opponent_xth_turn":  # "during the opponent's next X turns" (Пустотник): a turn number
        return turn >= spec.get("end_turn", turn)
    if kind == "source_leaves":  # it no longer holds once its source left play; tidied up here
        return not g.in_play(spec.get("source") or "")
    if kind == "source_adjacent":  # no longer next to its source (or the source left): tidied up here
        src = g.cards.get(spec.get("source") or "")
        return src is None or not g.in_play(src) or card is None or card not in adjacent_cards(g, src)
    return False


def end_acquired(g: GameState) -> None:
    """At the end of a turn (02-battle.md §8): acquired abilities whose ``_until`` ends now go away [418]."""
    for c in g.cards.values():
        if not c.acquired:
            continue
        keep = [a for a in c.acquired if "_until" not in a or not _ends_now(g, a["_until"], c)]
        if len(keep) != len(c.acquired):
            for a in c.acquired:
                if a.get("marker") and a not in keep:  # a state that carries a marker takes it along
                    c.markers.pop(a["marker"], None)
            c.acquired = keep
            g.emit(Event.GRANT_ENDED, card=c.id)


def use_up(g: GameState, kind: str, player: int) -> None:
    """End, without its end effects, every timed effect of ``kind`` for ``player`` (a "first ... this turn" effect
    that has just been used, e.g. ``side_unanswered``)."""
    if any(e.get("kind") == kind and e.get("player") == player for e in g.effects):
        g.effects = [e for e in g.effects if not (e.get("kind") == kind and e.get("player") == player)]
        g.emit(Event.EFFECT_ENDED, card=None, kind=kind)
