"""One test per Swamps (Болота) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import dummy, play, pool, seen, setup


def test_vs2023_117_vayl_vanilla_strike_1_1_4_and_no_ability():
    g, L = setup([pool("a", "c3", 1, "vs2023-117-vayl"), dummy("t", "c4", 2, life=20, closed=True)], dice=[6])
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["a"] and a["act"] == "ability"]
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 4
