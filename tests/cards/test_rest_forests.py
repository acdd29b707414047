"""One test per Forests (Леса) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, dummy, play, pool, seen, setup


def test_vs2023_071_leshiy_heals_itself_completely():
    g, L = setup([pool("a", "c3", 1, "vs2023-071-leshiy", wounds=6)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert seen(g, L, "a")["wounds"] == 0 and seen(g, L, "a")["closed"]
