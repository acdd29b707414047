"""soulcatcher (03 §4 ``soulcatcher``): a token when a creature dies, at most X."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def test_a_death_gives_a_token_up_to_x():
    s = creature(abilities=[{"kw": "soulcatcher", "n": 1}])
    g, L = game([card("a", "c3", 1, override=creature(strike=(5, 5, 5))), card("v", "c4", 2, closed=True),
                 card("s", "a1", 1, override=s, tokens=0)], dice=[1])
    act(g, L, 1, act="attack", source="a", target="v")
    pass_both(g)
    settle(g)
    assert g.cards[L["v"]].zone == "graveyard" and g.cards[L["s"]].tokens == 1
