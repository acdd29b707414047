"""The card vocabulary's kinds (docs/card-vocabulary.md "Attack kinds"): attack-kind groups and strike levels."""
from __future__ import annotations


#: Attack-kind groups a trigger or selector may name (docs/card-vocabulary.md "Attack kinds").
GROUPS = {
    "melee": {"simple_strike", "special_strike", "magic_strike"},
    "ranged": {"shot", "throw", "discharge", "strike_through_row"},
    "magical": {"magic_strike", "discharge"},
    "nonmagical": {"simple_strike", "special_strike", "shot", "throw", "strike_through_row"},
    "any_attack": {"simple_strike", "special_strike", "magic_strike", "shot", "throw", "discharge",
                   "strike_through_row"},
}


def kinds_match(kind: str, kinds) -> bool:
    """True when attack ``kind`` is one of ``kinds`` (kinds or groups); no list means any attack."""
    if not kinds:
        return True
    return any(kind == k or kind in GROUPS.get(k, ()) for k in kinds)


#: Strike strengths (сила удара), weakest first: index 0 weak, 1 medium, 2 strong (02-battle.md §5).
LEVELS = ("weak", "medium", "strong")
