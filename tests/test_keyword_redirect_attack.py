"""Redirecting an attack (``redirect_attack``, 03 §1.6 [412]), the keyword defined in
engine/effects/keywords/redirect_attack.py: in the ``target`` window of a simple strike the strike moves onto
another creature."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import act, card, creature, game

TRICK = {"kw": "redirect_attack", "applies_to": ["simple_strike"], "to": "beside_target", "window": "target",
         "cost": {"tap": True, "tokens": 0}, "sudden": True, "limit": None}
GIANT = {"kw": "redirect_attack", "applies_to": ["simple_strike"], "to": "beside_self", "chooser": "opponent",
         "window": "target", "optional": True, "cost": {"tap": False, "tokens": 0}, "sudden": False, "limit": None}


def _to_window(g, L, attacker, target, p):
    act(g, L, p, act="attack", source=attacker, target=target)
    g.apply(p, {"act": "pass"})
    g.apply(3 - p, {"act": "pass"})
    while g.prompt["kind"] == "defender":
        g.apply(g.to_act(), {"act": "pass"})


def test_the_forms_check_against_the_vocabulary():
    assert check_ability(TRICK) == [] and check_ability(GIANT) == []
    assert check_ability(dict(TRICK, to="anywhere")) != []


def test_the_controller_moves_a_strike_onto_a_creature_of_his_next_to_the_target():
    g, L = game([card("m", "a2", 1, override=creature(abilities=[TRICK])), card("t", "c3", 1),
                 card("n", "b3", 1, override=creature(life=9)), card("e", "c4", 2, override=creature(strike=(3, 3, 3)))],
                active=2, dice=[4, 1])
    _to_window(g, L, "e", "t", 2)
    assert g.prompt["kind"] == "window" and g.to_act() == 1
    opts = [a for a in g.legal_actions(1) if a["act"] == "ability"]
    assert {"act": "ability", "source": L["m"], "ability": 0, "target": L["n"]} in opts
    g.apply(1, {"act": "ability", "source": L["m"], "ability": 0, "target": L["n"]})
    while g.executing is not None:
        g.apply(g.to_act(), {"act": "pass"})
    assert g.cards[L["t"]].wounds == 0 and g.cards[L["n"]].wounds > 0 and g.cards[L["m"]].closed


def test_the_opponent_may_redirect_the_giant_onto_one_of_his_creatures_next_to_it():
    g, L = game([card("v", "c3", 1, override=creature(strike=(3, 3, 3), abilities=[GIANT])),
                 card("t", "c4", 2, override=creature(life=9)), card("o", "b4", 2, override=creature(life=9))],
                dice=[4, 1])
    _to_window(g, L, "v", "t", 1)
    assert g.to_act() == 2
    g.apply(2, {"act": "ability", "source": L["v"], "ability": 0, "target": L["o"]})
    while g.executing is not None:
        g.apply(g.to_act(), {"act": "pass"})
    assert g.cards[L["t"]].wounds == 0 and g.cards[L["o"]].wounds == 3


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(GIANT, "en") == \
        "No cost: the opponent may redirect its simple strike onto one of his creatures next to it."
    assert ability_text(TRICK, "ru").startswith("Внезапно. Закрыться: перенести простой удар")
