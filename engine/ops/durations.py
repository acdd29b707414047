"""Effects with a duration (до конца хода, до начала хода): ``g.effects`` and their end (02-battle.md §2, §8).

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


ON_EXPIRE: dict = {}
BOUNDARIES = ("turn_end", "turn_start")


def add(g, until: str, card: str, kind: str, **fields) -> dict:
    """Register an effect ending at boundary ``until`` (see the module docstring); returns the entry."""
    if until not in BOUNDARIES:
        raise ValueError(f"unknown boundary {until!r}")
    entry = {"until": until, "card": card, "kind": kind}
    entry.update(fields)
    g.effects.append(entry)
    return entry


def _due(g, e: dict, boundary: str) -> bool:
    if e.get("until") != boundary:
        return False
    if e.get("turn") is not None and e["turn"] > g.turn:
        return False
    if boundary == "turn_start" and e.get("player") is not None and e["player"] != g.active:
        return False
    return True


def expire(g, boundary: str) -> list[dict]:
    """End every effect of ``g.effects`` due at ``boundary`` (``"turn_end"`` or ``"turn_start"``), in the order
    they were added; returns the ended entries."""
    ended = [e for e in g.effects if _due(g, e, boundary)]
    if not ended:
        return []
    g.effects = [e for e in g.effects if not _due(g, e, boundary)]
    for e in ended:
        ON_EXPIRE.get(e.get("kind"), _default_end)(g, e)
        g.emit("effect_ended", card=e.get("card"), kind=e.get("kind"))
    return ended


def _default_end(g, e: dict) -> None:
    c = g.cards.get(e.get("card") or "")
    if c is None:
        return
    if e.get("marker"):
        c.markers.pop(e["marker"], None)
    if e.get("ability") is not None and e["ability"] in c.acquired:
        c.acquired.remove(e["ability"])
