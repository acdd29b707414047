"""incorporeal (03 §4 ``incorporeal`` [g-03]): it cannot be healed and cannot be poisoned."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

HEALER = creature(abilities=[{"kw": "heal", "n": 2, "target": {"choose": "creature", "side": "any"}, "cost": "tap"}])


def test_a_heal_cannot_be_aimed_at_an_incorporeal_creature():
    g, L = game([card("h", "c2", 1, override=HEALER), card("i", "b2", 1, wounds=2,
                                                           override=creature(abilities=[{"kw": "incorporeal"}])),
                 card("w", "a2", 1, wounds=2), card("e", "c5", 2)])
    targets = {a.get("target") for a in g.legal_actions(1) if a.get("source") == L["h"] and a["act"] == "ability"}
    assert L["w"] in targets and L["i"] not in targets
