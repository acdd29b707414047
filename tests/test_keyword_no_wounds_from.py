"""Taking no wounds from ... (``no_wounds_from``, 03 §5 [g-79]), the keyword defined in
engine/effects/keywords/no_wounds_from.py: matching attacks (or the retaliation of a fight it started) may be
made but put no wounds on it."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

SHOTPROOF = creature(life=9, abilities=[{"kw": "no_wounds_from", "from": ["shot"]}])
BRAVE = creature(life=9, strike=(2, 2, 2), abilities=[{"kw": "no_wounds_from", "retaliation": True}])
ARCHER = creature(abilities=[normalize_ability({"kw": "shot", "n": 2, "cost": "tap"}),
                             normalize_ability({"kw": "throw", "n": 2, "cost": "tap"})])


def test_the_forms_check_against_the_vocabulary():
    assert check_ability({"kw": "no_wounds_from", "from": ["shot"]}) == []
    assert check_ability({"kw": "no_wounds_from", "retaliation": True}) == []
    assert check_ability({"kw": "no_wounds_from", "from": ["arrows"]}) != []


def test_a_shot_may_be_aimed_at_it_but_wounds_it_not_and_a_throw_does():
    g, L = game([card("s", "c2", 1, override=SHOTPROOF), card("a", "c5", 2, override=ARCHER)], active=2)
    assert {"act": "ability", "source": L["a"], "ability": 0, "target": L["s"]} in g.legal_actions(2)
    act(g, L, 2, act="ability", source="a", ability=0, target="s")
    pass_both(g)
    assert g.cards[L["s"]].wounds == 0
    g, L = game([card("s", "c2", 1, override=SHOTPROOF), card("a", "c5", 2, override=ARCHER)], active=2)
    act(g, L, 2, act="ability", source="a", ability=1, target="s")
    pass_both(g)
    assert g.cards[L["s"]].wounds == 2


def test_the_retaliation_of_its_own_strike_wounds_it_not():
    g, L = game([card("b", "c3", 1, override=BRAVE), card("t", "c4", 2, override=creature(life=9,
                                                                                         strike=(4, 4, 4)))],
                dice=[1, 6])
    act(g, L, 1, act="attack", source="b", target="t")
    pass_both(g)
    assert g.cards[L["b"]].wounds == 0
    g, L = game([card("b", "c3", 1, override=BRAVE), card("t", "c4", 2, override=creature(
        life=9, strike=(4, 4, 4)))], active=2, dice=[6, 1])
    act(g, L, 2, act="attack", source="t", target="b")
    pass_both(g)
    assert g.cards[L["b"]].wounds > 0  # struck first, it is wounded as usual


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text({"kw": "no_wounds_from", "retaliation": True}, "en") == \
        "It takes no wounds from retaliation strikes."
    assert ability_text({"kw": "no_wounds_from", "from": ["shot"]}, "ru") == "Не получает ран от выстрелов."
