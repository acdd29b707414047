"""One test per Steppes (Степи) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, dummy, end_turn, play, pool, seen, setup


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
