"""fear (03 §4 ``fear``): a card that attacks it wounds itself for X, unless it has fear too."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def _attacker_wounds(attacker_abilities):
    g, L = game([card("a", "c3", 1, override=creature(life=5, abilities=attacker_abilities)),
                 card("f", "c4", 2, closed=True, override=creature(life=9, abilities=[{"kw": "fear", "n": 2}]))], dice=[1])
    act(g, L, 1, act="attack", source="a", target="f")
    pass_both(g)
    settle(g)
    return g.cards[L["a"]].wounds


def test_the_attacker_wounds_itself_unless_it_has_fear():
    assert _attacker_wounds([]) == 2 and _attacker_wounds([{"kw": "fear", "n": 1}]) == 0
