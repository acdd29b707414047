"""uniqueness (03 §4 ``uniqueness`` [g-54]): a second card of the same name cannot be recruited into the squad."""
from __future__ import annotations

from engine import Game
from tests.helpers import creature
from tests.prelim_util import choose


def _after_first(abilities):
    same = creature(cost=1, abilities=abilities)
    cards = [{"label": f"u{i}", "card": "Одна", "owner": 1, "zone": "deck", "override": same} for i in (1, 2)]
    cards += [{"label": "o", "card": "Other", "owner": 2, "zone": "deck", "override": creature(cost=1)}]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    choose(g, g.prompt["player"], {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    choose(g, 1, {"recruit": L["u1"]})
    return g, L


def test_the_named_ability_refuses_a_second_copy_like_the_unique_flag():
    g, L = _after_first([{"kw": "uniqueness"}])
    assert {"act": "choose", "option": {"recruit": L["u2"]}} not in g.legal_actions(1)
    g, L = _after_first([])
    assert {"act": "choose", "option": {"recruit": L["u2"]}} in g.legal_actions(1)
