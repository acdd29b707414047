"""Set1-rest cards that use only keywords the engine already has (plus small generic filters,
conditions and counters): one test per card, each ability played through the public API (legal actions, apply,
view; docs/cards.md)."""
from tests.cards.kit import ability_index, aim, dummy, end_turn, offered, play, pool, seen, setup

ZAP3 = [{"kw": "discharge", "n": 3, "cost": "tap"}]
SHOT3 = [{"kw": "shot", "n": 3, "cost": "tap"}]


def _strike_vs(card_id, dice, defender=None, **state):
    """The card (player 1, c3) makes a simple strike at an open 1-1-1 dummy with 30 life on c4."""
    a = pool("a", "c3", 1, card_id, **state) if card_id else dummy("a", "c3", 1, **state)
    t = defender or dummy("t", "c4", 2, life=30)
    g, L = setup([a, t], dice=dice)
    play(g, L, 1, act="attack", source="a", target="t")
    return g, L


def test_vs2023_043_kamenny_golem_takes_two_less_from_nonmagical_attacks():
    g, L = setup([pool("a", "c3", 1, "vs2023-043-kamenny-golem"), dummy("s", "c6", 2, abilities=SHOT3),
                  dummy("m", "a6", 2, abilities=ZAP3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 1  # a shot for 3, less 2
    play(g, L, 2, act="ability", source="m", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 4  # a discharge is magical: all 3


def test_vs2023_043_kamenny_golem_is_clumsy_when_it_strikes():
    # it rolls 5 - 1 = 4 against 3: D = +1, its weak 3 (without clumsiness D = +2 would be its medium 4)
    g, L = _strike_vs("vs2023-043-kamenny-golem", [5, 3])
    assert seen(g, L, "t")["wounds"] == 3


def test_vs2023_043_kamenny_golem_is_clumsy_when_it_answers():
    # a 2-3-4 enemy rolls 4, the golem 2 - 1 = 1: D = +3, the enemy's medium 3 (less 2) and no blow back (without
    # clumsiness D = +2 would bring its weak 3 back)
    g, L = setup([pool("a", "c3", 1, "vs2023-043-kamenny-golem"), dummy("t", "c4", 2, life=30, strike=(2, 3, 4))],
                 active=2, dice=[4, 2])
    play(g, L, 2, act="attack", source="t", target="a")
    assert (seen(g, L, "a")["wounds"], seen(g, L, "t")["wounds"]) == (1, 0)


def test_vs2023_155_rogaty_demon_protections_teleport_and_vampirism_up_to_twelve():
    fly = dummy("f", None, 2, flyer=True, move=None, strike=(3, 3, 3))
    g, L = setup([pool("a", "c3", 1, "vs2023-155-rogaty-demon"), dummy("s", "c6", 2, abilities=SHOT3), fly],
                 active=2, dice=[6, 1])
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 0  # protection from shots
    play(g, L, 2, act="attack", source="f", target="a")
    assert seen(g, L, "a")["wounds"] == 0  # protection from flyers' attacks
    g, L = setup([pool("a", "c3", 1, "vs2023-155-rogaty-demon")])
    offered(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "teleportation"), to="b5")
    g, L = _strike_vs("vs2023-155-rogaty-demon", [6], defender=dummy("t", "c4", 2, life=30, closed=True))
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["markers"].get("additional_life") == 3
    g, L = _strike_vs("vs2023-155-rogaty-demon", [6], defender=dummy("t", "c4", 2, life=30, closed=True),
                      markers={"additional_life": 4})
    assert seen(g, L, "a")["markers"].get("additional_life") == 5  # 7 + 5 = 12, its life maximum


def test_vs2023_145_demon_zavisti_strikes_harder_beside_two_strong_enemies_and_magic_strike_beside_casters():
    strong = [dummy("u", "b4", 2, life=30, strike=(3, 3, 3)), dummy("v", "d4", 2, life=30, strike=(3, 3, 3))]
    g, L = _strike_vs("vs2023-145-demon-zavisti", [6], defender=dummy("t", "c4", 2, life=30, closed=True))
    assert seen(g, L, "t")["wounds"] == 3
    g, L = setup([pool("a", "c3", 1, "vs2023-145-demon-zavisti"), dummy("t", "c4", 2, life=30, closed=True)]
                 + strong, dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 4  # +1 beside two enemies with a weak strike of 3
    g, L = setup([pool("a", "c3", 1, "vs2023-145-demon-zavisti"), dummy("t", "c4", 2, life=30)])
    idx = ability_index(g, L, "a", "magic_strike")
    assert not [x for x in g.legal_actions(1) if x.get("ability") == idx and x.get("source") == L["a"]]
    casters = [dummy("u", "b4", 2, life=30, abilities=ZAP3), dummy("v", "d4", 2, life=30, abilities=ZAP3)]
    g, L = setup([pool("a", "c3", 1, "vs2023-145-demon-zavisti"), dummy("t", "c4", 2, life=30)] + casters)
    play(g, L, 1, act="ability", source="a", ability=idx, target="t")
    assert seen(g, L, "t")["wounds"] == 3 and seen(g, L, "a")["closed"]
    g, L = setup([pool("a", "c3", 1, "vs2023-145-demon-zavisti")])
    offered(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "teleportation"), to="b5")


def test_vs2023_084_kamnedrev_token_when_it_stayed_strike_bonus_and_loses_them_moving():
    g, L = setup([pool("a", "c3", 1, "vs2023-084-kamnedrev", wounds=2)])
    end_turn(g)
    assert seen(g, L, "a")["tokens"] == 1  # it did not move this turn
    end_turn(g)
    assert seen(g, L, "a")["wounds"] == 1  # regeneration 1 at the start of its turn
    g, L = setup([pool("a", "c3", 1, "vs2023-084-kamnedrev")])
    play(g, L, 1, act="move", source="a", to="c2")
    end_turn(g)
    assert seen(g, L, "a")["tokens"] == 0  # it moved: no token
    g, L = _strike_vs("vs2023-084-kamnedrev", [6], defender=dummy("t", "c4", 2, life=30, closed=True), tokens=2)
    assert seen(g, L, "t")["wounds"] == 5  # die 6 - clumsiness 1 = 5 (it initiates the strike [g-28]): 3 + 2 tokens
    g, L = setup([pool("a", "c3", 1, "vs2023-084-kamnedrev", tokens=2)])
    play(g, L, 1, act="move", source="a", to="c2")
    assert seen(g, L, "a")["tokens"] == 0


def test_vs2023_150_haron_last_journey_destroys_charon_and_the_chosen_creature():
    g, L = setup([pool("a", "c3", 1, "vs2023-150-haron", tokens=3), dummy("t", "a5", 2, life=30)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action"), target="t")
    assert seen(g, L, "t")["zone"] == "graveyard" and seen(g, L, "a")["zone"] == "graveyard"
    g, L = setup([pool("a", "c3", 1, "vs2023-150-haron", tokens=3),
                  dummy("t", "a5", 2, life=30, abilities=[{"kw": "protection", "from": "spells"}])])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action"), target="t")
    assert seen(g, L, "t")["zone"] == "battlefield" and seen(g, L, "a")["zone"] == "graveyard"
    g, L = setup([pool("a", "c3", 1, "vs2023-150-haron"), dummy("t", "a5", 2)])
    assert not [x for x in g.legal_actions(1) if x.get("ability") == ability_index(g, L, "a", "action")
                and x.get("source") == L["a"]]  # it needs 3 tokens
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
    g, L = setup([pool("a", "c3", 1, "vs2023-150-haron")])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "accumulate_token"))
    assert seen(g, L, "a")["tokens"] == 1


def test_vs2023_178_alvalind_tokens_from_misses_all_is_lost_and_the_end_of_turn_discharge():
    miss = [1, 6]  # the attacker's 1 against the answer's 6: a -5 row, the attacker's blow misses
    g, L = setup([pool("a", "a1", 1, "vs2023-178-alvalind"), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=30)], dice=miss)
    play(g, L, 1, act="attack", source="k", target="t")
    assert seen(g, L, "a")["tokens"] == 1
    g, L = setup([pool("a", "a1", 1, "vs2023-178-alvalind", tokens=2), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=30)], dice=miss)
    play(g, L, 1, act="attack", source="k", target="t")
    assert seen(g, L, "a")["tokens"] == 0 and seen(g, L, "a")["wounds"] == 2  # 'all is lost'
    g, L = setup([pool("a", "a1", 1, "vs2023-178-alvalind"), dummy("k", "c3", 1),
                  dummy("t", "c4", 2, life=30, closed=True)], dice=[6])
    play(g, L, 1, act="attack", source="k", target="t")
    assert seen(g, L, "a")["tokens"] == 0  # a hit gives nothing
    g, L = setup([pool("a", "a1", 1, "vs2023-178-alvalind"), dummy("k", "c4", 2, life=30),
                  dummy("t", "c3", 1, life=30)], dice=miss, active=2)
    play(g, L, 2, act="attack", source="k", target="t")
    assert seen(g, L, "a")["tokens"] == 0  # an enemy's miss, in the enemy's turn
    g, L = setup([pool("a", "a1", 1, "vs2023-178-alvalind", tokens=2), dummy("t", "c5", 2, life=30)], dice=[1])
    end_turn(g, aim(L["t"]))
    assert seen(g, L, "t")["wounds"] == 5 and seen(g, L, "a")["tokens"] == 0  # 1 + 2 x 2, then the tokens go


def test_vs2023_015_rubaki_holverta_opens_a_formation_partner_that_then_cannot_attack():
    fm = [{"kw": "formation", "grants": [{"kw": "defence_exp", "n": 1}]}]
    g, L = setup([pool("a", "c3", 1, "vs2023-015-rubaki-holverta"), dummy("p", "b3", 1, abilities=fm, closed=True),
                  dummy("q", "d2", 1, abilities=fm, closed=True), dummy("t", "c4", 2, life=30)], dice=[1, 6])
    play(g, L, 1, act="attack", source="a", target="t")  # a miss counts too
    assert not seen(g, L, "p")["closed"] and seen(g, L, "q")["closed"]  # only the partner in formation
    legal = [x for x in g.legal_actions(1) if x.get("source") == L["p"]]
    assert legal and not [x for x in legal if x["act"] == "attack"]  # it may move, not attack
    g, L = setup([pool("a", "c3", 1, "vs2023-015-rubaki-holverta"), dummy("p", "b3", 1, closed=True),
                  dummy("t", "c4", 2, life=30)], dice=[6, 1])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "p")["closed"]  # no formation: nothing


def test_vs2023_192_revnitel_seggera_chosen_value_protects_the_creatures_beside_it():
    shot2, shot3 = [{"kw": "shot", "n": 2, "cost": "tap"}], [{"kw": "shot", "n": 3, "cost": "tap"}]
    g, L = setup([pool("a", "c3", 1, "vs2023-192-revnitel-seggera"), dummy("l", "b3", 1), dummy("r", "d3", 1),
                  dummy("f", "c2", 1), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("s", "a6", 2, abilities=shot2), dummy("z", "b6", 2, abilities=shot3)], dice=[4])
    seen_choices = []

    def pick(g2, legal):
        if g2.prompt["kind"] == "choice":
            seen_choices.append(sorted(a["option"]["choice"] for a in legal if a["act"] == "choose"))
            return {"act": "choose", "option": {"choice": 1}}  # X = 2
        return None
    play(g, L, 1, act="attack", source="a", target="t", pick=pick)  # a medium blow: value 3
    assert seen(g, L, "t")["wounds"] == 3 and seen_choices == [[0, 1, 2]]  # X may be 1, 2 or 3
    end_turn(g)
    play(g, L, 2, act="ability", source="s", ability=0, target="l")
    assert seen(g, L, "l")["wounds"] == 0  # a shot for 2: protected
    play(g, L, 2, act="ability", source="z", ability=0, target="r")
    assert seen(g, L, "r")["wounds"] == 3  # a shot for 3 is another value
    g, L = setup([pool("a", "c3", 1, "vs2023-192-revnitel-seggera"), dummy("f", "c2", 1),
                  dummy("t", "c4", 2, life=30, closed=True), dummy("s", "a6", 2, abilities=shot2)], dice=[4])
    play(g, L, 1, act="attack", source="a", target="t", pick=pick)
    end_turn(g)
    play(g, L, 2, act="ability", source="s", ability=0, target="f")
    assert seen(g, L, "f")["wounds"] == 2  # behind it, not beside it


def test_vs2023_138_ognenny_imp_next_throw_plus_one_after_a_neighbour_teleports_onto_the_enemy_half():
    tele = [{"kw": "teleportation", "cost": {"tap": False, "tokens": 0, "movement": "all"}, "sudden": False,
             "limit": None}]
    g, L = setup([pool("i", "c2", 1, "vs2023-138-ognenny-imp"), dummy("d", "c3", 1, abilities=tele),
                  dummy("e", "b3", 1, abilities=tele), dummy("t", "c5", 2, life=30)])
    play(g, L, 1, act="ability", source="d", ability=0, to="a5")
    play(g, L, 1, act="ability", source="e", ability=0, to="b5")  # a second teleport: still +1 only
    play(g, L, 1, act="ability", source="i", ability=ability_index(g, L, "i", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 2
    g, L = setup([pool("i", "c2", 1, "vs2023-138-ognenny-imp", closed=False), dummy("d", "c3", 1, abilities=tele),
                  dummy("t", "c5", 2, life=30), dummy("u", "b5", 2, life=30)])
    play(g, L, 1, act="ability", source="d", ability=0, to="a5")
    play(g, L, 1, act="ability", source="i", ability=ability_index(g, L, "i", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 2 and not g.cards[L["i"]].acquired  # used by that throw
    for start, to in (("c3", "a2"), ("e3", "a5")):  # onto its own half; from a cell not next to it
        g, L = setup([pool("i", "c2", 1, "vs2023-138-ognenny-imp"), dummy("d", start, 1, abilities=tele),
                      dummy("t", "c5", 2, life=30)])
        play(g, L, 1, act="ability", source="d", ability=0, to=to)
        play(g, L, 1, act="ability", source="i", ability=ability_index(g, L, "i", "throw"), target="t")
        assert seen(g, L, "t")["wounds"] == 1
    g, L = setup([pool("i", "c2", 1, "vs2023-138-ognenny-imp"), dummy("d", "c3", 1), dummy("t", "c5", 2, life=30)])
    play(g, L, 1, act="move", source="d", to="c4")  # a step onto the enemy half is no teleport
    play(g, L, 1, act="ability", source="i", ability=ability_index(g, L, "i", "throw"), target="t")
    assert seen(g, L, "t")["wounds"] == 1
