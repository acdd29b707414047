"""Cards with a roll table (roll_table), played through the public API."""
from tests.cards.kit import ability_index, choose, dummy, play, pool, seen, setup


def _jump(die, wounds=0, who="foe"):
    g, L = setup([pool("s", "c1", 1, "vs2023-185-shaksi", wounds=wounds), dummy("foe", "c5", 2, life=9, wounds=2),
                  dummy("far", "a6", 2)], dice=[die])
    play(g, L, 1, act="ability", source="s", ability=ability_index(g, L, "s", "jump"), to="c4",
         pick=choose(L[who]))
    assert seen(g, L, "s")["cell"] == "c4"
    return g, L


def test_vs2023_185_shaksi_hoof_kick_on_1_2_wounds_an_adjacent_creature_by_2():
    g, L = _jump(2)
    assert seen(g, L, "foe")["wounds"] == 4


def test_vs2023_185_shaksi_hoof_kick_on_3_4_heals_itself_or_a_neighbour_by_3():
    g, L = _jump(4)
    assert seen(g, L, "foe")["wounds"] == 0
    g, L = _jump(3, wounds=4, who="s")
    assert seen(g, L, "s")["wounds"] == 1


def test_vs2023_185_shaksi_hoof_kick_on_5_6_gives_an_adjacent_creature_a_token():
    g, L = _jump(6)
    assert seen(g, L, "foe")["tokens"] == 1 and seen(g, L, "far")["tokens"] == 0


def test_vs2023_185_shaksi_jump_spends_all_movement_not_closing():
    g, L = _jump(5)
    assert not seen(g, L, "s")["closed"]
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["s"] and a["act"] == "move"]
