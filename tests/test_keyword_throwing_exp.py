"""throwing_exp (03 §4 ``throwing_exp``): +X to its die roll when it attacks with a throw; no effect on other rolls."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both


def _settle(g):
    """Pass every question until a player holds priority on an empty queue."""
    for _ in range(20):
        if g.prompt and g.prompt["kind"] == "priority" and not g.queue:
            return
        g.apply(g.to_act(), {"act": "pass"})


def _hit(abilities, die):
    shooter = creature(abilities=[{"kw": "throw", "strike": [1, 2, 3], "range": None, "cost": "tap"}, *abilities])
    g, L = game([card("s", "c2", 1, override=shooter), card("t", "c5", 2, override=creature(life=9))], dice=[die])
    act(g, L, 1, act="throw", source="s", target="t")
    pass_both(g)
    _settle(g)
    return g.cards[L["t"]].wounds


def test_it_adds_x_to_the_die_of_its_throw():
    assert _hit([], 3) == 1 and _hit([{"kw": "throwing_exp", "n": 1}], 3) == 2 and _hit([{"kw": "throwing_exp", "n": 2}], 4) == 3


def test_it_is_checked_and_said_in_both_languages():
    assert check_ability({"kw": "throwing_exp", "n": 2}) == [] and check_ability({"kw": "throwing_exp", "n": 0})
    assert ability_text(normalize_ability({"kw": "throwing_exp"}), "ru") and ability_text(normalize_ability({"kw": "throwing_exp"}), "en")
