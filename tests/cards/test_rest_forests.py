"""One test per Forests (Леса) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, declare_pick, dummy, end_turn, play, pool, seen, setup


def test_vs2023_071_leshiy_heals_itself_completely():
    g, L = setup([pool("a", "c3", 1, "vs2023-071-leshiy", wounds=6)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert seen(g, L, "a")["wounds"] == 0 and seen(g, L, "a")["closed"]


def test_vs2023_072_feya_lesa_magic_pollen_heals_up_to_three_forest_creatures():
    g, L = setup([pool("a", None, 1, "vs2023-072-feya-lesa"), dummy("f", "a1", 1, element="Леса", wounds=2),
                  dummy("h", "b1", 1, element="Леса", wounds=1), dummy("n", "c1", 1, wounds=2)])
    idx = ability_index(g, L, "a", "heal")
    offers = [a for a in g.legal_actions(1) if a.get("source") == L["a"] and a.get("ability") == idx]
    assert offers and all(L["n"] not in a["targets"] for a in offers)  # only Forest creatures
    play(g, L, 1, act="ability", source="a", ability=idx, targets=sorted([L["f"], L["h"]]))
    assert [seen(g, L, x)["wounds"] for x in "fhn"] == [1, 0, 2]


def test_vs2023_095_lovets_dush_tokens_on_deaths_part_of_the_soul_and_dying_gift():
    g, L = setup([pool("a", "a1", 1, "vs2023-095-lovets-dush"), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=1, closed=True)], dice=[1])
    play(g, L, 1, act="attack", source="k", target="t")
    assert seen(g, L, "t")["zone"] == "graveyard" and seen(g, L, "a")["tokens"] == 1
    g, L = setup([pool("a", "a1", 1, "vs2023-095-lovets-dush"), dummy("u", "c4", 2), dummy("v", "d4", 2),
                  dummy("w", "b4", 2, wounds=1)])
    idx = ability_index(g, L, "a", "action")
    offers = [a for a in g.legal_actions(1) if a.get("source") == L["a"] and a.get("ability") == idx]
    assert offers and all(L["w"] not in a["targets"] for a in offers)  # only creatures without wounds
    play(g, L, 1, act="ability", source="a", ability=idx, targets=sorted([L["u"], L["v"]]))
    assert seen(g, L, "u")["wounds"] == 1 and seen(g, L, "v")["wounds"] == 1
    g, L = setup([pool("a", "a1", 1, "vs2023-095-lovets-dush", tokens=3), dummy("e", "c4", 2, life=9),
                  dummy("f", "b1", 1, wounds=3)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action", 1), targets=["e", "f"], x=2)
    assert seen(g, L, "e")["wounds"] == 2 and seen(g, L, "f")["wounds"] == 1 and seen(g, L, "a")["tokens"] == 1


def test_vs2023_080_bjorn_heals_the_creature_he_defends():
    g, L = setup([pool("b", "d3", 1, "vs2023-080-bjorn"), dummy("f", "c3", 1, life=9, wounds=3),
                  dummy("e", "c4", 2)], active=2, dice=[1, 1])

    def defend(g2, legal):
        return {"act": "defend", "source": L["b"]} if g2.prompt["kind"] == "defender" else None
    play(g, L, 2, act="attack", source="e", target="f", pick=defend)
    assert seen(g, L, "f")["wounds"] == 1


def test_vs2023_102_kele_magic_strike_and_heal_on_striking_keeps_it_open_when_unwounded():
    g, L = setup([pool("a", "c3", 1, "vs2023-102-kele"), dummy("t", "c4", 2, life=20)], dice=[4])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="t")
    assert seen(g, L, "t")["wounds"] == 4
    g, L = setup([pool("a", "c3", 1, "vs2023-102-kele", wounds=2), dummy("t", "c4", 2, life=30, closed=True)],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t", pick=declare_pick(g, L, "a"))
    assert seen(g, L, "a")["wounds"] == 0 and not seen(g, L, "a")["closed"]
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["a"] and a["act"] == "attack"]
    g, L = setup([pool("a", "c3", 1, "vs2023-102-kele", wounds=4), dummy("t", "c4", 2, life=30, closed=True)],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t", pick=declare_pick(g, L, "a"))
    assert seen(g, L, "a")["wounds"] == 2 and seen(g, L, "a")["closed"]


def test_vs2023_069_atekar_pine_cone_bonus_with_an_unwounded_friend_opposite_and_regeneration():
    g, L = setup([pool("a", "c2", 1, "vs2023-069-atekar"), dummy("t", "c5", 2, life=9)], dice=[6])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 2
    g, L = setup([pool("a", "c2", 1, "vs2023-069-atekar"), dummy("f", "c3", 1), dummy("t", "c5", 2, life=9)],
                 dice=[6])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 3
    g, L = setup([pool("a", "c2", 1, "vs2023-069-atekar", wounds=2)], active=2)
    end_turn(g)
    assert seen(g, L, "a")["wounds"] == 1


def test_vs2023_078_eriala_shoots_next_to_it_and_plus_one_at_the_matching_row():
    g, L = setup([pool("a", "c3", 1, "vs2023-078-eriala"), dummy("t", "c4", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "shot"), target="t")
    assert seen(g, L, "t")["wounds"] == 2  # an adjacent card may be shot; her 1st row, the opponent's 1st row
    g, L = setup([pool("a", "c1", 1, "vs2023-078-eriala"), dummy("t", "c4", 2, life=9), dummy("u", "d6", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "shot"), target="t")
    assert seen(g, L, "t")["wounds"] == 1  # her 3rd row, the opponent's 1st row: no bonus
    g, L = setup([pool("a", "c1", 1, "vs2023-078-eriala"), dummy("u", "d6", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "shot"), target="u")
    assert seen(g, L, "u")["wounds"] == 2  # 3rd row and 3rd row


def test_vs2023_087_fagor_magic_strike_adds_the_weak_strikes_beside_it():
    g, L = setup([pool("a", "c3", 1, "vs2023-087-fagor", tokens=1), dummy("l", "b3", 1, strike=(2, 2, 2)),
                  dummy("r", "d3", 1, strike=(1, 3, 3)), dummy("t", "c4", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="t")
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["tokens"] == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-087-fagor")])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "accumulate_token"))
    assert seen(g, L, "a")["tokens"] == 1


def test_vs2023_091_dikiy_tselitel_bonuses_among_three_unwounded_friends_and_heal_on_moving():
    friends = [dummy("f1", "b3", 1), dummy("f2", "d3", 1), dummy("f3", "b2", 1)]
    g, L = setup([pool("a", "c3", 1, "vs2023-091-dikiy-tselitel"), dummy("t", "c4", 2, life=30, closed=True)]
                 + friends, dice=[3])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3  # 3 + 1 experience = 4: medium 2, +1
    friends[2] = dummy("f3", "b2", 1, wounds=1)
    g, L = setup([pool("a", "c3", 1, "vs2023-091-dikiy-tselitel"), dummy("t", "c4", 2, life=30, closed=True)]
                 + friends, dice=[3])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 2  # a wounded neighbour: weak 2 only
    g, L = setup([pool("a", "c3", 1, "vs2023-091-dikiy-tselitel"), dummy("w", "a3", 1, wounds=2)])
    play(g, L, 1, act="move", source="a", to="b3", pick=declare_pick(g, L, "a", "w"))
    assert seen(g, L, "w")["wounds"] == 1


def test_vs2023_086_mira_closes_a_creature_hit_by_two_other_shots_or_throws_and_ranged_reduction_unwounded():
    throw = [{"kw": "throw", "n": 1, "cost": "tap"}]
    g, L = setup([pool("m", "a1", 1, "vs2023-086-mira"), dummy("x", "b1", 1, abilities=throw),
                  dummy("y", "c1", 1, abilities=throw), dummy("t", "c5", 2, life=20)], dice=[1])
    play(g, L, 1, act="ability", source="x", ability=0, target="t")
    play(g, L, 1, act="ability", source="m", ability=ability_index(g, L, "m", "shot"), target="t")
    assert seen(g, L, "t")["wounds"] == 2 and not seen(g, L, "t")["closed"]  # only one other so far
    g, L = setup([pool("m", "a1", 1, "vs2023-086-mira"), dummy("x", "b1", 1, abilities=throw),
                  dummy("y", "c1", 1, abilities=throw), dummy("t", "c5", 2, life=20)], dice=[1])
    play(g, L, 1, act="ability", source="x", ability=0, target="t")
    play(g, L, 1, act="ability", source="y", ability=0, target="t")
    play(g, L, 1, act="ability", source="m", ability=ability_index(g, L, "m", "shot"), target="t")
    assert seen(g, L, "t")["closed"]
    shot3 = [{"kw": "shot", "n": 3, "cost": "tap"}]
    g, L = setup([pool("m", "a1", 1, "vs2023-086-mira"), dummy("s", "a6", 2, abilities=shot3),
                  dummy("u", "b6", 2, abilities=shot3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="m")
    play(g, L, 2, act="ability", source="u", ability=0, target="m")
    assert seen(g, L, "m")["wounds"] == 2 + 3  # 1 less only while unwounded
