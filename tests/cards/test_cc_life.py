"""Cards whose abilities give or take life (additional life, negative life), played through the
public API: legal actions, apply, view."""
from tests.cards.kit import ability_index, dummy, play, pool, seen, setup


def test_vs2023_146_kersamskaya_znat_blood_storm_gains_a_life_then_wounds_by_the_cards_above_their_life():
    g, L = setup([pool("a", "c2", 1, "vs2023-146-kersamskaya-znat"),
                  dummy("f", "b2", 1, life=5, markers={"additional_life": 2}),
                  dummy("t", "c4", 2, life=9)])
    i = ability_index(g, L, "a", "action")
    play(g, L, 1, act="ability", source="a", ability=i, target="t")
    assert seen(g, L, "a")["markers"].get("additional_life") == 1 and seen(g, L, "a")["closed"]
    assert seen(g, L, "t")["wounds"] == 2  # the Nobility itself and f are above their printed life


def test_vs2023_146_kersamskaya_znat_blood_storm_counts_at_most_three():
    extra = [dummy(f"f{k}", c, 1, markers={"additional_life": 1}) for k, c in enumerate(("a2", "b2", "d2", "e2"))]
    g, L = setup([pool("a", "c2", 1, "vs2023-146-kersamskaya-znat"), dummy("t", "c4", 2, life=9)] + extra)
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action"), target="t")
    assert seen(g, L, "t")["wounds"] == 3


def test_vs2023_179_zhzhrag_corpse_eating_also_gives_three_additional_life():
    g, L = setup([pool("a", "c3", 1, "vs2023-179-zhzhrag", wounds=4), dummy("t", "c4", 2, life=1, closed=True)],
                 dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["zone"] == "graveyard"
    a = seen(g, L, "a")
    assert a["wounds"] == 0 and a["markers"].get("additional_life") == 3
