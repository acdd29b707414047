"""Striking flyers (``can_strike_flyers``, 03 §3.3 [211.8-211.9]), the keyword defined in
engine/effects/keywords/can_strike_flyers.py: while its condition holds, its simple strike may be aimed at flyers
without closing for it first."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability
from tests.helpers import act, card, creature, game, pass_both

COND = [{"p": "opponent_row_empty", "row": 1}]
HUNTER = creature(strike=(2, 2, 2), abilities=[{"kw": "can_strike_flyers", "condition": COND}])
BAT = creature(flyer=True, move=None)


def _targets(g, L):
    return {a["target"] for a in g.legal_actions(1) if a["act"] == "attack" and a["source"] == L["h"]}


def test_the_form_checks_against_the_vocabulary():
    assert check_ability({"kw": "can_strike_flyers", "condition": COND}) == []
    assert check_ability({"kw": "can_strike_flyers", "condition": [{"p": "opponent_row_empty"}]}) != []


def test_while_the_opponent_first_row_is_empty_it_strikes_a_flyer():
    g, L = game([card("h", "c2", 1, override=HUNTER), card("bat", None, 2, override=BAT)], dice=[4, 1])
    assert L["bat"] in _targets(g, L)
    act(g, L, 1, act="attack", source="h", target="bat")
    pass_both(g)
    assert g.cards[L["bat"]].wounds == 2


def test_a_card_in_the_opponent_first_row_stops_it():
    g, L = game([card("h", "c2", 1, override=HUNTER), card("bat", None, 2, override=BAT), card("f", "a4", 2)])
    assert L["bat"] not in _targets(g, L)


def test_the_catalogue_says_it_in_both_languages():
    a = {"kw": "can_strike_flyers", "condition": COND}
    assert ability_text(a, "en") == ("It may make simple strikes at flyers (while the opponent has no cards in his "
                                     "row 1).")
    assert ability_text(a, "ru").startswith("Может наносить простые удары по летающим существам")
