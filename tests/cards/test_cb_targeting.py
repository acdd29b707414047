"""Cards of set1-rest that change who may be attacked and how: ranged taunts, strikes at range, at
flyers, wounds not taken. One test per card, through the public API."""
from tests.cards.kit import ability_index, dummy, end_turn, play, pool, seen, setup

SHOOTER = [{"kw": "shot", "n": 1, "range": 2, "cost": "tap"}, {"kw": "throw", "n": 1, "range": 2, "cost": "tap"},
           {"kw": "discharge", "n": 1, "range": 2, "cost": "tap"}]


def _aims(g, L, label, ability):
    return {a.get("target") for a in g.legal_actions(g.active) if a["act"] == "ability"
            and a["source"] == L[label] and a["ability"] == ability}


def test_vs2023_088_rezchik_idolov_draws_shots_and_throws_while_next_to_an_enemy():
    g, L = setup([pool("r", "a1", 1, "vs2023-088-rezchik-idolov"), dummy("f", "c5", 1), dummy("e", "a2", 2),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert _aims(g, L, "s", 0) == {L["r"]} and _aims(g, L, "s", 1) == {L["r"]}  # any range, only it
    assert L["f"] in _aims(g, L, "s", 2)  # not discharges
    play(g, L, 2, act="ability", source="s", ability=0, target="r")
    assert seen(g, L, "r")["wounds"] == 1
    g, L = setup([pool("r", "a1", 1, "vs2023-088-rezchik-idolov"), dummy("f", "c5", 1),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert L["f"] in _aims(g, L, "s", 0) and L["r"] not in _aims(g, L, "s", 0)  # no enemy next to it


def test_vs2023_167_mertsayushchiy_zmey_draws_every_shot_and_throw():
    g, L = setup([pool("z", None, 1, "vs2023-167-mertsayushchiy-zmey", zone="aux"), dummy("f", "c5", 1),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert _aims(g, L, "s", 0) == {L["z"]} and _aims(g, L, "s", 1) == {L["z"]}
    assert L["f"] in _aims(g, L, "s", 2)


def test_vs2023_060_argvald_draws_discharges_gains_tokens_and_spends_them_on_a_magic_strike():
    g, L = setup([pool("a", "a1", 1, "vs2023-060-argvald"), dummy("f", "c5", 1), dummy("e", "a2", 2, life=12),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert _aims(g, L, "s", 2) == {L["a"]} and L["f"] in _aims(g, L, "s", 0)
    play(g, L, 2, act="ability", source="s", ability=2, target="a")
    assert seen(g, L, "a")["tokens"] == 1 and seen(g, L, "a")["wounds"] == 1
    end_turn(g)
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="e")
    assert seen(g, L, "e")["wounds"] == 3 and seen(g, L, "a")["tokens"] == 0  # 2 + 1 token, all spent


def _strikes(g, L, label):
    return {a["target"] for a in g.legal_actions(g.active) if a["act"] == "attack" and a["source"] == L[label]}


def test_vs2023_033_skelos_strikes_flyers_and_harder_while_the_enemy_front_row_is_empty():
    bat = dict(flyer=True, move=None, zone="aux")
    g, L = setup([pool("s", "c2", 1, "vs2023-033-skelos"), dummy("b", None, 2, life=12, **bat)], dice=[4, 1])
    assert L["b"] in _strikes(g, L, "s")
    play(g, L, 1, act="attack", source="s", target="b")  # 4 + 2 experience vs 1: strong 5 + 1
    assert seen(g, L, "b")["wounds"] == 6
    g, L = setup([pool("s", "c3", 1, "vs2023-033-skelos"), dummy("b", None, 2, life=12, **bat),
                  dummy("f", "c4", 2, life=12)], dice=[4, 1])
    assert L["b"] not in _strikes(g, L, "s")
    play(g, L, 1, act="attack", source="s", target="f")  # no bonus now: strong 5
    assert seen(g, L, "f")["wounds"] == 5
    g, L = setup([pool("s", "c3", 1, "vs2023-033-skelos"),
                  dummy("d", "c4", 2, life=9, strike=(4, 4, 4), abilities=[{"kw": "directed_strike"}])],
                 active=2, dice=[6, 1])
    play(g, L, 2, act="attack", source="d", target="s")  # directed: 4 - 2
    assert seen(g, L, "s")["wounds"] == 2


def test_vs2023_044_strazh_chertogov_strikes_at_range_two_in_formation_and_directed_in_a_group():
    form = [{"kw": "formation"}]
    g, L = setup([pool("s", "c2", 1, "vs2023-044-strazh-chertogov"), dummy("t", "c4", 2, life=9),
                  dummy("d", "d3", 2), dummy("f", "b2", 1, abilities=form)], dice=[4, 1])
    assert L["t"] in _strikes(g, L, "s")
    play(g, L, 1, act="attack", source="s", target="t", pick=lambda g2, legal: next(
        (a for a in legal if a["act"] == "defend"), None))
    assert seen(g, L, "d")["wounds"] == 3 and seen(g, L, "t")["wounds"] == 0  # defended: not directed yet
    g, L = setup([pool("s", "c2", 1, "vs2023-044-strazh-chertogov"), dummy("t", "c4", 2, life=9),
                  dummy("d", "d3", 2), dummy("f", "b2", 1, abilities=form), dummy("h", "a2", 1, abilities=form)],
                 dice=[4, 1])
    play(g, L, 1, act="attack", source="s", target="t", pick=lambda g2, legal: next(
        (a for a in legal if a["act"] == "defend"), None))
    assert seen(g, L, "t")["wounds"] == 3  # in formation with two: directed, no defender
    g, L = setup([pool("s", "c2", 1, "vs2023-044-strazh-chertogov"), dummy("t", "c4", 2, life=9)])
    assert L["t"] not in _strikes(g, L, "s")  # no formation: adjacent only


def test_vs2023_018_kilsus_takes_no_retaliation_and_finishes_off_after_moving():
    from tests.cards.kit import declare_pick
    g, L = setup([pool("k", "c1", 1, "vs2023-018-kilsus"), dummy("t", "c4", 2, life=20, strike=(5, 5, 5)),
                  dummy("w", "b3", 2, life=2)], dice=[1, 6])
    play(g, L, 1, act="move", source="k", to="c2")
    play(g, L, 1, act="move", source="k", to="c3")
    play(g, L, 1, act="attack", source="k", target="t", pick=declare_pick(g, L, "k", "w"))
    assert seen(g, L, "k")["wounds"] == 0  # the retaliation wounds it not
    assert seen(g, L, "w")["zone"] == "graveyard"  # finishing blow for 2 (two cells moved)
    g, L = setup([pool("k", "c3", 1, "vs2023-018-kilsus"), dummy("t", "c4", 2, life=20),
                  dummy("w", "b3", 2, life=2)], dice=[6, 1])
    play(g, L, 1, act="attack", source="k", target="t", pick=declare_pick(g, L, "k", "w"))
    assert seen(g, L, "w")["zone"] == "battlefield"  # it did not move: X = 0


def test_vs2023_133_morok_closed_strikes_reduced_to_one_neighbours_struck_weak_and_shots_less():
    g, L = setup([pool("m", "c3", 1, "vs2023-133-morok", closed=True), dummy("e", "c4", 2, strike=(5, 5, 5)),
                  dummy("n", "b3", 1, life=9), dummy("x", "b4", 2, strike=(1, 3, 5))], active=2, dice=[6, 1])
    play(g, L, 2, act="attack", source="e", target="m")
    assert seen(g, L, "m")["wounds"] == 1  # 5, reduced to 1 while closed
    play(g, L, 2, act="attack", source="x", target="n")  # 6 vs 1: strong, counts as weak 1
    assert seen(g, L, "n")["wounds"] == 1
    g, L = setup([pool("m", "c3", 1, "vs2023-133-morok"), dummy("s", "c6", 2, abilities=[
        {"kw": "shot", "n": 3, "cost": "tap"}])], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="m")
    assert seen(g, L, "m")["wounds"] == 2  # 3 - 1


def test_vs2023_098_etun_ignores_every_ability_of_the_creature_it_attacks():
    tough = [{"kw": "armour", "n": 2}, {"kw": "defence_exp", "n": 3}]
    g, L = setup([pool("e", "c3", 1, "vs2023-098-etun"), dummy("t", "c4", 2, life=20, abilities=tough)],
                 dice=[4, 2])
    play(g, L, 1, act="attack", source="e", target="t")  # 4 vs 2 (no defence experience): medium 4, no armour
    assert seen(g, L, "t")["wounds"] == 4
    assert g.cards[L["t"]].acquired == [] and len(g.abilities(g.cards[L["t"]])) == 2  # nothing lost for good


def test_vs2023_099_sery_alv_fire_arrow_ignores_abilities_and_does_not_close():
    g, L = setup([pool("a", "c2", 1, "vs2023-099-sery-alv", tokens=1),
                  dummy("t", "c6", 2, life=9, abilities=[{"kw": "protection", "from": "shots"}, {"kw": "armour",
                                                                                               "n": 2}])], dice=[4])
    arrow = ability_index(g, L, "a", "shot", 1)
    play(g, L, 1, act="ability", source="a", ability=arrow, target="t")
    assert seen(g, L, "t")["wounds"] == 5 and not seen(g, L, "a")["closed"] and seen(g, L, "a")["tokens"] == 0
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "shot", 0), target="t")
    assert seen(g, L, "t")["wounds"] == 5 and seen(g, L, "a")["closed"]  # the plain shot: protected


def _through_window(g, answer_player, answer):
    """Pass until the window asks ``answer_player``, answer it, then pass until the strike is over."""
    while g.prompt["kind"] != "window" or g.to_act() != answer_player:
        g.apply(g.to_act(), {"act": "pass"})
    g.apply(answer_player, answer)
    while g.executing is not None or g.queue:
        g.apply(g.to_act(), {"act": "pass"})


def test_vs2023_038_besheny_mag_magic_trick_shifts_a_strike_and_discharges():
    g, L = setup([pool("m", "a2", 1, "vs2023-038-besheny-mag"), dummy("t", "c3", 1, life=3),
                  dummy("n", "b3", 1, life=12), dummy("e", "c4", 2, strike=(3, 3, 3))], active=2, dice=[4, 1])
    g.apply(2, {"act": "attack", "source": L["e"], "target": L["t"]})
    _through_window(g, 1, {"act": "ability", "source": L["m"], "ability": ability_index(g, L, "m", "redirect_attack"),
                           "target": L["n"]})
    assert seen(g, L, "t")["wounds"] == 0 and seen(g, L, "n")["wounds"] == 3 and seen(g, L, "m")["closed"]
    g, L = setup([pool("m", "c2", 1, "vs2023-038-besheny-mag"), dummy("t", "c5", 2)])
    play(g, L, 1, act="ability", source="m", ability=ability_index(g, L, "m", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 1


def test_vs2023_200_volot_the_opponent_may_redirect_its_strike_and_it_is_clumsy():
    g, L = setup([pool("v", "c3", 1, "vs2023-200-volot"), dummy("t", "c4", 2, life=20),
                  dummy("o", "b4", 2, life=20)], dice=[5, 1])
    g.apply(1, {"act": "attack", "source": L["v"], "target": L["t"]})
    _through_window(g, 2, {"act": "ability", "source": L["v"], "ability": ability_index(g, L, "v", "redirect_attack"),
                           "target": L["o"]})
    assert seen(g, L, "t")["wounds"] == 0 and seen(g, L, "o")["wounds"] == 6  # 5 - 1 clumsy vs 1: medium 6


def test_vs2023_162_tvar_strangles_a_regular_neighbour_and_destroys_it_at_three():
    g, L = setup([pool("b", "c3", 1, "vs2023-162-tvar"), dummy("v", "c4", 2, life=20, move=2),
                  dummy("el", "d4", 2, elite=True)])
    choke = ability_index(g, L, "b", "action")
    opts = {a.get("target") for a in g.legal_actions(1) if a.get("ability") == choke and a["source"] == L["b"]}
    assert L["v"] in opts and L["el"] not in opts  # regular creatures only
    for n in (1, 2):
        play(g, L, 1, act="ability", source="b", ability=choke, target="v")
        assert seen(g, L, "v")["markers"] == {"strangling": n}
        if n == 1:
            end_turn(g)
            assert not [a for a in g.legal_actions(2) if a["act"] == "move" and a["source"] == L["v"]]
            end_turn(g)
    end_turn(g)
    assert not [a for a in g.legal_actions(2) if a.get("source") == L["v"] and a["act"] in ("move", "attack")]
    end_turn(g)
    play(g, L, 1, act="ability", source="b", ability=choke, target="v")
    assert seen(g, L, "v")["zone"] == "graveyard"


def test_vs2023_020_glorm_distracting_flash_caps_a_strike_at_one_and_costs_a_wound_unless_steppe():
    for element, glorm_wounds in (("Нейтральные", 1), ("Степи", 0)):
        g, L = setup([pool("g", "a2", 1, "vs2023-020-glorm"), dummy("t", "c3", 1, life=9, element=element),
                      dummy("e", "c4", 2, strike=(4, 4, 4))], active=2, dice=[6, 1])
        g.apply(2, {"act": "attack", "source": L["e"], "target": L["t"]})
        _through_window(g, 1, {"act": "ability", "source": L["g"], "ability": ability_index(g, L, "g", "cap_strike")})
        assert seen(g, L, "t")["wounds"] == 1 and seen(g, L, "g")["wounds"] == glorm_wounds


def test_vs2023_051_prizyvayushchaya_buryu_frost_on_a_row_and_her_discharge():
    g, L = setup([pool("s", "a1", 1, "vs2023-051-prizyvayushchaya-buryu"), dummy("f", "c3", 1, life=9),
                  dummy("r", "c4", 2, strike=(4, 4, 4)), dummy("s2", "c5", 2, strike=(4, 4, 4))], dice=[6, 1])
    play(g, L, 1, act="ability", source="s", ability=ability_index(g, L, "s", "row_attack_cap"), x=1)
    end_turn(g)
    play(g, L, 2, act="attack", source="r", target="f")  # strong 4, reduced to 1: it stands in his first row
    assert seen(g, L, "f")["wounds"] == 1
    g, L = setup([pool("s", "c2", 1, "vs2023-051-prizyvayushchaya-buryu"), dummy("t", "c6", 2, life=9)], dice=[6])
    play(g, L, 1, act="ability", source="s", ability=ability_index(g, L, "s", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 2  # range 4, the lone die 6: strong 2


def test_vs2023_067_gnomiy_korol_redirects_a_shot_at_the_back_rows_onto_his_formation_and_boosts_it():
    shooter = [{"kw": "shot", "n": 2, "cost": "tap"}, {"kw": "shot", "n": 2, "cost": "instant"}]
    g, L = setup([pool("k", "c2", 1, "vs2023-067-gnomiy-korol"),
                  dummy("m", "b2", 1, life=9, abilities=[{"kw": "formation"}]),  # a partner has Formation too [g-46]
                  dummy("t", "c1", 1, life=9), dummy("s", "c6", 2, abilities=shooter),
                  dummy("e", "b3", 2, life=9)], active=2, dice=[4, 1])
    redirect = ability_index(g, L, "k", "redirect_attack")
    g.apply(2, {"act": "ability", "source": L["s"], "ability": 0, "target": L["t"]})
    _through_window(g, 1, {"act": "ability", "source": L["k"], "ability": redirect, "target": L["m"]})
    assert seen(g, L, "t")["wounds"] == 0 and seen(g, L, "m")["wounds"] == 2
    g.apply(2, {"act": "ability", "source": L["s"], "ability": 1, "target": L["t"]})
    while g.executing is not None or g.queue:
        assert not [a for a in g.legal_actions(g.to_act()) if a.get("ability") == redirect]  # once per turn
        g.apply(g.to_act(), {"act": "pass"})
    assert seen(g, L, "t")["wounds"] == 2
    end_turn(g)
    play(g, L, 1, act="attack", source="m", target="e")  # in formation with the King: 1 + 1
    assert seen(g, L, "e")["wounds"] == 2
