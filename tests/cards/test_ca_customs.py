"""Set1-rest cards with card code (``custom`` abilities, engine/effects/customs/): one test per card,
each ability played through the public API (legal actions, apply, view; docs/cards.md)."""
from tests.cards.kit import ability_index, aim, dummy, end_turn, offered, play, pool, seen, setup


def test_vs2023_169_vlastelin_haosa_meets_strikes_as_open_while_closed_and_heals():
    # closed, it still fights: the attacker's 4 against its 6 is a -2 row (nothing); a closed card would take 4
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa", closed=True),
                  dummy("k", "c4", 2, life=30, strike=(4, 4, 4))], dice=[4, 6], active=2)
    play(g, L, 2, act="attack", source="k", target="a")
    assert seen(g, L, "a")["wounds"] == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa", closed=True),
                  dummy("k", "c4", 2, life=30, strike=(4, 4, 4))], dice=[1, 6], active=2)
    play(g, L, 2, act="attack", source="k", target="a")
    assert seen(g, L, "k")["wounds"] == 5 and seen(g, L, "a")["wounds"] == 0  # it strikes back (medium)
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa"), dummy("k", "c4", 2, life=30)], dice=[4, 4],
                 active=2)
    play(g, L, 2, act="attack", source="k", target="a")
    assert seen(g, L, "a")["wounds"] == 0  # a weak blow (row 0): protection from weak simple strikes
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa", wounds=5)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert seen(g, L, "a")["wounds"] == 3


def test_vs2023_136_gidra_strikes_every_adjacent_enemy_unanswered_and_its_strength_cannot_be_lowered():
    g, L = setup([pool("a", "c3", 1, "vs2023-136-gidra"), dummy("u", "b4", 2, life=30), dummy("v", "c4", 2, life=30),
                  dummy("w", "d4", 2, life=30)], dice=[1, 1, 1])
    for x in ("u", "v"):
        play(g, L, 1, act="attack", source="a", target=x)
        assert not seen(g, L, "a")["closed"]
    assert not [a for a in g.legal_actions(1) if a.get("act") == "attack" and a.get("target") in (L["u"], L["v"])]
    play(g, L, 1, act="attack", source="a", target="w")
    assert seen(g, L, "a")["closed"] and seen(g, L, "a")["wounds"] == 0  # unanswered: no blow back
    assert [seen(g, L, x)["wounds"] for x in "uvw"] == [2, 2, 2]
    armour = [{"kw": "incoming_strike_reduced", "to": "weak", "applies_to": ["simple_strike"]},
              {"kw": "damage_reduction", "n": 2, "from": {"kinds": ["simple_strike"]}}]
    g, L = setup([pool("a", "c3", 1, "vs2023-136-gidra"), dummy("t", "c4", 2, life=30, abilities=armour)], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3  # strong stays strong, nothing taken off
    g, L = setup([pool("a", "c3", 1, "vs2023-136-gidra"), dummy("t", "c4", 2, life=30, abilities=[
        {"kw": "armour", "n": 1}])], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 2  # armour still prevents


def test_vs2023_057_kriomant_ice_rain_lets_only_some_enemy_creatures_move_next_turn():
    enemies = [dummy(x, f"{x}5", 2) for x in "abcd"]
    g, L = setup([pool("k", "c1", 1, "vs2023-057-kriomant", tokens=1)] + enemies, dice=[5])
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "custom"))
    assert seen(g, L, "k")["tokens"] == 0 and seen(g, L, "k")["closed"]
    end_turn(g)
    play(g, L, 2, act="move", source="a", to="a4")
    play(g, L, 2, act="move", source="b", to="b4")  # 4-5: two creatures may move
    assert not [x for x in g.legal_actions(2) if x.get("act") == "move" and x["source"] in (L["c"], L["d"])]
    end_turn(g)
    assert not [e for e in g.effects if e["kind"] == "movers_limit"]  # it ended with that turn
    g, L = setup([pool("k", "c1", 1, "vs2023-057-kriomant"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 1


def test_vs2023_168_povelitel_bezdny_next_roll_six_after_an_enemy_death_and_wounds_cheap_neighbours_moving():
    zap = [{"kw": "discharge", "n": 5, "cost": "tap"}]
    g, L = setup([pool("a", "c3", 1, "vs2023-168-povelitel-bezdny"), dummy("m", "a1", 1, abilities=zap),
                  dummy("v", "a5", 2, life=1), dummy("t", "c4", 2, life=30, closed=True)], dice=[])
    play(g, L, 1, act="ability", source="m", ability=0, target="v")
    assert seen(g, L, "v")["zone"] == "graveyard" and seen(g, L, "a")["markers"].get("next_roll_six") == 1
    play(g, L, 1, act="attack", source="a", target="t")  # no die listed: the roll counts as 6
    assert seen(g, L, "t")["wounds"] == 6 and not seen(g, L, "a")["markers"].get("next_roll_six")
    g, L = setup([pool("a", "c3", 1, "vs2023-168-povelitel-bezdny"), dummy("c", "b2", 1, cost=4),
                  dummy("x", "d2", 2, cost=5), dummy("e", "c1", 2, cost=2)])
    play(g, L, 1, act="move", source="a", to="c2")
    assert [seen(g, L, x)["wounds"] for x in "cxe"] == [1, 0, 1]


def test_vs2023_063_ragnar_valhalla_first_strike_unanswered_and_the_first_valhalla_twice():
    g, L = setup([pool("r", None, 1, "vs2023-063-ragnar", zone="graveyard"), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=30, strike=(5, 5, 5)), dummy("u", "b3", 1),
                  dummy("v", "b4", 2, life=30, strike=(5, 5, 5))], active=2, dice=[6, 1, 1])
    end_turn(g)  # player 1's turn starts: Ragnar's Valhalla (optional) is declared
    play(g, L, 1, act="attack", source="k", target="t")  # unanswered: one die, no blow back
    assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "k")["wounds"] == 0
    play(g, L, 1, act="attack", source="u", target="v")  # the second strike is a fight again (1 against 1)
    assert seen(g, L, "v")["wounds"] == 1
    knight = "vs2023-062-kostedrobitel"
    g, L = setup([pool("r", "a1", 1, "vs2023-063-ragnar"), pool("b", None, 1, knight, zone="graveyard"),
                  dummy("k", "c3", 1), dummy("u", "d3", 1), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("v", "d4", 2, life=30, closed=True)], active=2, dice=[1, 1])
    picks = []

    def pick(g2, legal):  # the bone crusher's Valhalla twice: +1 to one creature, then +1 to another
        if g2.prompt["kind"] != "triggers":
            return None
        want = L["u"] if picks else L["k"]
        picks.append(want)
        return next(a for a in legal if a.get("target") == want)
    end_turn(g, pick)
    assert picks == [L["k"], L["u"]]
    play(g, L, 1, act="attack", source="k", target="t")
    play(g, L, 1, act="attack", source="u", target="v")
    assert seen(g, L, "t")["wounds"] == 2 and seen(g, L, "v")["wounds"] == 2


def test_vs2023_153_saykoron_teleports_beside_a_ranged_attacker_of_its_neighbour_once_per_battle():
    shot = [{"kw": "shot", "n": 1, "cost": "tap"}]
    offers = []

    def pick(g2, lg):
        if g2.prompt["kind"] == "triggers":
            offers.append(sorted(a["to"] for a in lg if a["act"] == "declare"))
            return next(a for a in lg if a.get("to") == "d5")
        return None
    g, L = setup([pool("a", "c3", 1, "vs2023-153-saykoron"), dummy("f", "b3", 1, life=9), dummy("h", "d4", 1),
                  dummy("s", "c6", 2, abilities=shot), dummy("z", "a6", 2, abilities=shot)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="f", pick=pick)
    assert offers == [["b5", "b6", "c5", "d5", "d6"]]
    assert seen(g, L, "a")["cell"] == "d5" and seen(g, L, "f")["wounds"] == 1
    play(g, L, 2, act="ability", source="z", ability=0, target="h", pick=pick)  # h is next to it now
    assert len(offers) == 1 and seen(g, L, "a")["cell"] == "d5"  # once per battle
    g, L = setup([pool("a", "c3", 1, "vs2023-153-saykoron"), dummy("t", "c4", 2, life=30)], dice=[6])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="t")
    assert seen(g, L, "t")["wounds"] == 4


def test_vs2023_096_tergala_blooming_runes_wound_x_enemies_at_the_start_of_the_next_turn():
    g, L = setup([pool("a", "c1", 1, "vs2023-096-tergala"), dummy("f", "a2", 1), dummy("h", "b2", 1),
                  dummy("w", "d2", 1, wounds=1), dummy("u", "a5", 2, life=9), dummy("v", "b5", 2, life=9),
                  dummy("z", "c5", 2, life=9)], dice=[6])
    idx = ability_index(g, L, "a", "custom")
    assert sorted(a["x"] for a in g.legal_actions(1) if a.get("ability") == idx and a.get("source") == L["a"]) \
        == [1, 2, 3, 4, 5, 6]
    play(g, L, 1, act="ability", source="a", ability=idx, x=2)
    end_turn(g)
    offers = []

    def pick(g2, legal):
        if g2.prompt["kind"] == "triggers":
            offers.extend(a["targets"] for a in legal if a.get("source") == L["a"])
            return next(a for a in legal if a.get("targets") == sorted([L["u"], L["v"]]))
        return None
    end_turn(g, pick)
    assert offers and max(len(t) for t in offers) == 2  # X = 2 unwounded creatures of yours in row 2
    assert [seen(g, L, x)["wounds"] for x in "uvz"] == [2, 2, 0]
    g, L = setup([pool("a", "c1", 1, "vs2023-096-tergala"), dummy("t", "c5", 2)], dice=[4])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 2


def test_vs2023_028_matriarh_plemeni_order_makes_a_closed_enemy_fight_and_strikers_stay_open():
    g, L = setup([pool("m", "a1", 1, "vs2023-028-matriarh-plemeni", tokens=1), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=30, strike=(2, 2, 2), closed=True)], dice=[1, 6])
    play(g, L, 1, act="ability", source="m", ability=ability_index(g, L, "m", "custom"), target="t")
    assert seen(g, L, "m")["tokens"] == 0 and seen(g, L, "m")["closed"]
    play(g, L, 1, act="attack", source="k", target="t")  # a fight: 1 against 6, the closed target strikes back
    assert seen(g, L, "k")["wounds"] == 2 and seen(g, L, "t")["wounds"] == 0 and not seen(g, L, "k")["closed"]
    g, L = setup([pool("m", "a1", 1, "vs2023-028-matriarh-plemeni"), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=30, strike=(2, 2, 2), closed=True)], dice=[1])
    play(g, L, 1, act="attack", source="k", target="t")  # no order: one die, no answer
    assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "k")["closed"]


def test_vs2023_143_voznitsa_moves_and_strikes_across_the_two_end_cells_of_a_row():
    g, L = setup([pool("a", "a3", 1, "vs2023-143-voznitsa"), dummy("t", "e4", 2, life=30, closed=True)], dice=[6])
    offered(g, L, 1, act="move", source="a", to="e3")
    play(g, L, 1, act="move", source="a", to="e3")
    assert seen(g, L, "a")["cell"] == "e3"
    g, L = setup([pool("a", "a4", 1, "vs2023-143-voznitsa"), dummy("t", "e4", 2, life=30, closed=True)], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3
    g, L = setup([pool("a", "b4", 1, "vs2023-143-voznitsa"), dummy("t", "e4", 2, life=30)])
    assert not [x for x in g.legal_actions(1) if x.get("act") == "attack" and x.get("target") == L["t"]]


def test_vs2023_154_mrachnaya_dvoryanka_blocks_an_enemy_heal_above_8_and_doubles_yours_below_8():
    heal2 = [{"kw": "heal", "n": 2, "target": {"choose": "creature", "side": "friendly"}, "cost": "tap"}]
    g, L = setup([pool("d", "a1", 1, "vs2023-154-mrachnaya-dvoryanka", markers={"additional_life": 2}),
                  dummy("h", "c6", 2, abilities=heal2), dummy("w", "c5", 2, life=9, wounds=4),
                  dummy("v", "b5", 2, abilities=heal2)], active=2)
    play(g, L, 2, act="ability", source="h", ability=0, target="w")
    assert seen(g, L, "w")["wounds"] == 4  # 10 lives: the first enemy heal of the turn is cancelled
    play(g, L, 2, act="ability", source="v", ability=0, target="w")
    assert seen(g, L, "w")["wounds"] == 2  # only the first
    g, L = setup([pool("d", "a1", 1, "vs2023-154-mrachnaya-dvoryanka", wounds=2),
                  dummy("h", "c1", 1, abilities=heal2), dummy("w", "c2", 1, life=9, wounds=5),
                  dummy("v", "b1", 1, abilities=heal2)])
    play(g, L, 1, act="ability", source="h", ability=0, target="w")
    assert seen(g, L, "w")["wounds"] == 1  # 6 lives: your first heal is doubled
    play(g, L, 1, act="ability", source="v", ability=0, target="w")
    assert seen(g, L, "w")["wounds"] == 0
    g, L = setup([pool("d", "a1", 1, "vs2023-154-mrachnaya-dvoryanka"), dummy("h", "c1", 1, abilities=heal2),
                  dummy("w", "c2", 1, life=9, wounds=5)])
    play(g, L, 1, act="ability", source="h", ability=0, target="w")
    assert seen(g, L, "w")["wounds"] == 3  # exactly 8: neither


def test_vs2023_119_bul_bagur_lantern_light_adds_a_wound_on_the_lit_line():
    shot = [{"kw": "shot", "n": 1, "cost": "tap"}]
    g, L = setup([pool("b", "c3", 1, "vs2023-119-bul-bagur"), dummy("s", "a1", 1, abilities=shot),
                  dummy("t", "e5", 2, life=30), dummy("u", "d4", 2, life=30, markers={"poison": 1}),
                  dummy("x", "c5", 2, life=30)], active=1, dice=[6, 1])
    offers = []

    def pick(g2, legal):
        if g2.prompt["kind"] == "triggers" and g2.prompt["player"] == 1:
            offers.extend(a["to"] for a in legal if a.get("source") == L["b"])
            return next(a for a in legal if a.get("to") == "e5")
        return None
    end_turn(g, pick)  # the opponent's turn starts: light d4-e5
    assert {"c6", "e5", "a5", "c1"} <= set(offers) and "d6" not in offers
    assert seen(g, L, "u")["wounds"] == 2  # its poisoning 1, +1 on a lit cell
    end_turn(g)
    play(g, L, 1, act="ability", source="s", ability=0, target="t")
    assert seen(g, L, "t")["wounds"] == 2  # a shot for 1, +1 on a lit cell
    play(g, L, 1, act="attack", source="b", target="u")  # its strike, 6+1 against 1: strong 3, +1
    assert seen(g, L, "u")["wounds"] == 6 and seen(g, L, "x")["wounds"] == 0


def test_vs2023_093_ochi_kronga_open_after_a_forest_strike_shot_and_heal_in_a_row():
    forest = "Леса"
    shot = [{"kw": "shot", "n": 1, "cost": "tap"}]
    heal = [{"kw": "heal", "n": 1, "target": {"choose": "creature", "side": "friendly"}, "cost": "tap"}]

    def board(mid_element=forest):
        return setup([pool("o", None, 1, "vs2023-093-ochi-kronga", closed=True),
                      dummy("s", "a1", 1, element=forest, abilities=shot),
                      dummy("h", "b1", 1, element=mid_element, abilities=heal, wounds=1),
                      dummy("k", "c3", 1, element=forest), dummy("m", "e2", 1, element=forest),
                      dummy("t", "c4", 2, life=30, closed=True)], dice=[1])
    g, L = board()
    play(g, L, 1, act="ability", source="s", ability=0, target="t")
    play(g, L, 1, act="move", source="m", to="e3")  # moving does not break the chain
    play(g, L, 1, act="ability", source="h", ability=0, target="h")
    assert seen(g, L, "o")["closed"]
    play(g, L, 1, act="attack", source="k", target="t")
    assert not seen(g, L, "o")["closed"]  # shot, heal, strike: the Eyes open
    g, L = board(mid_element="Горы")
    play(g, L, 1, act="ability", source="s", ability=0, target="t")
    play(g, L, 1, act="ability", source="h", ability=0, target="h")
    play(g, L, 1, act="attack", source="k", target="t")
    assert seen(g, L, "o")["closed"]  # the heal was not by a Forest creature


def test_vs2023_148_sshivatel_ploti_stitches_an_exiled_creature_into_a_resurrected_one_and_heals_dark():
    g, L = setup([pool("s", "c2", 1, "vs2023-148-sshivatel-ploti", tokens=3),
                  dummy("x", None, 1, zone="graveyard", life=6, strike=(3, 3, 4)),
                  dummy("r", None, 1, zone="graveyard", life=4, strike=(1, 1, 1),
                        abilities=[{"kw": "shot", "n": 1, "cost": "tap"}]),
                  dummy("t", "c4", 2, life=30, closed=True)], dice=[1])
    idx = ability_index(g, L, "s", "custom")
    play(g, L, 1, act="ability", source="s", ability=idx, targets=["x", "r"], to="c3")
    assert seen(g, L, "x")["zone"] == "exile" and seen(g, L, "r")["cell"] == "c3"
    assert not seen(g, L, "r")["closed"] and seen(g, L, "r")["markers"].get("additional_life") == 6
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["r"] and a["act"] == "ability"]  # lost
    play(g, L, 1, act="attack", source="r", target="t")
    assert seen(g, L, "t")["wounds"] == 4  # 1 + the exiled creature's weak strike 3
    g, L = setup([pool("s", "c2", 1, "vs2023-148-sshivatel-ploti"), dummy("d", "c3", 1, element="Тьма", wounds=2),
                  dummy("n", "b3", 1, wounds=2)])
    act = ability_index(g, L, "s", "action")
    assert not [a for a in g.legal_actions(1) if a.get("ability") == act and a.get("target") == L["n"]]
    play(g, L, 1, act="ability", source="s", ability=act, target="d")
    assert seen(g, L, "d")["wounds"] == 1 and seen(g, L, "s")["tokens"] == 1


def _prophet(n):
    return dummy("p", "a1", 1, abilities=[{"kw": "prophecy", "n": n, "cost": "tap"}])


def _deck(*labels):
    return [dummy(x, None, 1, zone="deck") for x in labels]


def test_vs2023_104_mahinator_returns_the_revealed_cards_on_top_in_the_chosen_order_and_trick():
    g, L = setup([pool("m", "b1", 1, "vs2023-104-mahinator"), _prophet(2)] + _deck("d1", "d2", "d3"))
    picks = []

    def pick(g2, legal):
        pr = g2.prompt
        if pr["kind"] == "triggers":
            return next(a for a in legal if a["act"] == "declare")
        if pr["kind"] == "choice" and g2.executing and (g2.executing.get("ask") or {}).get("what") == "deck_top_order":
            items = g2.executing["ask"]["items"]
            picks.append(list(items))
            return {"act": "choose", "option": {"choice": items.index(L["d2"])}}
        return None
    play(g, L, 1, act="ability", source="p", ability=0, pick=pick)
    assert picks == [[L["d1"], L["d2"]]]
    assert g.decks[1][:3] == [L["d2"], L["d1"], L["d3"]]  # d2 chosen for the top, then d1
    g, L = setup([pool("m", "b1", 1, "vs2023-104-mahinator"), _prophet(2)] + _deck("d1", "d2", "d3"))
    play(g, L, 1, act="ability", source="p", ability=0, pick=lambda g2, lg: {"act": "pass"}
         if g2.prompt["kind"] == "triggers" else None)
    assert sorted(g.decks[1]) == sorted([L["d1"], L["d2"], L["d3"]])  # passed: the prophecy's shuffle stays
    g, L = setup([pool("m", "b1", 1, "vs2023-104-mahinator"), dummy("t", "c4", 2, tokens=2)])
    play(g, L, 1, act="ability", source="m", ability=ability_index(g, L, "m", "action"), target="t")
    assert seen(g, L, "t")["tokens"] == 1


def test_vs2023_127_isharskaya_nenasyt_next_strike_plus_the_revealed_cards_at_most_three():
    g, L = setup([pool("a", "c3", 1, "vs2023-127-isharskaya-nenasyt"), _prophet(2),
                  dummy("q", "b1", 1, abilities=[{"kw": "prophecy", "n": 2, "cost": "tap"}]),
                  dummy("t", "c4", 2, life=30, closed=True)] + _deck("d1", "d2", "d3", "d4"), dice=[1, 1, 1])
    play(g, L, 1, act="ability", source="p", ability=0)
    play(g, L, 1, act="ability", source="q", ability=0)
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 4  # weak 1 + 3 (2 + 2, capped)
    end_turn(g)
    end_turn(g)
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 5  # used up by that strike: a weak 1 again (1 against 1)


def test_vs2023_168_povelitel_bezdny_next_roll_six_when_one_of_yours_incarnates():
    inc = [{"kw": "incarnation", "n": 1}]
    g, L = setup([pool("a", "c3", 1, "vs2023-168-povelitel-bezdny"),
                  dummy("i", None, 1, zone="graveyard", abilities=inc)], active=2)
    end_turn(g)
    assert seen(g, L, "i")["zone"] == "battlefield" and seen(g, L, "a")["markers"].get("next_roll_six") == 1


def test_vs2023_173_vedunya_ordena_looks_at_three_and_puts_them_on_top_or_bottom():
    g, L = setup([pool("v", "b1", 1, "vs2023-173-vedunya-ordena")] + _deck("d1", "d2", "d3", "d4"), active=2)
    want = iter([f"top:{L['d3']}", f"bottom:{L['d1']}", f"top:{L['d2']}"])

    def pick(g2, legal):
        if g2.prompt["kind"] == "choice" and (g2.executing.get("ask") or {}).get("what") == "deck_top_or_bottom":
            items = g2.executing["ask"]["items"]
            return {"act": "choose", "option": {"choice": items.index(next(want))}}
        return None
    end_turn(g, pick)
    assert g.decks[1] == [L["d2"], L["d3"], L["d4"], L["d1"]]
    looked = [e for e in g.view(1)["log"] if e["type"] == "looked"]
    assert looked and looked[0]["cards"] == [L["d1"], L["d2"], L["d3"]]
    assert not [e for e in g.view(2)["log"] if e["type"] == "looked"]  # only its owner sees them
    g, L = setup([pool("v", "b1", 1, "vs2023-173-vedunya-ordena"), dummy("t", "b5", 2)], dice=[6])
    play(g, L, 1, act="ability", source="v", ability=ability_index(g, L, "v", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
