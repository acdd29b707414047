"""Negative life (отрицательная жизнь) [204.5-204.6], engine/effects/keywords/negative_life.py: -n life until the
end of the turn, not wounds; at 0 current life the creature dies."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

HORROR = normalize_ability({"kw": "negative_life", "n": 3, "target": {"choose": "creature", "side": "enemy"},
                            "until": "end_of_turn", "cost": "tap"})


def _game(life=6, wounds=0):
    return game([card("a", "c2", 1, override=creature(abilities=[HORROR])),
                 card("t", "c4", 2, override=creature(life=life), wounds=wounds)])


def test_it_is_offered_at_enemy_creatures_only():
    assert check_ability(HORROR) == []
    g, L = _game()
    offered = {a.get("target") for a in g.legal_actions(1) if a.get("source") == L["a"] and a["act"] == "ability"}
    assert L["t"] in offered and L["a"] not in offered


def test_it_lowers_life_until_the_end_of_the_turn_then_the_life_comes_back():
    g, L = _game()
    act(g, L, 1, act="ability", source="a", ability=0, target="t")
    pass_both(g)
    t = g.cards[L["t"]]
    assert g.life(t) == 3 and t.wounds == 0
    g.apply(1, {"act": "end_turn"})
    for _ in range(20):
        if g.active == 2:
            break
        p = g.to_act()
        g.apply(p, {"act": "pass"} if {"act": "pass"} in g.legal_actions(p) else g.legal_actions(p)[0])
    assert g.life(t) == 6


def test_a_creature_brought_to_zero_life_dies():
    g, L = _game(life=5, wounds=2)
    act(g, L, 1, act="ability", source="a", ability=0, target="t")
    pass_both(g)
    assert g.cards[L["t"]].zone == "graveyard"


def test_the_catalogue_says_it_in_both_languages():
    assert "gets -3 life until the end of the turn" in ability_text(HORROR, "en")
    assert "-3 к жизни до конца хода" in ability_text(HORROR, "ru")
