"""Recruitment abilities (recruitment) [303-304, g-72, g-77], engine/effects/keywords/recruitment.py: gold on
recruiting, a free recruit, a squad constraint, paying X more, a peek before recruitment; the hooks of
engine.procedure.prelim."""
from engine import Game
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import creature
from tests.prelim_util import choose

GOLD = normalize_ability({"kw": "recruitment", "gold": 2})
PAY_X = normalize_ability({"kw": "recruitment", "pay_x_max": 2,
                           "starts_with": [{"kw": "additional_life", "n": 1, "target": "self"}]})


def _recruiting(ability, cost=3):
    cards = [{"label": "a", "card": "Test a", "owner": 1, "zone": "deck",
              "override": creature(cost=cost, abilities=[ability])},
             {"label": "b", "card": "Test b", "owner": 2, "zone": "deck", "override": creature()}]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    choose(g, 1, {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    assert g.prompt["kind"] == "recruit"
    return g, L


def test_every_form_fits_the_vocabulary():
    for a in (GOLD, PAY_X, {"kw": "recruitment", "free_if_costs": [1, 2]}, {"kw": "recruitment", "peek": 2},
              {"kw": "recruitment", "gold_option": 2, "max_elemental": 3}):
        assert check_ability(normalize_ability(a)) == []


def test_gold_on_recruiting():
    g, L = _recruiting(GOLD)
    gold = g.crystals[1]["gold"]
    choose(g, 1, {"recruit": L["a"]})
    assert g.crystals[1]["gold"] == gold + 2


def test_paying_x_more_is_offered_only_up_to_the_maximum_and_what_can_be_paid():
    g, L = _recruiting(PAY_X)
    opts = [a["option"] for a in g.legal_actions(1) if isinstance(a.get("option"), dict)]
    assert {"recruit": L["a"], "x": 1} in opts and {"recruit": L["a"], "x": 2} in opts
    assert {"recruit": L["a"], "x": 3} not in opts
    silver = g.crystals[1]["silver"]
    choose(g, 1, {"recruit": L["a"], "x": 2})
    assert g.crystals[1]["silver"] == silver - 5


def test_an_option_not_offered_is_refused_and_the_state_is_unchanged():
    g, L = _recruiting(PAY_X)
    before = g.snapshot()
    try:
        g.apply(1, {"act": "choose", "option": {"recruit": L["a"], "x": 9}})
    except Exception as e:  # noqa: BLE001 - the engine's error
        assert getattr(e, "code", None)
    assert g.snapshot() == before


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(GOLD, "en") == "When you recruit it, you gain 2 gold crystal(s)."
    assert "золотые кристаллы: 2" in ability_text(GOLD, "ru")
