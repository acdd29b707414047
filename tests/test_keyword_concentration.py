"""concentration (03 §4 ``concentration``): at the end of the opponent's turn, a token if it took no wounds that turn."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def _tokens(wound_it):
    c = creature(life=5, abilities=[{"kw": "concentration"}])
    g, L = game([card("a", "c3", 1, override=creature(strike=(1, 1, 1))), card("c", "c4", 2, closed=True, override=c)],
                dice=[1] if wound_it else [])
    if wound_it:
        act(g, L, 1, act="attack", source="a", target="c")
        pass_both(g)
        settle(g)
    pass_both(g)  # player 1 ends the main phase
    settle(g)
    return g, g.cards[L["c"]].tokens


def test_unwounded_it_gains_a_token_wounded_it_does_not():
    g, t = _tokens(False)
    assert g.active == 2 and t == 1
    assert _tokens(True)[1] == 0
