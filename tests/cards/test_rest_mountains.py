"""One test per Mountains (Горы) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, declare_pick, dummy, end_turn, play, pool, prompt_kinds, seen, setup

DISCHARGE = {"kw": "discharge", "n": 1, "cost": "tap"}


def test_vs2023_039_gul_strike_through_row_finishing_blow_and_carrion_eating():
    g, L = setup([pool("a", "c3", 1, "vs2023-039-gul"), dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "a")["closed"]
    g, L = setup([pool("a", "c3", 1, "vs2023-039-gul"), dummy("t", "d3", 2, life=4, wounds=2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "finishing_blow"), target="t")
    assert seen(g, L, "t")["zone"] == "graveyard"
    g, L = setup([pool("a", "c3", 1, "vs2023-039-gul", wounds=5), dummy("t", "c4", 2, life=1, closed=True)],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["zone"] == "graveyard" and seen(g, L, "a")["wounds"] == 0


def test_vs2023_036_ledyanoy_zmey_stone_skin_for_a_magic_user_after_its_strike():
    mage = [DISCHARGE]
    shooter = [{"kw": "shot", "n": 3, "cost": "tap"}]
    g, L = setup([pool("z", None, 1, "vs2023-036-ledyanoy-zmey"), dummy("m", "b2", 1, abilities=mage),
                  dummy("t", "c4", 2, life=20, closed=True), dummy("s", "a6", 2, abilities=shooter)], dice=[1])
    play(g, L, 1, act="attack", source="z", target="t", pick=declare_pick(g, L, "z", "m"))
    assert seen(g, L, "t")["wounds"] == 1
    end_turn(g)
    play(g, L, 2, act="ability", source="s", ability=0, target="m")
    assert seen(g, L, "m")["wounds"] == 2  # a shot for 3, one fewer wound until the end of the opponent's turn


def test_vs2023_042_znahar_plemeni_resurrects_closed_valhalla_and_discharge():
    g, L = setup([pool("z", "c2", 1, "vs2023-042-znahar-plemeni", tokens=3),
                  dummy("d", None, 1, zone="graveyard"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="z", ability=ability_index(g, L, "z", "resurrect"), target="d", to="c1")
    d = seen(g, L, "d")
    assert d["zone"] == "battlefield" and d["cell"] == "c1" and d["closed"] and seen(g, L, "z")["tokens"] == 0
    g, L = setup([pool("z", "c2", 1, "vs2023-042-znahar-plemeni"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="z", ability=ability_index(g, L, "z", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    g, L = setup([pool("z", None, 1, "vs2023-042-znahar-plemeni", zone="graveyard"), dummy("f", "b2", 1)],
                 active=2)
    end_turn(g, declare_pick(g, L, "z", "f"))
    assert seen(g, L, "f")["wounds"] == 1 and seen(g, L, "f")["tokens"] == 1


def test_vs2023_056_nom_directed_against_throwers_and_tailspin_on_death():
    thrower = [{"kw": "throw", "n": 1, "cost": "tap"}]
    g, L = setup([pool("n", None, 1, "vs2023-056-nom"), dummy("t", "c4", 2, abilities=thrower),
                  dummy("d", "d4", 2)], dice=[6, 1])
    play(g, L, 1, act="attack", source="n", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g) and seen(g, L, "t")["wounds"] > 0  # no defender could step in
    g, L = setup([pool("n", None, 1, "vs2023-056-nom"), dummy("t", "c4", 2), dummy("d", "d4", 2)], dice=[6, 1])
    play(g, L, 1, act="attack", source="n", target="t", settle_after=False)
    assert "defender" in prompt_kinds(g)  # against a card without a throw a defender may be assigned
    zap = [{"kw": "discharge", "n": 9, "cost": "tap"}]
    g, L = setup([pool("n", None, 1, "vs2023-056-nom"), dummy("m", "c4", 2, abilities=zap),
                  dummy("t", "c5", 2, life=9)], active=2)
    play(g, L, 2, act="ability", source="m", ability=0, target="n", pick=declare_pick(g, L, "n", "t"))
    assert seen(g, L, "n")["zone"] == "graveyard" and seen(g, L, "t")["wounds"] == 3


def test_vs2023_065_ledovy_strazh_sudden_ice_shackles_on_a_creature_that_has_not_moved_and_heal():
    g, L = setup([pool("s", "a1", 1, "vs2023-065-ledovy-strazh"), dummy("x", "c5", 2), dummy("y", "d5", 2)],
                 active=2)
    g.apply(2, {"act": "move", "source": L["x"], "to": "c4"})
    g.apply(2, {"act": "pass"})  # player 1 holds priority in the opponent's turn: a sudden action
    idx = ability_index(g, L, "s", "action")
    assert {"act": "ability", "source": L["s"], "ability": idx, "target": L["x"]} not in g.legal_actions(1)
    play(g, L, 1, act="ability", source="s", ability=idx, target="y")
    assert seen(g, L, "y")["closed"] and seen(g, L, "s")["closed"]
    g, L = setup([pool("s", "a1", 1, "vs2023-065-ledovy-strazh", wounds=4)])
    play(g, L, 1, act="ability", source="s", ability=ability_index(g, L, "s", "heal"))
    assert seen(g, L, "s")["wounds"] == 1


def test_vs2023_035_gnom_podzhigatel_heat_wounds_the_enemy_opposite_2_if_it_stayed_put():
    g, L = setup([pool("a", "c3", 1, "vs2023-035-gnom-podzhigatel"), dummy("e", "c4", 2, life=9)], active=2)
    end_turn(g)
    assert seen(g, L, "e")["wounds"] == 2
    g, L = setup([pool("a", "c3", 1, "vs2023-035-gnom-podzhigatel"), dummy("e", "d4", 2, life=9)], active=2)
    play(g, L, 2, act="move", source="e", to="c4")
    end_turn(g)
    assert seen(g, L, "e")["wounds"] == 1


def test_vs2023_041_ayrin_discharge_grows_when_magic_users_arrive_next_to_her_twice_per_turn():
    mage = [DISCHARGE]
    g, L = setup([pool("a", "a1", 1, "vs2023-041-ayrin"), dummy("m", "c1", 1, abilities=mage),
                  dummy("n", "c2", 1, abilities=mage), dummy("o", "a3", 1, abilities=mage), dummy("p", "c3", 1),
                  dummy("t", "a6", 2, life=9)])
    play(g, L, 1, act="move", source="p", to="b3")  # no magical ability: nothing
    play(g, L, 1, act="move", source="m", to="b1")
    play(g, L, 1, act="move", source="n", to="b2")
    play(g, L, 1, act="move", source="o", to="a2")  # a third time this turn: nothing
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 3


def test_vs2023_049_tsenturion_ram_row_strike_and_protection_from_flyers():
    g, L = setup([pool("c", "c3", 1, "vs2023-049-tsenturion", tokens=1), dummy("e", "c4", 2, life=9)])
    idx = ability_index(g, L, "c", "action")
    xs = sorted(a["x"] for a in g.legal_actions(1) if a.get("source") == L["c"] and a.get("ability") == idx)
    assert xs == list(range(1, 11))
    play(g, L, 1, act="ability", source="c", ability=idx, x=3)
    assert seen(g, L, "c")["wounds"] == 3 and seen(g, L, "e")["wounds"] == 2
    g, L = setup([pool("c", "c3", 1, "vs2023-049-tsenturion"), dummy("e", "c5", 2)])
    play(g, L, 1, act="ability", source="c", ability=ability_index(g, L, "c", "strike_through_row"), target="e")
    assert seen(g, L, "e")["wounds"] == 1
    flyer = dummy("f", None, 2, flyer=True, move=None, strike=(4, 4, 4))
    g, L = setup([pool("c", "c3", 1, "vs2023-049-tsenturion", closed=True), flyer], active=2)
    play(g, L, 2, act="attack", source="f", target="c")
    assert seen(g, L, "c")["wounds"] == 0


def test_vs2023_052_tan_haneranga_formation_reduction_and_plus_two_after_a_formation_death():
    zap = [{"kw": "discharge", "n": 12, "cost": "tap"}, {"kw": "magic_strike", "n": 3, "cost": "tap"}]
    g, L = setup([pool("t", "c3", 1, "vs2023-052-tan-haneranga"), pool("n", "b3", 1, "vs2023-176-naemnik"),
                  pool("m", "a3", 1, "vs2023-176-naemnik"), dummy("z", "a6", 2, abilities=zap),
                  dummy("w", "c4", 2, abilities=zap), dummy("v", "d4", 2, life=30, closed=True)], active=2,
                 dice=[1, 1])
    play(g, L, 2, act="ability", source="w", ability=1, target="t")
    assert seen(g, L, "t")["wounds"] == 2  # in formation: 1 less from a magic strike
    play(g, L, 2, act="ability", source="z", ability=0, target="n")
    assert seen(g, L, "n")["zone"] == "graveyard"
    end_turn(g)
    play(g, L, 1, act="attack", source="t", target="v")
    assert seen(g, L, "v")["wounds"] == 2 + 2  # weak 2 + 2 for its next strike
