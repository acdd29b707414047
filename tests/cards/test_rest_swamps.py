"""One test per Swamps (Болота) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each
ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, declare_pick, dummy, end_turn, play, pool, seen, setup


def test_vs2023_117_vayl_vanilla_strike_1_1_4_and_no_ability():
    g, L = setup([pool("a", "c3", 1, "vs2023-117-vayl"), dummy("t", "c4", 2, life=20, closed=True)], dice=[6])
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["a"] and a["act"] == "ability"]
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 4


def test_vs2023_129_undina_poisons_wounds_every_poisoned_enemy_and_her_protections():
    g, L = setup([pool("a", "a1", 1, "vs2023-129-undina"), dummy("t", "c4", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action"), target="t")
    assert seen(g, L, "t")["markers"].get("poison") == 1
    g, L = setup([pool("a", "a1", 1, "vs2023-129-undina"), dummy("t", "c4", 2, life=9, markers={"poison": 1}),
                  dummy("u", "d4", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action", 1))
    assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "u")["wounds"] == 0
    attacks = [{"kw": "discharge", "n": 3, "cost": "tap"}, {"kw": "throw", "n": 3, "cost": "tap"},
               {"kw": "action", "effects": [{"kw": "poison", "n": 2, "target": {"choose": "creature", "side": "enemy"}}],
                "cost": "tap"}]
    g, L = setup([pool("a", "a1", 1, "vs2023-129-undina"), dummy("d", "a6", 2, abilities=attacks),
                  dummy("h", "b6", 2, abilities=attacks), dummy("p", "c6", 2, abilities=attacks)], active=2)
    for label, i in (("d", 0), ("h", 1), ("p", 2)):
        play(g, L, 2, act="ability", source=label, ability=i, target="a")
    assert seen(g, L, "a")["wounds"] == 0 and not seen(g, L, "a")["markers"].get("poison")


def test_vs2023_123_nokami_wounds_next_to_an_enemy_hurt_by_poison_and_boiling_poison():
    g, L = setup([pool("n", "a1", 1, "vs2023-123-nokami"), dummy("e", "c4", 2, life=9, markers={"poison": 1}),
                  dummy("x", "d4", 2, life=9)])
    end_turn(g, declare_pick(g, L, "n", "x"))
    assert seen(g, L, "e")["wounds"] == 1 and seen(g, L, "x")["wounds"] == 1
    g, L = setup([pool("n", "a1", 1, "vs2023-123-nokami"), dummy("e", "c4", 2, markers={"poison": 1}),
                  dummy("f", "d4", 2)])
    idx = ability_index(g, L, "n", "action")
    assert {"act": "ability", "source": L["n"], "ability": idx, "target": L["f"]} not in g.legal_actions(1)
    play(g, L, 1, act="ability", source="n", ability=idx, target="e")
    assert seen(g, L, "e")["markers"]["poison"] == 2
    g, L = setup([pool("n", "a1", 1, "vs2023-123-nokami"), dummy("e", "c4", 2, markers={"poison": 2})])
    play(g, L, 1, act="ability", source="n", ability=idx, target="e")
    assert seen(g, L, "e")["markers"]["poison"] == 2  # no more than 2


def test_vs2023_124_seyatel_hvori_poison_passes_on_from_a_poison_death_and_its_discharge_poisons():
    g, L = setup([pool("s", "a1", 1, "vs2023-124-seyatel-hvori"), dummy("e", "c4", 2, life=1, markers={"poison": 1}),
                  dummy("x", "d4", 2, life=9)])
    end_turn(g, declare_pick(g, L, "s", "x"))
    assert seen(g, L, "e")["zone"] == "graveyard" and seen(g, L, "x")["markers"].get("poison") == 1
    for die, wounds, poison in ((4, 2, 1), (1, 1, None)):
        g, L = setup([pool("s", "a1", 1, "vs2023-124-seyatel-hvori"), dummy("t", "c5", 2, life=9)], dice=[die])
        play(g, L, 1, act="ability", source="s", ability=ability_index(g, L, "s", "discharge"), target="t")
        assert seen(g, L, "t")["wounds"] == wounds and seen(g, L, "t")["markers"].get("poison") == poison
