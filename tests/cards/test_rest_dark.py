"""One test per Dark (Тьма) card of set1-rest that uses only existing keywords (README §6.8 "cheap"), each ability
played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, dummy, play, pool, prompt_kinds, seen, setup

SHOT3 = [{"kw": "shot", "n": 3, "cost": "tap"}]


def _fight(card_id, attacker_side, dice, **state):
    """One simple strike between the card and a 2-3-4 dummy, as attacker (side 1) or as the one attacked."""
    a = pool("a", "c3", 1, card_id, **state) if card_id else dummy("a", "c3", 1, **state)
    t = dummy("t", "c4", 2, life=30, strike=(2, 3, 4))
    if attacker_side == 1:
        g, L = setup([a, t], dice=dice)
        play(g, L, 1, act="attack", source="a", target="t")
    else:
        g, L = setup([a, t], dice=dice, active=2)
        play(g, L, 2, act="attack", source="t", target="a")
    return g, L


def test_vs2023_152_peshchernik_strike_through_a_row_and_heal():
    g, L = setup([pool("a", "c3", 1, "vs2023-152-peshchernik"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 2
    g, L = setup([pool("a", "c3", 1, "vs2023-152-peshchernik", wounds=5)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert seen(g, L, "a")["wounds"] == 2


def test_vs2023_165_baraka_does_not_close_when_attacking():
    g, L = setup([pool("a", "c3", 1, "vs2023-165-baraka"), dummy("t", "c4", 2, life=30, closed=True)], dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3 and not seen(g, L, "a")["closed"]


def test_vs2023_165_baraka_defence_experience_adds_one_to_its_die_when_struck():
    # the 2-3-4 attacker rolls 4, Барака 1 + 1 = 2: D = +2, the attacker's medium 3 and Барака's weak 3 back
    # (the exchange kept); without the experience D = +3 is medium / miss
    g, L = _fight("vs2023-165-baraka", 2, [4, 1])
    assert (seen(g, L, "a")["wounds"], seen(g, L, "t")["wounds"]) == (3, 3)


def test_vs2023_166_vurdalak_experience_ranged_reduction_vampirism_capped_at_13():
    dice = [4, 1]
    g, L = _fight("vs2023-166-vurdalak", 1, dice)
    g0, L0 = _fight(None, 1, dice, life=13, strike=(3, 3, 4))
    assert (seen(g, L, "t")["wounds"], seen(g0, L0, "t")["wounds"]) == (4, 3)  # attack experience 1: strong
    g, L = setup([pool("a", "c3", 1, "vs2023-166-vurdalak", wounds=4), dummy("t", "c4", 2, life=30, closed=True)],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["wounds"] == 1  # healed by the wounds it dealt
    g, L = setup([pool("a", "c3", 1, "vs2023-166-vurdalak"), dummy("t", "c4", 2, life=30, closed=True)], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "a")["markers"].get("additional_life", 0) == 0  # life never above 13
    g, L = setup([pool("a", "c3", 1, "vs2023-166-vurdalak"), dummy("s", "c6", 2, abilities=SHOT3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 2


def test_vs2023_139_vampir_unanswered_strike_and_vampirism_x_minus_1():
    g, L = setup([pool("a", "c3", 1, "vs2023-139-vampir", wounds=3), dummy("t", "c4", 2, life=30, strike=(5, 5, 5))],
                 dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")  # open target: no fight, one die
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["wounds"] == 1  # healed 3 - 1
    g, L = setup([pool("a", "c3", 1, "vs2023-139-vampir", wounds=3), dummy("t", "c4", 2, life=30)], dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "a")["wounds"] == 3  # 1 - 1 = nothing healed


def test_vs2023_163_hozyain_sklepa_tokens_from_ground_deaths_and_the_skull_throw():
    fly = dummy("f", None, 2, life=1, flyer=True, move=None)
    zap = [{"kw": "discharge", "n": 5, "cost": "tap"}]
    g, L = setup([pool("a", "a1", 1, "vs2023-163-hozyain-sklepa"), dummy("m", "b1", 1, abilities=zap),
                  dummy("t", "c4", 2, life=1), fly])
    play(g, L, 1, act="ability", source="m", ability=0, target="t")
    assert seen(g, L, "t")["zone"] == "graveyard" and seen(g, L, "a")["tokens"] == 1
    g, L = setup([pool("a", "a1", 1, "vs2023-163-hozyain-sklepa"), dummy("m", "b1", 1, abilities=zap), fly])
    play(g, L, 1, act="ability", source="m", ability=0, target="f")
    assert seen(g, L, "f")["zone"] == "graveyard" and seen(g, L, "a")["tokens"] == 0  # a flyer gives none
    g, L = setup([pool("a", "a1", 1, "vs2023-163-hozyain-sklepa", tokens=2), dummy("t", "a6", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 5 and seen(g, L, "a")["tokens"] == 0


def test_vs2023_142_sukkub_istyazatel_discharge_plus_three_with_a_creature_in_every_row():
    g, L = setup([pool("a", "c2", 1, "vs2023-142-sukkub-istyazatel"), dummy("t", "e5", 2, life=9)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    rows = [dummy(f"r{i}", f"a{i}", 1) for i in (1, 3, 4, 5, 6)]
    g, L = setup([pool("a", "c2", 1, "vs2023-142-sukkub-istyazatel"), dummy("t", "e5", 2, life=9)] + rows)
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 4


def test_vs2023_151_zombi_plus_one_per_other_dark_creature_up_to_two_and_directed():
    dark = [dummy(f"d{i}", f"{c}1", 1, element="Тьма") for i, c in enumerate("abc")]
    g, L = setup([pool("a", "c3", 1, "vs2023-151-zombi"), dummy("t", "c4", 2, life=30, closed=True)] + dark[:1],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 2
    g, L = setup([pool("a", "c3", 1, "vs2023-151-zombi"), dummy("t", "c4", 2, life=30), dummy("d", "d4", 2)]
                 + dark, dice=[1, 1])
    play(g, L, 1, act="attack", source="a", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g) and seen(g, L, "t")["wounds"] == 3  # +2 at most; no defender


def test_vs2023_156_metamorf_strikes_with_the_targets_own_strike():
    for die, wounds in ((1, 2), (4, 4), (6, 7)):
        g, L = setup([pool("a", "c3", 1, "vs2023-156-metamorf"), dummy("t", "c4", 2, life=30, closed=True,
                                                                      strike=(2, 4, 7))], dice=[die])
        play(g, L, 1, act="attack", source="a", target="t")
        assert seen(g, L, "t")["wounds"] == wounds


def test_vs2023_158_uordak_strong_strike_half_the_targets_life_and_carrion_eating():
    g, L = setup([pool("a", "c3", 1, "vs2023-158-uordak"), dummy("t", "c4", 2, life=11, wounds=2, closed=True)],
                 dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 2 + 4  # 0 + half of 9
    g, L = setup([pool("a", "c3", 1, "vs2023-158-uordak", wounds=6), dummy("t", "c4", 2, life=2, closed=True)],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["zone"] == "graveyard" and seen(g, L, "a")["wounds"] == 0


def test_vs2023_144_gerold_mraka_dissonance_wounds_the_chosen_and_its_enemy_neighbours_of_equal_weak_strike():
    g, L = setup([pool("h", "a1", 1, "vs2023-144-gerold-mraka"), dummy("t", "c4", 2, strike=(2, 2, 2)),
                  dummy("u", "d4", 2, strike=(2, 3, 4)), dummy("v", "b4", 2, strike=(1, 2, 3)),
                  dummy("w", "e4", 2, strike=(2, 2, 2))])
    play(g, L, 1, act="ability", source="h", ability=ability_index(g, L, "h", "action"), target="t")
    assert [seen(g, L, x)["wounds"] for x in "tuvw"] == [1, 1, 0, 0]
    spell = [{"kw": "action", "kind": "spell", "effects": [{"kw": "wound", "n": 3, "target": {"choose": "creature",
                                                                                          "side": "enemy"}}],
              "cost": "tap"}]
    g, L = setup([pool("h", "a1", 1, "vs2023-144-gerold-mraka"), dummy("s", "a6", 2, abilities=spell)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="h")
    assert seen(g, L, "h")["wounds"] == 0


def test_vs2023_140_vedma_slua_discharge_for_the_additional_lives_she_strips_life_cap_12():
    g, L = setup([pool("a", "c3", 1, "vs2023-140-vedma-slua", markers={"additional_life": 3}),
                  dummy("t", "c6", 2, life=9)])
    idx = ability_index(g, L, "a", "discharge")
    xs = sorted(a["x"] for a in g.legal_actions(1) if a.get("source") == L["a"] and a.get("ability") == idx
                and a.get("target") == L["t"])
    assert xs == [1, 2, 3]
    play(g, L, 1, act="ability", source="a", ability=idx, target="t", x=2)
    assert seen(g, L, "t")["wounds"] == 2 and seen(g, L, "a")["markers"].get("additional_life") == 1
    g, L = setup([pool("a", "c3", 1, "vs2023-140-vedma-slua")])
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["a"] and a["act"] == "ability"]
    g, L = setup([pool("a", "c3", 1, "vs2023-140-vedma-slua", markers={"additional_life": 3}),
                  dummy("t", "c4", 2, life=30, closed=True)], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "a")["markers"].get("additional_life") == 4  # vampirism 3, capped at 12 life
