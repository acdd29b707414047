"""One test per neutral (Нейтральные) card of set1-rest that uses only existing keywords (README §6.8 "cheap"),
each ability played in a real position through the public API: legal actions, apply, view (docs/cards.md)."""
from tests.cards.kit import ability_index, declare_pick, dummy, play, pool, prompt_kinds, seen, settle, setup

SHOT3 = [{"kw": "shot", "n": 3, "cost": "tap"}]


def test_vs2023_176_naemnik_formation_takes_one_less_from_shots_and_throws():
    g, L = setup([pool("a", "c3", 1, "vs2023-176-naemnik"), pool("b", "d3", 1, "vs2023-176-naemnik"),
                  pool("c", "a1", 1, "vs2023-176-naemnik"), dummy("s", "c6", 2, abilities=SHOT3),
                  dummy("u", "a6", 2, abilities=SHOT3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    play(g, L, 2, act="ability", source="u", ability=0, target="c")
    assert seen(g, L, "a")["wounds"] == 2 and seen(g, L, "c")["wounds"] == 3  # only in formation


def test_vs2023_191_assasin_jump_strike_through_a_row_and_finishing_blow():
    g, L = setup([pool("a", "c3", 1, "vs2023-191-assasin")])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "jump"), to="a5")
    assert seen(g, L, "a")["cell"] == "a5"
    g, L = setup([pool("a", "c3", 1, "vs2023-191-assasin"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    g, L = setup([pool("a", "c3", 1, "vs2023-191-assasin"), dummy("t", "c4", 2, life=9, wounds=5)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "finishing_blow"), target="t")
    assert seen(g, L, "t")["zone"] == "graveyard"


def test_vs2023_193_aratsent_weak_strike_poisons_for_1_medium_or_strong_for_2():
    for die, poison in ((1, 1), (4, 2), (6, 2)):
        g, L = setup([pool("a", "c3", 1, "vs2023-193-aratsent"), dummy("t", "c4", 2, life=30, closed=True)],
                     dice=[die])
        play(g, L, 1, act="attack", source="a", target="t")
        assert seen(g, L, "t")["markers"].get("poison") == poison


def test_vs2023_195_berserk_two_strikes_row_strike_protections_directed():
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("u", "b3", 2, life=30, closed=True)], dice=[1, 1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert not seen(g, L, "a")["closed"]
    assert {"act": "attack", "source": L["a"], "target": L["t"]} not in g.legal_actions(1)  # a different card
    play(g, L, 1, act="attack", source="a", target="u")
    assert seen(g, L, "a")["closed"] and seen(g, L, "t")["wounds"] == 3 and seen(g, L, "u")["wounds"] == 3
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    venom = [{"kw": "action", "effects": [{"kw": "poison", "n": 1, "target": {"choose": "creature", "side": "enemy"}}],
              "cost": "tap"},
             {"kw": "action", "kind": "spell", "effects": [{"kw": "wound", "n": 2, "target": {"choose": "creature",
                                                                                          "side": "enemy"}}],
              "cost": "tap"}]
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("v", "a6", 2, abilities=venom),
                  dummy("w", "b6", 2, abilities=venom)], active=2)
    play(g, L, 2, act="ability", source="v", ability=0, target="a")
    play(g, L, 2, act="ability", source="w", ability=1, target="a")
    assert seen(g, L, "a")["markers"].get("poison") is None and seen(g, L, "a")["wounds"] == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-195-berserk"), dummy("t", "c4", 2), dummy("d", "d4", 2)],
                 dice=[6, 1])
    play(g, L, 1, act="attack", source="a", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g) and seen(g, L, "t")["wounds"] > 0  # directed strike: no defender


def test_vs2023_184_otshelnitsa_moves_wounds_of_a_struck_friend_and_heals_itself():
    g, L = setup([pool("o", "a1", 1, "vs2023-184-otshelnitsa"), dummy("f", "c3", 1, life=9, closed=True),
                  dummy("r", "b1", 1, life=9), dummy("e", "c4", 2, strike=(3, 3, 3))], active=2, dice=[1])
    play(g, L, 2, act="attack", source="e", target="f", pick=declare_pick(g, L, "o", "r"))
    assert seen(g, L, "f")["wounds"] == 0 and seen(g, L, "r")["wounds"] == 3 and seen(g, L, "o")["closed"]
    g, L = setup([pool("o", "a1", 1, "vs2023-184-otshelnitsa", wounds=4)])
    play(g, L, 1, act="ability", source="o", ability=ability_index(g, L, "o", "heal"))
    assert seen(g, L, "o")["wounds"] == 1


def test_vs2023_186_golovorez_experience_and_directed_strike_with_more_friends_around():
    g, L = setup([pool("a", "c3", 1, "vs2023-186-golovorez"), dummy("t", "c4", 2, life=30), dummy("d", "d4", 2),
                  dummy("f", "b3", 1), dummy("h", "b2", 1), dummy("i", "d2", 1)], dice=[3, 1])
    play(g, L, 1, act="attack", source="a", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g)  # 3 friends vs 2 enemies next to it: directed
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["wounds"] == 0  # 3 + 1 - 1 = +3: medium, no blow back
    g, L = setup([pool("a", "c3", 1, "vs2023-186-golovorez"), dummy("t", "c4", 2, life=30), dummy("d", "d4", 2)],
                 dice=[3, 1])
    play(g, L, 1, act="attack", source="a", target="t", settle_after=False)
    assert "defender" in prompt_kinds(g)


def test_vs2023_197_eorval_bonuses_with_four_classes_next_to_it():
    near = [dummy(f"n{i}", cell, 1, classes=[cls]) for i, (cell, cls) in
            enumerate((("b3", "эльф"), ("d3", "гном"), ("b2", "орк"), ("d2", "демон")))]
    g, L = setup([pool("a", "c3", 1, "vs2023-197-eorval"), dummy("t", "c4", 2, life=30, closed=True)] + near,
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3  # weak 2 + 1
    g, L = setup([pool("a", "c3", 1, "vs2023-197-eorval"), dummy("t", "c4", 2, life=30, closed=True)] + near[:3],
                 dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 2
    g, L = setup([pool("a", "c3", 1, "vs2023-197-eorval"), dummy("s", "c6", 2, abilities=SHOT3)] + near, active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 2


def test_vs2023_188_paladin_allamora_formation_bonus_vs_dark_and_column_range():
    g, L = setup([pool("a", "c3", 1, "vs2023-188-paladin-allamora"), pool("b", "b3", 1, "vs2023-188-paladin-allamora"),
                  dummy("t", "c4", 2, life=30, closed=True, element="Тьма")], dice=[1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3
    shooter = [{"kw": "shot", "n": 1, "range": 2, "cost": "tap"}]
    g, L = setup([pool("a", "c3", 1, "vs2023-188-paladin-allamora"), dummy("s", "c1", 1, abilities=shooter),
                  dummy("t", "c4", 2)])
    play(g, L, 1, act="ability", source="s", ability=0, target="t")  # range 3 in the Paladin's column
    assert seen(g, L, "t")["wounds"] == 1
    g, L = setup([pool("a", "c3", 1, "vs2023-188-paladin-allamora"), dummy("s", "b1", 1, abilities=shooter),
                  dummy("t", "b4", 2)])
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["s"] and a.get("target") == L["t"]]


def test_vs2023_189_voin_hrama_best_of_two_in_a_fight_and_dodges_ranged_attacks_on_5_or_6():
    g, L = setup([pool("a", "c3", 1, "vs2023-189-voin-hrama"), dummy("t", "c4", 2, life=30)], dice=[1, 6, 1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 6  # keeps the 6: +5, strong
    g, L = setup([pool("a", "c3", 1, "vs2023-189-voin-hrama"), dummy("s", "c6", 2, abilities=SHOT3),
                  dummy("u", "d6", 2, abilities=SHOT3)], active=2, dice=[5, 4])
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    play(g, L, 2, act="ability", source="u", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 3  # the first dodged on a 5, the second not on a 4


def _to_battle_start(first: int):
    """A real game (Game.new) driven to the Battle Start step with Аристократка recruited by player 1, who plays
    ``first`` (1: first, 2: second)."""
    from engine import Game, load_deck
    deck = load_deck("Степи-Болота (2023 relaunch cards)")
    g = Game.new(seed=5, deck1=["vs2023-194-aristokratka"] * 3 + deck[3:], deck2=deck)
    for _ in range(600):
        p, pr = g.to_act(), g.prompt
        if pr["kind"] == "preliminary" and pr.get("step") == "battle_start":
            return g
        legal = [a for a in g.legal_actions(p) if a["act"] != "concede"]
        pick = [a for a in legal if isinstance(a.get("option"), dict) and (
            a["option"].get("first") == first if "first" in a["option"] else
            g.cards.get(a["option"].get("recruit"), None) is not None
            and g.cards[a["option"]["recruit"]].defkey == "vs2023-194-aristokratka")]
        g.apply(p, (pick or legal)[0])
    raise AssertionError("no battle start step")


def test_vs2023_194_aristokratka_intrigues_at_battle_start_and_strike_through_a_row():
    g = _to_battle_start(1)
    offers = [a for a in g.legal_actions(1) if a["act"] == "declare"]
    two = next(a for a in offers if len(a["targets"]) == 2)
    g.apply(1, two)
    assert all(g.view(1)["cards"][t]["markers"].get("poison") == 1 for t in two["targets"])
    g = _to_battle_start(2)
    ari = next(c for c in g.cards.values() if c.defkey == "vs2023-194-aristokratka")
    offers = [a for a in g.legal_actions(ari.controller) if a["act"] == "declare"]
    two = next(a for a in offers if len(a["targets"]) == 2)
    assert all(g.cards[t].controller != ari.controller for t in two["targets"])
    g.apply(ari.controller, two)
    assert all(g.view(None)["cards"][t]["closed"] for t in two["targets"])
    while g.phase != "main":
        g.apply(g.to_act(), next(a for a in g.legal_actions(g.to_act()) if a["act"] != "concede"))
    assert all(g.view(None)["cards"][t]["closed"] for t in two["targets"])  # they did not open in turn 1
    g, L = setup([pool("a", "c3", 1, "vs2023-194-aristokratka"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert seen(g, L, "t")["wounds"] == 1


def test_vs2023_009_hozyayka_prayda_sand_claws_wound_and_plus_one_to_your_rolls_against_it():
    g, L = setup([pool("h", "a1", 1, "vs2023-009-hozyayka-prayda"), dummy("k", "c3", 1, strike=(1, 2, 3)),
                  dummy("t", "c4", 2, life=9, closed=True)], dice=[3])
    play(g, L, 1, act="ability", source="h", ability=ability_index(g, L, "h", "action"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    play(g, L, 1, act="attack", source="k", target="t")
    assert seen(g, L, "t")["wounds"] == 1 + 2  # a 3 counts as 4: medium


def test_vs2023_027_bon_i_berrou_row_strike_without_a_token_discharge_with_one_block_and_armour():
    g, L = setup([pool("b", "c3", 1, "vs2023-027-bon-i-berrou"), dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="b", ability=ability_index(g, L, "b", "strike_through_row"), target="t",
         pick=declare_pick(g, L, "b"))
    assert seen(g, L, "t")["wounds"] == 2 and seen(g, L, "b")["tokens"] == 1
    g, L = setup([pool("b", "c3", 1, "vs2023-027-bon-i-berrou", tokens=1), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("u", "c6", 2, life=9)], dice=[1, 6])
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["b"]
                and a.get("ability") == ability_index(g, L, "b", "strike_through_row")]
    play(g, L, 1, act="attack", source="b", target="t", pick=declare_pick(g, L, "b", "u"))
    assert seen(g, L, "t")["wounds"] == 2 and seen(g, L, "u")["wounds"] == 2  # then the discharge, strong
    g, L = setup([pool("b", "c3", 1, "vs2023-027-bon-i-berrou", tokens=1), dummy("e", "c4", 2, strike=(5, 5, 5))],
                 active=2)
    g.apply(2, {"act": "attack", "source": L["e"], "target": L["b"]})
    settle(g, pick=lambda g2, legal: next((a for a in legal if a["act"] == "ability"), None))
    assert seen(g, L, "b")["wounds"] == 0 and seen(g, L, "b")["tokens"] == 0  # the token blocked the strike
    g, L = setup([pool("b", "c3", 1, "vs2023-027-bon-i-berrou"), dummy("s", "c6", 2, abilities=SHOT3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="b")
    assert seen(g, L, "b")["wounds"] == 2  # armour 1


def test_vs2023_174_vzryvnaya_meri_black_spot_on_a_rolled_1_and_pirate_daring():
    g, L = setup([pool("m", "a1", 1, "vs2023-174-vzryvnaya-meri"), dummy("f", "c3", 1, life=9),
                  dummy("e", "c4", 2, life=9)], active=2, dice=[1, 3])
    play(g, L, 2, act="attack", source="e", target="f",
         pick=lambda g2, legal: next((a for a in legal if a["act"] == "ability" and a.get("target") == L["e"]), None)
         if g2.prompt["kind"] == "window" else None)
    assert seen(g, L, "e")["wounds"] == 2 and seen(g, L, "m")["closed"]  # its roll of 1, then the strike missed
    shot = [{"kw": "shot", "strike": [1, 2, 3], "cost": "tap"}]
    g, L = setup([pool("m", "a1", 1, "vs2023-174-vzryvnaya-meri"), dummy("f", "c3", 1, life=9),
                  dummy("e", "c6", 2, life=9, abilities=shot)], active=2, dice=[1])
    play(g, L, 2, act="ability", source="e", ability=0, target="f",
         pick=lambda g2, legal: next((a for a in legal if a["act"] == "ability"), None)
         if g2.prompt["kind"] == "window" else None)
    assert seen(g, L, "e")["wounds"] == 2 and seen(g, L, "f")["wounds"] == 1  # a shot's die of 1 too
    g, L = setup([pool("m", "a1", 1, "vs2023-174-vzryvnaya-meri"), dummy("e", "c4", 2, life=9)], active=2)
    g.apply(2, {"act": "pass"})
    play(g, L, 1, act="ability", source="m", ability=ability_index(g, L, "m", "action"), target="e")
    assert seen(g, L, "e")["wounds"] == 1  # sudden: in the opponent's turn
