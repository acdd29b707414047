"""Cards of set1-rest with playable gains of abilities (``grant_abilities``) and their other abilities:
one test per card, through the public API."""
from tests.cards.kit import ability_index, dummy, end_turn, fight_mods, play, pool, prompt_kinds, seen, setup

FLYER = dict(flyer=True, move=None, zone="aux")


def test_vs2023_089_gryz_gains_directed_strike_and_protection_from_flyers_and_jumps():
    g, L = setup([pool("g", "c3", 1, "vs2023-089-gryz"), dummy("t", "c4", 2, life=20), dummy("d", "b4", 2, life=9),
                  dummy("f", None, 2, life=9, strike=(3, 3, 3), **FLYER)], dice=[4, 1])
    play(g, L, 1, act="ability", source="g", ability=ability_index(g, L, "g", "grant_abilities"))
    kws = [a["kw"] for a in g.cards[L["g"]].acquired]
    assert kws == ["directed_strike", "protection"]
    end_turn(g)
    play(g, L, 2, act="attack", source="f", target="g")
    assert seen(g, L, "g")["wounds"] == 0  # protected from the flyer's attack
    end_turn(g)
    play(g, L, 1, act="attack", source="g", target="t", settle_after=False)
    assert "defender" not in prompt_kinds(g)  # directed: b4 may not take it over
    assert seen(g, L, "t")["wounds"] == 4
    g, L = setup([pool("g", "c2", 1, "vs2023-089-gryz"), dummy("t", "c6", 2)])
    jumps = [a for a in g.legal_actions(1) if a["act"] == "ability" and a["source"] == L["g"] and "to" in a]
    assert {a["to"] for a in jumps} >= {"c5", "a4"} and "c6" not in {a["to"] for a in jumps}
    play(g, L, 1, act="ability", source="g", ability=ability_index(g, L, "g", "jump"), to="c5")
    assert seen(g, L, "g")["cell"] == "c5"


def test_vs2023_031_oyuun_battle_frenzy_twice_a_turn_and_protection_from_flyers():
    g, L = setup([pool("o", "c2", 1, "vs2023-031-oyuun"), dummy("f", "c3", 1, closed=True), dummy("e", "c5", 2)])
    frenzy = ability_index(g, L, "o", "action")
    play(g, L, 1, act="ability", source="o", ability=frenzy, target="f")
    assert not seen(g, L, "f")["closed"] and seen(g, L, "f")["wounds"] == 1 and seen(g, L, "o")["closed"]
    g, L = setup([pool("o", "c2", 1, "vs2023-031-oyuun"), dummy("e", "c5", 2)])
    for n in (1, 2):  # it may open itself, which is how a second use in a turn can happen
        play(g, L, 1, act="ability", source="o", ability=frenzy, target="o")
        assert not seen(g, L, "o")["closed"] and seen(g, L, "o")["wounds"] == n
    assert not [a for a in g.legal_actions(1) if a.get("ability") == frenzy and a["source"] == L["o"]]  # twice
    g, L = setup([pool("o", "c2", 1, "vs2023-031-oyuun"), dummy("e", "c5", 2),
                  dummy("f", None, 2, strike=(3, 3, 3), **FLYER)])
    play(g, L, 1, act="ability", source="o", ability=ability_index(g, L, "o", "grant_abilities"))
    end_turn(g)
    play(g, L, 2, act="attack", source="f", target="o")  # the enemy flyer's fixed 3 in the next turn
    assert seen(g, L, "o")["wounds"] == 0


def test_vs2023_007_smotritel_stoyla_whip_crack_and_experience_per_step():
    g, L = setup([pool("s", "c2", 1, "vs2023-007-smotritel-stoyla"), dummy("f", "b2", 1, move=1),
                  dummy("e", "a5", 2), dummy("t", "c5", 2, life=30)], active=2)
    end_turn(g, pick=lambda g2, legal: next((a for a in legal if a.get("target") == L["f"]), None))
    assert g.active == 1 and seen(g, L, "f")["wounds"] == 1  # whipped
    for to in ("b3", "b4"):  # 1 + 1 movement
        play(g, L, 1, act="move", source="f", to=to)
    assert not [a for a in g.legal_actions(1) if a["act"] == "move" and a["source"] == L["f"]]
    play(g, L, 1, act="move", source="s", to="c3")
    play(g, L, 1, act="move", source="s", to="c4")
    assert fight_mods(g, L, "s", "t")[0] == 2  # attack experience +1 per step, adding up


def test_vs2023_075_lesnoy_razboynik_moves_diagonally_and_steals_a_weapon():
    g, L = setup([pool("b", "c2", 1, "vs2023-075-lesnoy-razboynik", tokens=1), dummy("e", "d3", 2, life=9,
                                                                                      strike=(2, 2, 2)),
                  dummy("t", "b4", 2, life=9)], dice=[4, 1])
    assert {"act": "move", "source": L["b"], "to": "b3"} in g.legal_actions(1)  # a diagonal step
    play(g, L, 1, act="ability", source="b", ability=ability_index(g, L, "b", "grant_abilities"), target="e")
    assert seen(g, L, "b")["tokens"] == 0
    end_turn(g)
    play(g, L, 2, act="attack", source="e", target="b")  # at the closed bandit: 2 - 1 stolen = 1
    assert seen(g, L, "b")["wounds"] == 1
    end_turn(g)
    play(g, L, 1, act="move", source="b", to="b3")
    play(g, L, 1, act="attack", source="b", target="t")  # 4 vs 1: its medium 2, + 1 stolen
    assert seen(g, L, "t")["wounds"] == 3


def test_vs2023_047_rtunh_defends_a_ground_creature_and_strikes_swamp_creatures_harder():
    g, L = setup([pool("r", None, 1, "vs2023-047-rtunh", zone="aux"), dummy("f", "c3", 1),
                  dummy("e", "c4", 2, life=9, element="Болота")], active=2, dice=[3, 3, 3, 3])
    play(g, L, 2, act="attack", source="e", target="f", pick=lambda g2, legal: next(
        (a for a in legal if a["act"] == "defend" and a["source"] == L["r"]), None))
    assert seen(g, L, "f")["wounds"] == 0  # the flyer took the strike over
    end_turn(g)
    play(g, L, 1, act="attack", source="r", target="e")  # 3 vs 3: weak 1 + 1 against a Swamp creature
    assert seen(g, L, "e")["wounds"] == 2


def test_vs2023_059_oboroten_chooses_its_form_before_its_turn_and_keeps_it_through_the_opponent_turn():
    second = lambda g2, legal: {"act": "choose", "option": {"choice": 1}} if g2.prompt["kind"] == "choice" else None
    g, L = setup([pool("w", "c2", 1, "vs2023-059-oboroten"), dummy("t", "a4", 2, life=20)], active=2)
    end_turn(g, pick=second)
    kws = sorted(a["kw"] for a in g.cards[L["w"]].acquired)
    assert kws == ["move_bonus", "strike_bonus"]
    play(g, L, 1, act="move", source="w", to="b2")
    play(g, L, 1, act="move", source="w", to="a2")  # 1 + 1 movement
    assert seen(g, L, "w")["cell"] == "a2"
    end_turn(g, pick=second)
    assert sorted(a["kw"] for a in g.cards[L["w"]].acquired) == ["move_bonus", "strike_bonus"]  # still
    end_turn(g, pick=second)  # gone at the end of the opponent's turn, then chosen again
    assert len(g.cards[L["w"]].acquired) == 2


def _form(choice: int, asked: list):
    """A ``pick`` for :func:`end_turn`: Оборотень's form ``choice`` (0 regeneration, 1 the strike), noting the phase
    in which the choice is asked."""
    def pick(g, legal):
        if g.prompt["kind"] != "choice":
            return None
        asked.append(g.phase)
        return {"act": "choose", "option": {"choice": choice}}
    return pick


def test_vs2023_059_oboroten_regeneration_chosen_just_before_its_turn_heals_2_at_that_turn_start():
    asked: list = []
    g, L = setup([pool("w", "c2", 1, "vs2023-059-oboroten", wounds=3), dummy("t", "a4", 2)], active=2)
    end_turn(g, pick=_form(0, asked))
    assert asked == ["turn_preparation"]  # chosen before the turn start step [310.2]
    assert seen(g, L, "w")["wounds"] == 1  # and healed 2 in it [311.4]
    end_turn(g, pick=_form(0, asked))  # the opponent's turn: no regeneration
    assert seen(g, L, "w")["wounds"] == 1
    end_turn(g, pick=_form(0, asked))  # chosen again: heals again
    assert seen(g, L, "w")["wounds"] == 0


def test_vs2023_059_oboroten_strike_form_chosen_just_before_its_turn_adds_2_to_its_strike_that_turn():
    g, L = setup([pool("w", "c2", 1, "vs2023-059-oboroten"), dummy("t", "c3", 2, life=20)], active=2, dice=[4, 1])
    end_turn(g, pick=_form(1, []))
    play(g, L, 1, act="attack", source="w", target="t")  # 4 vs 1: its medium 3, + 2
    assert seen(g, L, "t")["wounds"] == 5


def test_vs2023_059_oboroten_valhalla_heals_a_yordling():
    g, L = setup([pool("w", None, 1, "vs2023-059-oboroten", zone="graveyard"),
                  dummy("y", "c2", 1, wounds=2, classes=["йордлинг"]), dummy("n", "b2", 1, wounds=2),
                  dummy("t", "a4", 2)], active=2)
    end_turn(g)
    assert seen(g, L, "y")["wounds"] == 1 and seen(g, L, "n")["wounds"] == 2


def _germet_at_battle_start():
    """A real game (Game.new) driven past the Battle Start step with Гермет recruited by player 1 in a Steppes-Swamps
    deck (it holds Steppe and Swamp creatures, no Mountain, Forest or Dark ones)."""
    from engine import Game, load_deck
    deck = load_deck("Степи-Болота (2023 relaunch cards)")
    g = Game.new(seed=5, deck1=["vs2023-196-germet"] * 3 + deck[3:], deck2=deck)
    for _ in range(800):
        if g.phase == "main":
            return g
        p = g.to_act()
        legal = [a for a in g.legal_actions(p) if a["act"] != "concede"]
        pick = [a for a in legal if isinstance(a.get("option"), dict) and g.cards.get(
            a["option"].get("recruit") or "", None) is not None
            and g.cards[a["option"]["recruit"]].defkey == "vs2023-196-germet"]
        pick += [a for a in legal if a["act"] == "declare" and g.cards[a["source"]].defkey == "vs2023-196-germet"]
        g.apply(p, (pick or legal)[0])
    raise AssertionError("the battle did not start")


def test_vs2023_196_germet_gains_by_the_elements_of_its_squad_at_battle_start():
    g = _germet_at_battle_start()
    germ = [c for c in g.cards.values() if c.defkey == "vs2023-196-germet" and g.in_play(c)]
    assert germ, "Germet was recruited and placed"
    kws = sorted(a["kw"] for a in germ[0].acquired)
    assert kws == ["move_bonus", "regeneration"]  # Steppe and Swamp creatures; no Mountain, Forest, Dark


def test_vs2023_006_pustotnik_shield_of_light_for_x_opponent_turns_and_no_tokens_from_others():
    g, L = setup([pool("p", "a1", 1, "vs2023-006-pustotnik", tokens=2), dummy("f", "c3", 1, life=9),
                  dummy("e", "c4", 2, strike=(3, 3, 3))], dice=[4, 1] * 3)
    play(g, L, 1, act="ability", source="p", ability=ability_index(g, L, "p", "grant_abilities"), target="f", x=2)
    assert seen(g, L, "p")["tokens"] == 0
    for turn in (1, 2, 3):  # the opponent's turns: its fixed 3 strikes f, 4 against 1
        end_turn(g)
        play(g, L, 2, act="attack", source="e", target="f")
        assert seen(g, L, "f")["wounds"] == (0 if turn <= 2 else 3)  # protected from non-magical strikes for 2
        end_turn(g)
    giver = [{"kw": "action", "cost": "tap", "effects": [{"kw": "gain_token", "n": 1,
                                                          "target": {"choose": "creature", "side": "friendly"}}]}]
    g, L = setup([pool("p", "a1", 1, "vs2023-006-pustotnik"), dummy("h", "c3", 1, abilities=giver),
                  dummy("e", "c5", 2)])
    play(g, L, 1, act="ability", source="h", ability=0, target="p")
    assert seen(g, L, "p")["tokens"] == 0
    play(g, L, 1, act="ability", source="p", ability=ability_index(g, L, "p", "accumulate_token"))
    assert seen(g, L, "p")["tokens"] == 1


def test_vs2023_118_shaman_dushegryz_hypnosis_makes_an_enemy_strike_its_neighbour_and_flyer_protection():
    g, L = setup([pool("s", "a1", 1, "vs2023-118-shaman-dushegryz", tokens=1),
                  dummy("v", "c4", 2, strike=(4, 4, 4)), dummy("w", "d4", 2, life=9)], active=2, dice=[6, 1])
    g.apply(2, {"act": "pass"})  # the opponent's turn: a sudden spell
    hyp = ability_index(g, L, "s", "hypnosis")
    play(g, L, 1, act="ability", source="s", ability=hyp, targets=[L["v"], L["w"]])
    assert seen(g, L, "w")["wounds"] == 4 and seen(g, L, "v")["closed"] and seen(g, L, "s")["tokens"] == 0
    g, L = setup([pool("s", "a1", 1, "vs2023-118-shaman-dushegryz"), dummy("e", "c5", 2),
                  dummy("f", None, 2, flyer=True, move=None, strike=(3, 3, 3))])
    play(g, L, 1, act="ability", source="s", ability=ability_index(g, L, "s", "grant_abilities"))
    end_turn(g)
    play(g, L, 2, act="attack", source="f", target="s")  # the enemy flyer's fixed 3 in the next turn
    assert seen(g, L, "s")["wounds"] == 0


def test_vs2023_147_povelitel_mertvyh_opens_and_spurs_a_creature_of_yours_that_incarnates_and_throws_a_bone():
    g, L = setup([pool("l", "a1", 1, "vs2023-147-povelitel-mertvyh", closed=True, markers={"skip_open": 1}),
                  dummy("v", None, 1, zone="graveyard", tokens=2, abilities=[{"kw": "incarnation", "n": 3}]),
                  dummy("e", "e5", 2)],
                 active=2)
    end_turn(g, pick=lambda g2, legal: next((a for a in legal if a["act"] == "declare"), None))
    assert seen(g, L, "v")["cell"] == "b1"  # incarnated (closed)
    assert not seen(g, L, "l")["closed"]  # he stayed closed at the turn start (skip_open), the trigger opened him
    end_turn(g)
    end_turn(g)  # its next turn: it opened, and moves 1 + 1 cells
    play(g, L, 1, act="move", source="v", to="b2")
    assert {"act": "move", "source": L["v"], "to": "b3"} in g.legal_actions(1)
    g, L = setup([pool("l", "a1", 1, "vs2023-147-povelitel-mertvyh"), dummy("t", "a5", 2)], active=2)
    g.apply(2, {"act": "pass"})
    play(g, L, 1, act="ability", source="l", ability=ability_index(g, L, "l", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
