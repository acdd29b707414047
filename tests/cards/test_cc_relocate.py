"""Cards that relocate cards (relocate), played through the public API."""
from tests.cards.kit import ability_index, choose, dummy, play, pool, seen, setup


def test_vs2023_111_tovi_a_step_makes_the_opponent_move_a_creature_the_same_way():
    g, L = setup([pool("t", "c2", 1, "vs2023-111-tovi"), dummy("foe", "b5", 2)])
    play(g, L, 1, act="move", source="t", to="c3", pick=choose(L["foe"]))
    assert seen(g, L, "t")["cell"] == "c3" and seen(g, L, "foe")["cell"] == "b6"  # one rank the same way


def test_vs2023_111_tovi_a_refusal_gives_its_next_throw_two_more():
    g, L = setup([pool("t", "c2", 1, "vs2023-111-tovi"), dummy("foe", "b5", 2, life=9)])
    play(g, L, 1, act="move", source="t", to="c3", pick=choose("refuse"))
    assert seen(g, L, "foe")["cell"] == "b5"
    play(g, L, 1, act="ability", source="t", ability=ability_index(g, L, "t", "throw"), target="foe")
    assert seen(g, L, "foe")["wounds"] == 3  # the toad for 1 + 2


def test_vs2023_111_tovi_without_a_free_cell_the_same_way_the_throw_gets_two_more():
    g, L = setup([pool("t", "c2", 1, "vs2023-111-tovi"), dummy("foe", "b6", 2, life=9)], spare=False)
    play(g, L, 1, act="move", source="t", to="c3")
    assert seen(g, L, "foe")["cell"] == "b6"
    play(g, L, 1, act="ability", source="t", ability=ability_index(g, L, "t", "throw"), target="foe")
    assert seen(g, L, "foe")["wounds"] == 3


def test_vs2023_198_varlok_abyssal_flame_wounds_every_enemy_with_a_ranged_attack():
    shooter = [{"kw": "shot", "n": 1, "cost": "tap"}]
    g, L = setup([pool("v", "c2", 1, "vs2023-198-varlok"), dummy("s", "c5", 2, abilities=shooter),
                  dummy("plain", "d5", 2), dummy("mine", "b2", 1, abilities=shooter)])
    play(g, L, 1, act="ability", source="v", ability=ability_index(g, L, "v", "action"))
    assert seen(g, L, "s")["wounds"] == 2 and seen(g, L, "plain")["wounds"] == 0 and seen(g, L, "mine")["wounds"] == 0


def test_vs2023_198_varlok_dimension_door_moves_a_creature_to_any_free_cell():
    g, L = setup([pool("v", "c2", 1, "vs2023-198-varlok", tokens=1), dummy("foe", "c5", 2)])
    i = ability_index(g, L, "v", "relocate")
    play(g, L, 1, act="ability", source="v", ability=i, target="foe", pick=choose("a1"))
    assert seen(g, L, "foe")["cell"] == "a1" and seen(g, L, "v")["tokens"] == 0 and seen(g, L, "v")["closed"]


def test_vs2023_198_varlok_takes_one_less_from_ranged_attacks():
    g, L = setup([pool("v", "c2", 1, "vs2023-198-varlok"), dummy("s", "c5", 2, abilities=[
        {"kw": "shot", "n": 3, "cost": "tap"}])], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="v")
    assert seen(g, L, "v")["wounds"] == 2


def test_vs2023_111_tovi_the_plus_two_goes_with_its_next_throw():
    g, L = setup([pool("t", "c2", 1, "vs2023-111-tovi"), dummy("foe", "b6", 2, life=20)], spare=False)
    play(g, L, 1, act="move", source="t", to="c3")
    play(g, L, 1, act="ability", source="t", ability=ability_index(g, L, "t", "throw"), target="foe")
    assert seen(g, L, "foe")["wounds"] == 3
    assert not any(a.get("kw") == "strike_bonus" for a in g.cards[L["t"]].acquired)  # used up by that throw
