"""Лунная баньши (vs2023-157): 'banshee's wail' in a simple strike's protection window, 'horror' (negative life)."""
from tests.cards.kit import ability_index, dummy, play, pool, seen, setup


def test_vs2023_157_lunnaya_banshi_wail_lowers_a_blow_by_one_and_gains_a_token():
    g, L = setup([pool("b", "a1", 1, "vs2023-157-lunnaya-banshi"), dummy("f", "c3", 1, life=20, closed=True),
                  dummy("foe", "c4", 2, strike=(3, 3, 3))], active=2, dice=[4])
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["b"]
                and a.get("ability") == ability_index(g, L, "b", "custom")]  # never with priority
    play(g, L, 2, act="attack", source="foe", target="f", pick=_wail_for(L))
    assert seen(g, L, "f")["wounds"] == 2 and seen(g, L, "b")["tokens"] == 1 and seen(g, L, "b")["closed"]


def _wail_for(L):
    def pick(g, legal):
        if g.prompt["kind"] == "window" and g.prompt.get("window") == "protection":
            return next((a for a in legal if a.get("act") == "ability" and a.get("target") == L["foe"]), None)
        return None
    return pick


def test_vs2023_157_lunnaya_banshi_without_the_wail_the_blow_is_whole():
    g, L = setup([pool("b", "a1", 1, "vs2023-157-lunnaya-banshi"), dummy("f", "c3", 1, life=20, closed=True),
                  dummy("foe", "c4", 2, strike=(3, 3, 3))], active=2, dice=[4])
    play(g, L, 2, act="attack", source="foe", target="f")
    assert seen(g, L, "f")["wounds"] == 3 and seen(g, L, "b")["tokens"] == 0


def test_vs2023_157_lunnaya_banshi_horror_gives_minus_three_life_to_an_enemy_unhurt_by_attacks():
    g, L = setup([pool("b", "a1", 1, "vs2023-157-lunnaya-banshi", tokens=1), dummy("x", "c4", 2, life=9),
                  dummy("y", "d4", 2, life=3), dummy("hit", "c3", 1, strike=(1, 1, 1))], dice=[1, 1])
    play(g, L, 1, act="attack", source="hit", target="x")
    assert seen(g, L, "x")["wounds"] >= 1  # x now has a wound from an attack this turn
    i = ability_index(g, L, "b", "negative_life")
    targets = {a.get("target") for a in g.legal_actions(1) if a.get("source") == L["b"] and a.get("ability") == i}
    assert L["y"] in targets and L["x"] not in targets
    play(g, L, 1, act="ability", source="b", ability=i, target="y")
    assert seen(g, L, "y")["zone"] == "graveyard" and seen(g, L, "b")["tokens"] == 0
