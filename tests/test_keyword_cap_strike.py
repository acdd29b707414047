"""Reducing a strike to n as a window answer (``cap_strike``, [g-90]; 02 §9 step 10), the keyword defined in
engine/effects/keywords/cap_strike.py: a simple strike at one of its controller's creatures deals at most n; the
card pays with wounds unless the struck creature matches ``unless``."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import act, card, creature, game

FLASH = {"kw": "cap_strike", "n": 1, "applies_to": ["simple_strike"], "window": "protection", "wound_self": 1,
         "unless": [{"f": "element", "in": ["Степи"]}], "cost": {"tap": True, "tokens": 0}, "sudden": True,
         "limit": None}


def _strike(element):
    g, L = game([card("g", "a2", 1, override=creature(life=5, abilities=[FLASH])),
                 card("t", "c3", 1, override=creature(life=9, element=element)),
                 card("e", "c4", 2, override=creature(strike=(4, 4, 4)))], active=2, dice=[6, 1])
    act(g, L, 2, act="attack", source="e", target="t")
    g.apply(2, {"act": "pass"})
    g.apply(1, {"act": "pass"})
    offered = False
    while g.executing is not None:
        p = g.to_act()
        mine = {"act": "ability", "source": L["g"], "ability": 0}
        if p == 1 and mine in g.legal_actions(1):
            offered = True
            g.apply(1, mine)
        else:
            g.apply(p, {"act": "pass"})
    return g, L, offered


def test_the_form_checks_against_the_vocabulary():
    assert check_ability(FLASH) == [] and check_ability(dict(FLASH, window="roll")) != []


def test_the_strike_deals_at_most_one_and_the_card_pays_a_wound():
    g, L, offered = _strike("Нейтральные")
    assert offered and g.cards[L["t"]].wounds == 1 and g.cards[L["g"]].wounds == 1 and g.cards[L["g"]].closed


def test_at_a_steppe_creature_it_costs_no_wound():
    g, L, offered = _strike("Степи")
    assert offered and g.cards[L["t"]].wounds == 1 and g.cards[L["g"]].wounds == 0


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(FLASH, "en") == ("Sudden. Close: a simple strike at one of your creatures deals at most 1; this "
                                         "card takes 1 wound for it, none if the struck creature is of element Steppes.")
    assert "не больше 1" in ability_text(FLASH, "ru")
