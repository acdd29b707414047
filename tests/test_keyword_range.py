"""range (03 §4 ``range`` [g-11]): the card's unranged shots reach only cards at most X steps away."""
from __future__ import annotations

from tests.helpers import card, creature, game

SHOT = {"kw": "shot", "strike": [1, 1, 1], "range": None, "cost": "tap"}


def _targets(abilities):
    g, L = game([card("s", "c2", 1, override=creature(abilities=[SHOT] + abilities)),
                 card("near", "c4", 2), card("far", "c6", 2)], spare=False)
    return {a.get("target") for a in g.legal_actions(1) if a.get("source") == L["s"] and a["act"] == "ability"}, L


def test_range_two_limits_an_unranged_shot_to_two_steps():
    free, L = _targets([])
    limited, L2 = _targets([{"kw": "range", "n": 2}])
    assert {L["near"], L["far"]} <= free
    assert L2["near"] in limited and L2["far"] not in limited
