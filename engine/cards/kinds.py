"""The card vocabulary's kinds (docs/card-vocabulary.md "Attack kinds"): attack kinds, their reach and groups, and
strike strengths. The one place these lists are written; the schema, the rules, the catalogue and the bots read
them from here.
"""
from __future__ import annotations

from typing import Final

from enum import StrEnum


class AttackKind(StrEnum):
    """Attack kinds (03-abilities.md §1.2, 02-battle.md §4-§6)."""

    SIMPLE_STRIKE = "simple_strike"            # простой удар
    SPECIAL_STRIKE = "special_strike"          # особый удар
    MAGIC_STRIKE = "magic_strike"              # магический удар
    SHOT = "shot"                              # выстрел
    THROW = "throw"                            # метание
    DISCHARGE = "discharge"                    # разряд
    STRIKE_THROUGH_ROW = "strike_through_row"  # удар через ряд


class Reach(StrEnum):
    """How an attack ability reaches its target (02-battle.md §6 table)."""

    MELEE = "melee"    # an adjacent card
    RANGED = "ranged"  # within its range
    ROW = "row"        # two cells away in a line, across the cell between [g-53]


#: Attack abilities (every attack kind but the simple strike, which is not an ability) and their reach.
REACH: Final = {AttackKind.SPECIAL_STRIKE: Reach.MELEE, AttackKind.MAGIC_STRIKE: Reach.MELEE, AttackKind.SHOT: Reach.RANGED,
         AttackKind.THROW: Reach.RANGED, AttackKind.DISCHARGE: Reach.RANGED,
         AttackKind.STRIKE_THROUGH_ROW: Reach.ROW}
ATTACK_KINDS = tuple(AttackKind)
ATTACK_ABILITIES = tuple(REACH)
#: Magical attacks (protection from magic stops them) [g-22, g-41]; ranged ones (one die, at a distance).
MAGICAL: Final = (AttackKind.MAGIC_STRIKE, AttackKind.DISCHARGE)
RANGED = (AttackKind.SHOT, AttackKind.THROW, AttackKind.DISCHARGE, AttackKind.STRIKE_THROUGH_ROW)
NONMAGICAL = tuple(k for k in AttackKind if k not in MAGICAL)
MELEE = tuple(k for k in AttackKind if k not in RANGED)

#: Attack-kind groups a trigger or selector may name instead of kinds.
GROUPS: Final = {"melee": set(MELEE), "ranged": set(RANGED), "magical": set(MAGICAL), "nonmagical": set(NONMAGICAL),
          "any_attack": set(AttackKind)}
ATTACK_GROUPS = tuple(GROUPS)


def kinds_match(kind: str, kinds) -> bool:
    """True when attack ``kind`` is one of ``kinds`` (kinds or groups); no list means any attack."""
    if not kinds:
        return True
    return any(kind == k or kind in GROUPS.get(k, ()) for k in kinds)


class StrikeLevel(StrEnum):
    """Strike strengths (сила удара), weakest first (02-battle.md §5)."""

    WEAK = "weak"
    MEDIUM = "medium"
    STRONG = "strong"


#: Strike strengths by level index: 0 weak, 1 medium, 2 strong (the Strike Table's blows are these indexes).
LEVELS = tuple(StrikeLevel)
