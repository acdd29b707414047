"""fading (03 §4 ``fading``): at the start of its controller's turn, an open card wounds itself for X; a card that
stays closed does not."""
from __future__ import annotations

from engine.catalogue import ability_text
from tests.cards.kit import settle
from tests.helpers import card, creature, game, pass_both


def _after_turn_start(closed):
    f = creature(life=5, abilities=[{"kw": "fading", "n": 2}, {"kw": "armour", "n": 2}])
    g, L = game([card("f", "c2", 1, override=f), card("e", "c5", 2)], active=2)
    if closed:
        g.cards[L["f"]].markers["skip_open"] = 1
    pass_both(g)
    settle(g)
    return g, L


def test_an_open_card_wounds_itself_for_x_armour_does_not_help():
    g, L = _after_turn_start(False)
    assert g.active == 1 and g.cards[L["f"]].wounds == 2


def test_it_is_said_in_both_languages():
    assert "2" in ability_text({"kw": "fading", "n": 2}, "en") and ability_text({"kw": "fading", "n": 2}, "ru")
