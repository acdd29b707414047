"""One test per Dark (Тьма) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each ability
played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, dummy, play, pool, seen, setup

SHOT3 = [{"kw": "shot", "n": 3, "cost": "tap"}]


def _fight(card_id, attacker_side, dice, **state):
    """One simple strike between the card and a 2-3-4 dummy, as attacker (side 1) or as the one attacked."""
    a = pool("a", "c3", 1, card_id, **state) if card_id else dummy("a", "c3", 1, **state)
    t = dummy("t", "c4", 2, life=30, strike=(2, 3, 4))
    if attacker_side == 1:
        g, L = setup([a, t], dice=dice)
        play(g, L, 1, act="attack", source="a", target="t")
    else:
        g, L = setup([a, t], dice=dice, active=2)
        play(g, L, 2, act="attack", source="t", target="a")
    return g, L


def test_vs2023_152_peshchernik_strike_through_a_row_and_heal():
    g, L = setup([pool("a", "c3", 1, "vs2023-152-peshchernik"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 2
    g, L = setup([pool("a", "c3", 1, "vs2023-152-peshchernik", wounds=5)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert seen(g, L, "a")["wounds"] == 2


def test_vs2023_165_baraka_does_not_close_when_attacking_and_defence_experience():
    g, L = setup([pool("a", "c3", 1, "vs2023-165-baraka"), dummy("t", "c4", 2, life=30, closed=True)], dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3 and not seen(g, L, "a")["closed"]
    dice = [4, 1]  # the attacker rolls 4, the attacked 1 (+1 for defence experience: a weak blow back)
    g, L = _fight("vs2023-165-baraka", 2, dice)
    g0, L0 = _fight(None, 2, dice, life=13, strike=(3, 4, 4))
    assert (seen(g, L, "a")["wounds"], seen(g, L, "t")["wounds"]) != (seen(g0, L0, "a")["wounds"],
                                                                      seen(g0, L0, "t")["wounds"])


def test_vs2023_166_vurdalak_experience_ranged_reduction_vampirism_capped_at_13():
    dice = [4, 1]
    g, L = _fight("vs2023-166-vurdalak", 1, dice)
    g0, L0 = _fight(None, 1, dice, life=13, strike=(3, 3, 4))
    assert (seen(g, L, "t")["wounds"], seen(g0, L0, "t")["wounds"]) == (4, 3)  # attack experience 1: strong
    g, L = setup([pool("a", "c3", 1, "vs2023-166-vurdalak", wounds=4), dummy("t", "c4", 2, life=30, closed=True)],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["wounds"] == 1  # healed by the wounds it dealt
    g, L = setup([pool("a", "c3", 1, "vs2023-166-vurdalak"), dummy("t", "c4", 2, life=30, closed=True)], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "a")["markers"].get("additional_life", 0) == 0  # life never above 13
    g, L = setup([pool("a", "c3", 1, "vs2023-166-vurdalak"), dummy("s", "c6", 2, abilities=SHOT3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 2
