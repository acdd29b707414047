"""The Strike Table (таблица ударов), 02-battle.md §5 and §6: the one copy of it (the bots use it too).

Levels are indexes into :data:`engine.cards.kinds.LEVELS` (0 weak, 1 medium, 2 strong); None is a miss.
"""
from __future__ import annotations


# ---------------------------------------------------------------------- the Strike Table
def strike_table(d: int, attacker_result: int) -> tuple[int | None, int | None, str | None]:
    """(attacker's blow, responder's blow, who may weaken) for difference ``d`` (02-battle.md §5).

    Blows are 0 weak, 1 medium, 2 strong, None a miss; "who" is ``"attacker"``/``"responder"`` on the exchange
    rows +4, +2, -4, else None."""
    if d >= 5:
        return 2, None, None
    if d == 4:
        return 2, 0, "attacker"
    if d == 3:
        return 1, None, None
    if d == 2:
        return 1, 0, "attacker"
    if d == 1:
        return 0, None, None
    if d == 0:
        return (0, None, None) if attacker_result <= 4 else (None, 0, None)
    if d == -1:
        return 0, None, None
    if d == -2:
        return None, None, None
    if d == -3:
        return None, 0, None
    if d == -4:
        return 0, 1, "responder"
    return None, 1, None


def weakened(d: int) -> tuple[int | None, int | None]:
    """The row one up the table from an exchange row (+4 -> +3, +2 -> +1, -4 -> -3) [216.7]."""
    return {4: (1, None), 2: (0, None), -4: (None, 0)}[d]


def single_level(result: int) -> int:
    """A lone die (clamped to 1..6): 1-3 weak, 4-5 medium, 6 strong [205.4]."""
    r = max(1, min(6, result))
    return 0 if r <= 3 else (1 if r <= 5 else 2)
