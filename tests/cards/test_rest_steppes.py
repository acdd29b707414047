"""One test per Steppes (Степи) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, dummy, end_turn, play, pool, prompt_kinds, seen, setup


def test_vs2023_022_ork_bombardir_bomb_and_the_explosion_on_its_cell_next_turn():
    g, L = setup([pool("o", "c3", 1, "vs2023-022-ork-bombardir"), dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="o", ability=ability_index(g, L, "o", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    end_turn(g)
    end_turn(g)
    assert seen(g, L, "t")["wounds"] == 3  # 2 more at the start of the Orc's next turn
    g, L = setup([pool("o", "c3", 1, "vs2023-022-ork-bombardir"), dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="o", ability=ability_index(g, L, "o", "throw"), target="t")
    end_turn(g)
    play(g, L, 2, act="move", source="t", to="d5")
    end_turn(g)
    assert seen(g, L, "t")["wounds"] == 1  # the blast is on the cell, and the cell is empty now


def test_vs2023_023_riala_directed_after_two_straight_steps_experience_after_turning_and_throw_protection():
    g, L = setup([pool("r", "c1", 1, "vs2023-023-riala"), dummy("t", "c4", 2, life=20), dummy("d", "d4", 2)],
                 dice=[6, 1])
    play(g, L, 1, act="move", source="r", to="c2")
    play(g, L, 1, act="move", source="r", to="c3")
    play(g, L, 1, act="attack", source="r", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g)
    g, L = setup([pool("r", "b2", 1, "vs2023-023-riala"), dummy("t", "c4", 2, life=20, closed=True)], dice=[2])
    play(g, L, 1, act="move", source="r", to="b3")
    play(g, L, 1, act="move", source="r", to="c3")
    play(g, L, 1, act="attack", source="r", target="t")
    assert seen(g, L, "t")["wounds"] == 3  # 2 + 2 experience = 4: medium
    throw = [{"kw": "throw", "n": 3, "cost": "tap"}]
    g, L = setup([pool("r", "c3", 1, "vs2023-023-riala"), dummy("s", "c6", 2, abilities=throw)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="r")
    assert seen(g, L, "r")["wounds"] == 0


def test_vs2023_025_hronos_turns_back_this_turns_wounds_and_hands_a_token():
    g, L = setup([pool("h", "a1", 1, "vs2023-025-hronos", tokens=1), dummy("f", "c3", 1, life=9, wounds=1, closed=True),
                  dummy("e", "c4", 2, strike=(3, 3, 3))], active=2, dice=[1])
    play(g, L, 2, act="attack", source="e", target="f")
    assert seen(g, L, "f")["wounds"] == 4
    g.apply(2, {"act": "pass"})
    play(g, L, 1, act="ability", source="h", ability=ability_index(g, L, "h", "heal"), target="f")
    assert seen(g, L, "f")["wounds"] == 1 and seen(g, L, "h")["tokens"] == 0  # the older wound stays
    g, L = setup([pool("h", "a1", 1, "vs2023-025-hronos", tokens=1), dummy("f", "c3", 1)])
    play(g, L, 1, act="ability", source="h", ability=ability_index(g, L, "h", "action"), target="f")
    assert seen(g, L, "f")["tokens"] == 1 and seen(g, L, "h")["tokens"] == 0
