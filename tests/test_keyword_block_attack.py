"""Blocking an attack (block_attack) [410], engine/effects/keywords/block_attack.py: a static ability that blocks a
matching attack when it reaches the card as final target; its limit counts the attacks; ``then`` follows a block.
Also the effect form of ``jump`` its ``then`` uses (engine/effects/keywords/jump.py)."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

WALL = normalize_ability({"kw": "block_attack", "applies_to": ["ranged"], "limit": "once per turn"})
HOP = normalize_ability({"kw": "block_attack", "applies_to": ["simple_strike"], "then": [{"kw": "jump", "range": 1}]})
SHOT = [{"kw": "shot", "n": 2, "cost": "tap"}]


def _shot_game(ability):
    return game([card("w", "c2", 1, override=creature(life=9, abilities=[ability])),
                 card("s", "c5", 2, override=creature(abilities=SHOT)),
                 card("s2", "d5", 2, override=creature(abilities=SHOT))], active=2)


def test_it_fits_the_vocabulary():
    assert check_ability(WALL) == [] and check_ability(HOP) == []


def test_the_first_matching_attack_is_blocked_and_its_cost_stays_paid_the_second_is_not():
    g, L = _shot_game(WALL)
    act(g, L, 2, act="ability", source="s", ability=0, target="w")
    pass_both(g)
    assert g.cards[L["w"]].wounds == 0 and g.cards[L["s"]].closed
    act(g, L, 2, act="ability", source="s2", ability=0, target="w")
    pass_both(g)
    assert g.cards[L["w"]].wounds == 2


def test_then_becomes_a_trigger_and_the_jump_effect_asks_for_its_cell():
    g, L = game([card("w", "c3", 1, override=creature(life=9, abilities=[HOP])),
                 card("f", "c4", 2, override=creature(strike=(3, 3, 3)))], active=2)
    act(g, L, 2, act="attack", source="f", target="w")
    for _ in range(10):
        if g.prompt["kind"] == "choice":
            break
        p = g.to_act()
        legal = g.legal_actions(p)
        g.apply(p, {"act": "pass"} if {"act": "pass"} in legal else legal[0])
    assert g.prompt["what"] == "jump_cell" and set(g.prompt["items"]) == {"b2", "c2", "d2", "b3", "d3", "b4", "d4"}
    g.apply(1, {"act": "choose", "option": {"choice": g.prompt["items"].index("b2")}})
    pass_both(g)
    w = g.cards[L["w"]]
    assert w.cell == "b2" and w.wounds == 0


def test_the_catalogue_says_it_in_both_languages():
    assert "the attack is blocked" in ability_text(WALL, "en")
    assert "атака блокируется" in ability_text(WALL, "ru")
