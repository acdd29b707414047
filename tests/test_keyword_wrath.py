"""wrath (03 §4 ``wrath``): +1 to its simple strike against a card wounded by an attack earlier this turn."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def _wounds(shot_first):
    w = creature(strike=(1, 1, 1), abilities=[{"kw": "wrath"}])
    s = creature(abilities=[{"kw": "shot", "strike": [1, 1, 1], "range": None, "cost": "tap"}])
    g, L = game([card("w", "c3", 1, override=w), card("s", "a1", 1, override=s),
                 card("t", "c4", 2, closed=True, override=creature(life=9))], dice=[1])
    if shot_first:
        act(g, L, 1, act="shoot", source="s", target="t")
        pass_both(g)
    before = g.cards[L["t"]].wounds
    act(g, L, 1, act="attack", source="w", target="t")
    pass_both(g)
    settle(g)
    return g.cards[L["t"]].wounds - before


def test_only_a_card_wounded_by_an_attack_this_turn_takes_one_more():
    assert _wounds(False) == 1 and _wounds(True) == 2
