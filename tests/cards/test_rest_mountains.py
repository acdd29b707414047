"""One test per Mountains (Горы) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, declare_pick, dummy, end_turn, play, pool, prompt_kinds, seen, settle, setup

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
