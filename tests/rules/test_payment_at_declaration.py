"""Tokens a game action spends ("throwing makes it lose all its tokens", "then loses all its tokens", "moving makes
it lose all its tokens") are its payment: removed when it is declared, and the amount counts the tokens removed
(RULES.md S4; 01-game-and-cards.md §6.2 "spend all tokens"). Played through apply and legal_actions."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

CRYPT = "vs2023-163-hozyain-sklepa"
ALVALIND = "vs2023-178-alvalind"
STONE = "vs2023-084-kamnedrev"


def test_the_crypt_master_loses_its_tokens_when_the_throw_is_declared():
    g, L = game([card("h", "a1", 1, override={}, name=CRYPT, tokens=2), card("t", "a6", 2, override=creature(life=9))])
    throw = next(a for a in g.legal_actions(1) if a.get("source") == L["h"] and a.get("target") == L["t"])
    g.apply(1, throw)
    assert g.cards[L["h"]].tokens == 0 and g.cards[L["h"]].closed  # paid before the entry executes
    pass_both(g)
    assert g.cards[L["t"]].wounds == 5  # 1 + 2 x the 2 tokens paid


def test_a_token_gained_after_the_declaration_does_not_change_the_throw():
    zap = creature(abilities=[{"kw": "discharge", "n": 5, "cost": "instant+tap"}])
    g, L = game([card("h", "a1", 1, override={}, name=CRYPT, tokens=1), card("t", "a6", 2, override=creature(life=9)),
                 card("z", "c5", 2, override=zap), card("v", "c4", 1, override=creature(life=1))])
    throw = next(a for a in g.legal_actions(1) if a.get("source") == L["h"] and a.get("target") == L["t"])
    g.apply(1, throw)
    g.apply(1, {"act": "pass"})
    act(g, L, 2, act="discharge", source="z", target="v")  # a ground creature dies: the crypt master gains a token
    pass_both(g)  # the throw executes first (FIFO)
    assert g.cards[L["t"]].wounds == 3  # 1 + 2 x 1: the token paid, not the one gained later


def test_alvalind_pays_all_its_tokens_when_its_end_of_turn_discharge_is_declared():
    g, L = game([card("a", "a1", 1, override={}, name=ALVALIND, tokens=2), card("t", "c5", 2, override=creature(life=30))],
                dice=[1])
    pass_both(g)  # the main phase ends; the end-of-turn trigger asks for its target
    decl = [x for x in g.legal_actions(1) if x["act"] == "declare" and x.get("target") == L["t"]]
    g.apply(1, decl[0])
    assert g.cards[L["a"]].tokens == 0
    pass_both(g)
    assert g.cards[L["t"]].wounds == 5  # 1 + 2 x 2


def test_the_stone_tree_loses_its_tokens_when_its_movement_is_declared():
    g, L = game([card("s", "c2", 1, override={}, name=STONE, tokens=2), card("e", "c5", 2)])
    act(g, L, 1, act="move", source="s", to="c3")
    assert g.cards[L["s"]].tokens == 0 and g.cards[L["s"]].cell == "c2"  # paid, not yet moved
    pass_both(g)
    assert g.cards[L["s"]].cell == "c3"
