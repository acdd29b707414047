"""One test per Forests (Леса) pool card: each of its abilities where it matters (docs/cards.md)."""
from tests.cards.kit import (aim, ability_index, c, do, dummy, end_turn, pool, settle, setup, poison_sticks,
                             attack_sticks, defender_offered, defence_mod)


def _closed_hit(name, die, src_cell="c3", tgt_cell="c4", **target):
    g, L = setup([pool("a", src_cell, 1, name), dummy("t", tgt_cell, 2, life=30, closed=True, **target)],
                 dice=[die])
    do(g, L, 1, act="attack", source="a", target="t")
    return c(g, L, "t").wounds


def test_card_vs2003_bjorn_magic_protection_and_formation_defence():
    assert attack_sticks("vs2003-bjorn", "discharge") == 0
    assert defence_mod([pool("a", "c3", 1, "vs2003-bjorn"), pool("b", "d3", 1, "vs2003-bjorn")], "a") == 1


def test_card_vs2003_kobold_blocks_a_strike_heals_and_formation_row_protection():
    g, L = setup([pool("k", "c4", 2, "vs2003-kobold"), dummy("a", "c3", 1)], dice=[])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["k"]})
    settle(g, pick=lambda g, legal: next((a for a in legal if a["act"] == "ability"), None))
    assert c(g, L, "k").wounds == 0 and c(g, L, "k").closed  # shield block used in the target window, no dice
    g, L = setup([pool("k", "c3", 1, "vs2003-kobold", wounds=4)])
    do(g, L, 1, act="ability", source="k", ability=ability_index(g, L, "k", "heal"))
    assert c(g, L, "k").wounds == 1
    partner = [pool("b", "d3", 1, "vs2003-kobold")]
    assert attack_sticks("vs2003-kobold", "strike_through_row", extra=partner) == 0
    assert attack_sticks("vs2003-kobold", "strike_through_row") == 2  # out of formation


def test_card_vs2003_draks_flyer_plus_one_vs_magic_users():
    g, L = setup([pool("a", None, 1, "vs2003-draks"), dummy("t", "c4", 2, life=30, closed=True,
                  abilities=[{"kw": "discharge", "n": 1, "cost": "tap"}])], dice=[1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2003_draks_directed_strike():
    assert not defender_offered("vs2003-draks", None)


def _elf(name, roles):
    g, L = setup([pool("a", "c3", 1, name), dummy("t", "c4", 2, life=30, closed=True)], dice=[1])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, aim(L["t"]))
    return g, L


def test_card_vs2003_elfiyskiy_voin_shot_after_its_strike_and_steppe_reduction():
    g, L = _elf("vs2003-elfiyskiy-voin", None)
    assert c(g, L, "t").wounds == 2 + 2  # weak 2, then the bonus shot for 2
    g, L = setup([pool("a", "c3", 1, "vs2003-elfiyskiy-voin"), dummy("t", "c4", 2, element="Степи",
                  strike=(3, 3, 3))], active=2, dice=[6, 1])
    do(g, L, 2, act="attack", source="t", target="a")
    assert c(g, L, "a").wounds == 2


def test_card_vs2003_fagor_magic_strike_for_two():
    g, L = setup([pool("a", "c3", 1, "vs2003-fagor"), dummy("t", "c4", 2)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2003_hobgoblin_directed_and_poison_protection():
    g, L = setup([pool("a", "c3", 1, "vs2003-hobgoblin"), dummy("t", "c4", 2)])
    assert not defender_offered("vs2003-hobgoblin") and not poison_sticks("vs2003-hobgoblin")


def test_card_vs2003_korpit_flyer_eats_carrion():
    g, L = setup([pool("a", None, 1, "vs2003-korpit", wounds=3), dummy("t", "c4", 2, life=1, closed=True)],
                 dice=[1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").zone == "graveyard" and c(g, L, "a").wounds == 0


def test_card_vs2003_leshiy_heals_fully():
    g, L = setup([pool("a", "c3", 1, "vs2003-leshiy", wounds=6)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert c(g, L, "a").wounds == 0


def test_card_vs2003_lovets_dush_tokens_on_deaths_gift_soul_and_cache():
    g, L = setup([pool("a", "c2", 1, "vs2003-lovets-dush"), dummy("x", "c3", 1, closed=True),
                  dummy("t", "c4", 2, life=1, strike=(1, 1, 1)), dummy("w", "a2", 1, wounds=5)],
                 dice=[])
    g.apply(1, {"act": "ability", "source": L["a"], "ability": ability_index(g, L, "a", "action"),
                "targets": [L["t"], L["w"]]})
    settle(g)
    assert c(g, L, "t").zone == "graveyard" and c(g, L, "w").markers.get("additional_life") == 1
    assert c(g, L, "a").tokens == 1  # a creature died
    g, L = setup([pool("a", "c2", 1, "vs2003-lovets-dush", tokens=1), dummy("w", "a2", 1, wounds=5),
                  dummy("f", None, 2, flyer=True)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"), target="w")
    assert c(g, L, "w").wounds == 1
    g2, L2 = setup([pool("a", "c2", 1, "vs2003-lovets-dush"), dummy("f", None, 2, flyer=True)], active=2)
    assert L2["a"] not in _flyer_targets(g2, L2) and L2["p1_spare"] in _flyer_targets(g2, L2)  # Cache


def _flyer_targets(g, L) -> set:
    """The cards player 2's flyer "f" is offered to simple-strike now (legal actions)."""
    return {a["target"] for a in g.legal_actions(2) if a["act"] == "attack" and a["source"] == L["f"]}


def test_card_vs2003_pauk_peresmeshnik_net_and_flyer_taunt():
    g, L = setup([pool("a", "c2", 1, "vs2003-pauk-peresmeshnik"), dummy("t", "c4", 2),
                  dummy("f", None, 2, flyer=True)])
    g2, L2 = setup([pool("a", "c2", 1, "vs2003-pauk-peresmeshnik"), dummy("f", None, 2, flyer=True)], active=2)
    assert _flyer_targets(g2, L2) == {L2["a"]}  # flyer taunt: the flyer may strike only it
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "web"), target="t")
    end_turn(g)
    assert not any(a.get("source") == L["t"] for a in g.legal_actions(2))


def test_card_vs2023_070_draks_plus_one_vs_magic_users():
    g, L = setup([pool("a", None, 1, "vs2023-070-draks"), dummy("t", "c4", 2, life=30, closed=True,
                  abilities=[{"kw": "magic_strike", "n": 1, "cost": "tap"}])], dice=[1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2023_073_druid_heals_two_and_cures_poison():
    g, L = setup([pool("a", "c3", 1, "vs2023-073-druid"), dummy("w", "d3", 1, wounds=3, markers={"poison": 1})])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"), target="w")
    assert c(g, L, "w").wounds == 1 and not c(g, L, "w").markers.get("poison")
    assert not poison_sticks("vs2023-073-druid")


def test_card_vs2023_074_korpit_eats_carrion():
    g, L = setup([pool("a", None, 1, "vs2023-074-korpit", wounds=3), dummy("t", "c4", 2, life=1, closed=True)],
                 dice=[1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "a").wounds == 0


def test_card_vs2023_076_ouri_shot_on_arriving_next_to_a_big_friend_and_heal():
    g, L = setup([pool("a", "c2", 1, "vs2023-076-ouri"), dummy("big", "d3", 1, cost=7),
                  dummy("t", "c5", 2, life=9)])
    g.apply(1, {"act": "move", "source": L["a"], "to": "c3"})
    settle(g, aim(L["t"]))
    assert c(g, L, "t").wounds == 1
    assert attack_sticks("vs2023-076-ouri", "discharge") == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-076-ouri"), dummy("w", "d3", 1, wounds=2)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"), target="w")
    assert c(g, L, "w").wounds == 1


def test_card_vs2023_077_pauk_peresmeshnik_net_blocks_an_attack_and_goes_away():
    g, L = setup([pool("a", "c2", 1, "vs2023-077-pauk-peresmeshnik"), dummy("x", "c3", 1),
                  dummy("t", "c4", 2)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "web"), target="t")
    do(g, L, 1, act="attack", source="x", target="t")
    assert c(g, L, "t").wounds == 0 and not c(g, L, "t").acquired


def test_card_vs2023_079_begushchaya_po_kronam_shot_bonus_when_a_turn_begins_in_the_first_row():
    g, L = setup([pool("a", "c3", 1, "vs2023-079-begushchaya-po-kronam"), dummy("t", "c5", 2, life=9)],
                 active=2, dice=[1])
    end_turn(g)
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "shot"), target="t")
    assert c(g, L, "t").wounds == 2  # weak 1 + 1 in the first row


def _canopy_runner_defender_asked(cell, target_cell, defender_cell) -> bool:
    """Бегущая по кронам (player 1's, on ``cell``) starts player 1's turn there, then strikes an open enemy on
    ``target_cell`` while another open enemy stands on ``defender_cell``, next to both; True when player 2 is asked
    for a defender."""
    g, L = setup([pool("a", cell, 1, "vs2023-079-begushchaya-po-kronam"), dummy("t", target_cell, 2, life=30),
                  dummy("d", defender_cell, 2, life=30)], active=2, dice=[3, 3])
    end_turn(g)
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "pass"})
    return g.prompt["kind"] == "defender"


def test_card_vs2023_079_begushchaya_po_kronam_directed_strike_when_a_turn_begins_in_the_third_row():
    assert not _canopy_runner_defender_asked("c1", "c2", "b2")
    assert _canopy_runner_defender_asked("c2", "c3", "b3")  # from its second row a defender may step in


def test_card_vs2023_082_klaer_strike_bonus_in_her_next_turn_after_defending():
    # Клаэр defends a friend against "a" (fight dice 1 for "a", 6 for her), then in her turn strikes the closed
    # "a" with die 1: weak 1 + 2 (her attack experience 1 keeps the die weak)
    g, L = setup([pool("k", "d4", 2, "vs2023-082-klaer"), dummy("a", "c3", 1, life=30), dummy("t", "c4", 2, life=20)],
                 dice=[1, 6, 1])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, pick=lambda g, legal: next((a for a in legal if a["act"] == "defend"), None))
    end_turn(g)
    before = c(g, L, "a").wounds
    do(g, L, 2, act="attack", source="k", target="a")
    assert c(g, L, "a").closed and c(g, L, "a").wounds - before == 1 + 2


def test_card_vs2023_085_lekken_defends_without_closing():
    g, L = setup([pool("k", "d4", 2, "vs2023-085-lekken"), dummy("a", "c3", 1), dummy("t", "c4", 2, life=20)],
                 dice=[1, 6])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, pick=lambda g, legal: next((a for a in legal if a["act"] == "defend"), None))
    assert not c(g, L, "k").closed and attack_sticks("vs2023-085-lekken", "discharge") == 0


def test_card_vs2023_092_kobold_heals_by_the_opposite_medium_strike():
    g, L = setup([pool("a", "c3", 1, "vs2023-092-kobold", wounds=5),
                  dummy("t", "c4", 2, life=30, closed=True, strike=(1, 3, 4))], dice=[1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "a").wounds == 2 and attack_sticks("vs2023-092-kobold", "shot") == 0


def test_card_vs2023_097_elfiyskiy_voin_shot_when_attacking():
    g, L = _elf("vs2023-097-elfiyskiy-voin", None)
    assert c(g, L, "t").wounds == 4


def test_card_vs2023_100_hobgoblin_reduces_cheap_creatures_nonmagical_attacks():
    g, L = setup([pool("a", "c3", 1, "vs2023-100-hobgoblin"), dummy("t", "c4", 2, cost=3, strike=(3, 3, 3))],
                 active=2, dice=[6, 1])
    do(g, L, 2, act="attack", source="t", target="a")
    assert c(g, L, "a").wounds == 1


def test_card_vs2023_101_tsiklop_strikes_only_opposite_and_magic_strike():
    g, L = setup([pool("a", "c3", 1, "vs2023-101-tsiklop"), dummy("t", "c4", 2), dummy("d", "d4", 2)])
    legal = g.legal_actions(1)
    assert {"act": "attack", "source": L["a"], "target": L["t"]} in legal
    assert {"act": "attack", "source": L["a"], "target": L["d"]} not in legal
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="d")
    assert c(g, L, "d").wounds == 2
