"""One test per neutral (Нейтральные) card of set1-rest that uses only existing keywords (README §6.8 "cheap"),
each ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, declare_pick, dummy, play, pool, prompt_kinds, seen, setup

SHOT3 = [{"kw": "shot", "n": 3, "cost": "tap"}]


def test_vs2023_176_naemnik_formation_takes_one_less_from_shots_and_throws():
    g, L = setup([pool("a", "c3", 1, "vs2023-176-naemnik"), pool("b", "d3", 1, "vs2023-176-naemnik"),
                  pool("c", "a1", 1, "vs2023-176-naemnik"), dummy("s", "c6", 2, abilities=SHOT3),
                  dummy("u", "a6", 2, abilities=SHOT3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    play(g, L, 2, act="ability", source="u", ability=0, target="c")
    assert seen(g, L, "a")["wounds"] == 2 and seen(g, L, "c")["wounds"] == 3  # only in formation


def test_vs2023_191_assasin_jump_strike_through_a_row_and_finishing_blow():
    g, L = setup([pool("a", "c3", 1, "vs2023-191-assasin")])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "jump"), to="a5")
    assert seen(g, L, "a")["cell"] == "a5"
    g, L = setup([pool("a", "c3", 1, "vs2023-191-assasin"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    g, L = setup([pool("a", "c3", 1, "vs2023-191-assasin"), dummy("t", "c4", 2, life=9, wounds=5)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "finishing_blow"), target="t")
    assert seen(g, L, "t")["zone"] == "graveyard"


def test_vs2023_193_aratsent_weak_strike_poisons_for_1_medium_or_strong_for_2():
    for die, poison in ((1, 1), (4, 2), (6, 2)):
        g, L = setup([pool("a", "c3", 1, "vs2023-193-aratsent"), dummy("t", "c4", 2, life=30, closed=True)],
                     dice=[die])
        play(g, L, 1, act="attack", source="a", target="t")
        assert seen(g, L, "t")["markers"].get("poison") == poison


def test_vs2023_195_berserk_two_strikes_row_strike_protections_directed():
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("u", "b3", 2, life=30, closed=True)], dice=[1, 1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert not seen(g, L, "a")["closed"]
    play(g, L, 1, act="attack", source="a", target="u")
    assert seen(g, L, "a")["closed"] and seen(g, L, "t")["wounds"] == 3 and seen(g, L, "u")["wounds"] == 3
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    venom = [{"kw": "action", "effects": [{"kw": "poison", "n": 1, "target": {"choose": "creature", "side": "enemy"}}],
              "cost": "tap"},
             {"kw": "action", "kind": "spell", "effects": [{"kw": "wound", "n": 2, "target": {"choose": "creature",
                                                                                          "side": "enemy"}}],
              "cost": "tap"}]
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("v", "a6", 2, abilities=venom),
                  dummy("w", "b6", 2, abilities=venom)], active=2)
    play(g, L, 2, act="ability", source="v", ability=0, target="a")
    play(g, L, 2, act="ability", source="w", ability=1, target="a")
    assert seen(g, L, "a")["markers"].get("poison") is None and seen(g, L, "a")["wounds"] == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("t", "c4", 2), dummy("d", "d4", 2)],
                 dice=[6, 1])
    play(g, L, 1, act="attack", source="a", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g) and seen(g, L, "t")["wounds"] > 0  # directed strike: no defender


def test_vs2023_184_otshelnitsa_moves_wounds_of_a_struck_friend_and_heals_itself():
    g, L = setup([pool("o", "a1", 1, "vs2023-184-otshelnitsa"), dummy("f", "c3", 1, life=9, closed=True),
                  dummy("r", "b1", 1, life=9), dummy("e", "c4", 2, strike=(3, 3, 3))], active=2, dice=[1])
    play(g, L, 2, act="attack", source="e", target="f", pick=declare_pick(g, L, "o", "r"))
    assert seen(g, L, "f")["wounds"] == 0 and seen(g, L, "r")["wounds"] == 3 and seen(g, L, "o")["closed"]
    g, L = setup([pool("o", "a1", 1, "vs2023-184-otshelnitsa", wounds=4)])
    play(g, L, 1, act="ability", source="o", ability=ability_index(g, L, "o", "heal"))
    assert seen(g, L, "o")["wounds"] == 1
