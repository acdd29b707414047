"""Cards of set1-rest that gain flight, lose or are granted abilities, or mark cards: one test per
card, each ability played through the public API (legal actions -> apply -> view)."""
from tests.cards.kit import ability_index, declare_pick, dummy, end_turn, play, pool, prompt_kinds, seen, setup


def test_vs2023_183_dozor_forrendora_shot_bonus_vs_flyers_and_takes_off_when_a_flyer_dies():
    g, L = setup([pool("d", "c2", 1, "vs2023-183-dozor-forrendora"), dummy("f", None, 2, life=2, flyer=True,
                                                                         move=None, zone="aux"),
                  dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="d", ability=ability_index(g, L, "d", "shot"), target="f",
         pick=declare_pick(g, L, "d"))
    assert seen(g, L, "f")["zone"] == "graveyard"  # 1 + 1 against a flyer = 2
    v = seen(g, L, "d")
    assert v["zone"] == "aux" and v["cell"] is None  # took off
    assert g.is_flyer(g.cards[L["d"]])
    g, L = setup([pool("d", "c2", 1, "vs2023-183-dozor-forrendora"), dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="d", ability=ability_index(g, L, "d", "shot"), target="t")
    assert seen(g, L, "t")["wounds"] == 1  # no bonus against a ground creature


def test_vs2023_159_drakkarh_takes_a_directed_strike_and_strikes_flyers_harder():
    cards = [pool("k", None, 1, "vs2023-159-drakkarh", zone="aux"), dummy("t", "c4", 2, life=9),
             dummy("d", "c5", 2, life=9)]
    g, L = setup(cards, dice=[4, 1])
    play(g, L, 1, act="attack", source="k", target="t", settle_after=False)
    assert "defender" in prompt_kinds(g)  # no directed strike yet: the neighbour may defend
    g, L = setup(cards, dice=[4, 1])
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "grant_abilities"))
    assert g.view(1)["cards"][L["k"]]["closed"] and "directed_strike" in [a["kw"] for a in g.cards[L["k"]].acquired]
    end_turn(g)
    end_turn(g)
    play(g, L, 1, act="attack", source="k", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g)  # the gain lasts (no end printed)
    assert seen(g, L, "t")["wounds"] == 3
    g, L = setup([pool("k", None, 1, "vs2023-159-drakkarh", zone="aux"),
                  dummy("f", None, 2, life=9, flyer=True, move=None, zone="aux", closed=True)], dice=[4])
    play(g, L, 1, act="attack", source="k", target="f")
    assert seen(g, L, "f")["wounds"] == 4  # medium 3 + 1 against a flyer


def test_vs2023_094_korol_zhrets_loss_of_memory_while_he_stays_and_heal():
    shooter = [{"kw": "shot", "n": 1, "cost": "tap"}]
    g, L = setup([pool("k", "c3", 1, "vs2023-094-korol-zhrets", tokens=1),
                  dummy("s", "c5", 2, abilities=shooter), dummy("e", "c4", 2, life=3, strike=(10, 10, 10))], dice=[6])
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "lose_abilities"), target="s")
    assert seen(g, L, "k")["tokens"] == 0 and seen(g, L, "k")["closed"]
    s = g.cards[L["s"]]
    assert not any(a.get("kw") == "shot" for a in g.abilities(s))
    end_turn(g)
    assert not [a for a in g.legal_actions(2) if a["act"] == "ability" and a["source"] == L["s"]]
    play(g, L, 2, act="attack", source="e", target="k")  # the Priest-King dies: the memory comes back
    assert seen(g, L, "k")["zone"] == "graveyard"
    assert [a for a in g.legal_actions(2) if a["act"] == "ability" and a["source"] == L["s"]]
    g, L = setup([pool("k", "c3", 1, "vs2023-094-korol-zhrets"), dummy("f", "c2", 1, wounds=3)])
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "heal"), target="f")
    assert seen(g, L, "f")["wounds"] == 1


def test_vs2023_068_vladyka_nebes_marks_its_prey_then_strikes_it_unanswered_for_three_more():
    g, L = setup([pool("v", "c3", 1, "vs2023-068-vladyka-nebes"), dummy("t", "c4", 2, life=20, strike=(2, 2, 2))],
                 dice=[4, 1, 4])
    play(g, L, 1, act="attack", source="v", target="t")
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "t")["markers"].get("prey") == 1
    end_turn(g)
    end_turn(g)
    play(g, L, 1, act="attack", source="v", target="t")  # unanswered: one die only, medium 3 + 3
    assert seen(g, L, "t")["wounds"] == 9 and seen(g, L, "v")["wounds"] == 0


def test_vs2023_068_vladyka_nebes_takes_to_the_air_and_ignores_protection_from_flyers():
    g, L = setup([pool("v", "c3", 1, "vs2023-068-vladyka-nebes"),
                  dummy("t", "a5", 2, life=20, abilities=[{"kw": "protection", "from": "flyer_attacks"}])], dice=[4, 1])
    play(g, L, 1, act="ability", source="v", ability=ability_index(g, L, "v", "grant_abilities"))
    assert seen(g, L, "v")["zone"] == "aux" and g.is_flyer(g.cards[L["v"]])
    end_turn(g)
    end_turn(g)
    play(g, L, 1, act="attack", source="v", target="t")  # far away, and through its protection
    assert seen(g, L, "t")["wounds"] == 3


def test_vs2023_004_girrit_marks_its_target_for_the_hunt_and_a_flyer_strikes_it_for_two_more():
    g, L = setup([pool("g", "c2", 1, "vs2023-004-girrit", tokens=1), dummy("t", "c5", 2, life=20, closed=True),
                  dummy("f", None, 1, strike=(3, 3, 3), flyer=True, move=None, zone="aux")])
    play(g, L, 1, act="ability", source="g", ability=ability_index(g, L, "g", "shot", 0), target="t")
    assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "t")["markers"] == {"hunt": 1}
    play(g, L, 1, act="attack", source="f", target="t")  # a flyer's attack: 3 + 2 more, the marker comes off
    assert seen(g, L, "t")["wounds"] == 6 and seen(g, L, "t")["markers"] == {}
    g, L = setup([pool("g", "c2", 1, "vs2023-004-girrit", tokens=1), dummy("t", "c5", 2, life=20)])
    play(g, L, 1, act="ability", source="g", ability=ability_index(g, L, "g", "shot", 1), target="t")
    assert seen(g, L, "t")["wounds"] == 2 and seen(g, L, "t")["markers"] == {"hunt": 1} and seen(g, L, "g")["tokens"] == 0
    end_turn(g)
    assert seen(g, L, "t")["markers"] == {}  # until the end of your turn


def test_vs2023_175_krondak_bonfire_cell_counts_as_occupied_and_discharge_bonus_vs_flyers():
    g, L = setup([pool("k", "a1", 1, "vs2023-175-krondak"), dummy("w", "c2", 1, move=2), dummy("e", "c5", 2, move=2),
                  dummy("f", None, 2, life=9, flyer=True, move=None, zone="aux")])
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "mark"), to="c3")
    assert g.view(2)["cells"] == {"c3": {"bonfire": 1}}
    assert {"act": "move", "source": L["w"], "to": "c3"} not in g.legal_actions(1)
    end_turn(g)
    assert {"act": "move", "source": L["e"], "to": "c4"} in g.legal_actions(2)
    play(g, L, 2, act="move", source="e", to="c4")
    assert {"act": "move", "source": L["e"], "to": "c3"} not in g.legal_actions(2)  # still burning
    end_turn(g)
    assert g.view(1)["cells"] == {}
    assert {"act": "move", "source": L["w"], "to": "c3"} in g.legal_actions(1)
    play(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "discharge"), target="f")
    assert seen(g, L, "f")["wounds"] == 2  # 1 + 1 against a flyer


def test_vs2023_170_demon_zhadnosti_places_three_gates_and_teleports_to_one_at_the_opponent_turn_end():
    g, L = setup([pool("d", "a1", 1, "vs2023-170-demon-zhadnosti"), dummy("e", "c4", 2, life=9),
                  dummy("f", "d4", 2, life=9)])
    picks = iter(["c3", "b4", "a3"])

    def choose(g2, legal):
        pr = g2.prompt
        if pr["kind"] == "choice" and pr.get("what") == "gates_cell":
            return {"act": "choose", "option": {"choice": pr["items"].index(next(picks))}}
        if pr["kind"] == "choice" and pr.get("what") == "gates_teleport":
            return {"act": "choose", "option": {"choice": pr["items"].index("c3")}}
        return None
    end_turn(g, pick=choose)  # the opponent's turn starts: three gates
    assert g.view(1)["cells"] == {"a3": {"gates": 1}, "b4": {"gates": 1}, "c3": {"gates": 1}}
    end_turn(g, pick=choose)  # its end: to c3, 2 wounds to each enemy next to it
    assert seen(g, L, "d")["cell"] == "c3" and seen(g, L, "e")["wounds"] == 2 and seen(g, L, "f")["wounds"] == 2
    assert seen(g, L, "d")["wounds"] == 0 and g.view(1)["cells"] == {}
    net = [{"kw": "web", "target": {"choose": "creature", "side": "enemy"}, "range": 5,
            "until": "end_of_target_next_turn", "attack_on_it": "blocked", "cost": "tap"}]
    g, L = setup([pool("d", "a1", 1, "vs2023-170-demon-zhadnosti"), dummy("n", "c5", 2, abilities=net)])
    picks = iter(["c3", "b4", "a3"])
    end_turn(g, pick=choose)
    play(g, L, 2, act="ability", source="n", ability=0, target="d")  # netted: it cannot move
    end_turn(g, pick=choose)
    assert seen(g, L, "d")["cell"] == "a1" and seen(g, L, "d")["wounds"] == 3
