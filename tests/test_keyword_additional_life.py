"""Additional life (дополнительная жизнь) [204.2-204.3], engine/effects/keywords/additional_life.py: an effect or
an activated ability; the gain stays above the life allowance, capped by a life maximum."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

GAIN = normalize_ability({"kw": "additional_life", "n": 2, "target": "self", "cost": "tap"})


def test_the_activated_form_fits_the_vocabulary_and_is_offered():
    assert check_ability(GAIN) == []
    g, L = game([card("a", "c2", 1, override=creature(life=4, abilities=[GAIN]))])
    assert {"act": "ability", "source": L["a"], "ability": 0} in g.legal_actions(1)


def test_executing_it_adds_life_that_healing_does_not_remove_and_a_life_cap_holds():
    g, L = game([card("a", "c2", 1, override=creature(life=4, abilities=[GAIN]))])
    act(g, L, 1, act="ability", source="a", ability=0)
    pass_both(g)
    a = g.cards[L["a"]]
    assert a.markers["additional_life"] == 2 and g.life(a) == 6
    capped = creature(life=4, abilities=[GAIN, {"kw": "life_cap", "n": 5}])
    g, L = game([card("a", "c2", 1, override=capped)])
    act(g, L, 1, act="ability", source="a", ability=0)
    pass_both(g)
    assert g.life(g.cards[L["a"]]) == 5


def test_the_catalogue_says_it_in_both_languages():
    assert "gains 2 additional life" in ability_text(GAIN, "en")
    assert "дополнительные жизни: 2" in ability_text(GAIN, "ru")
