"""One test per Swamps (Болота) and Neutral pool card: each of its abilities where it matters (docs/cards.md)."""
from tests.cards.kit import (ability_index, aim, c, do, dummy, end_turn, pool, settle, setup, poison_sticks,
                             attack_sticks, defence_mod, defender_offered, fight_mods)


def _hit(name, dice, pick=None, **target):
    g, L = setup([pool("a", "c3", 1, name), dummy("t", "c4", 2, life=30, **target)], dice=dice)
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, pick or aim(L["t"]))
    return g, L


def test_card_vs2023_103_izhor_strong_attack_poisons():
    g, L = _hit("vs2023-103-izhor", [6], closed=True)
    assert c(g, L, "t").markers.get("poison") == 1


def test_card_vs2023_103_izhor_roll_bonus_vs_the_enemy_second_row():
    # a closed enemy on c5 (its second row): die 3 + 1 = 4 is a medium strike for 2 (a weak 1 without the bonus)
    g, L = setup([pool("a", "c4", 1, "vs2023-103-izhor"), dummy("t", "c5", 2, life=30, closed=True)], dice=[3])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2023_106_rimaandy_unanswered_at_a_lonely_enemy():
    g, L = setup([pool("a", None, 1, "vs2023-106-rimaandy"), dummy("t", "c4", 2, life=30)], dice=[6])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 3 and c(g, L, "a").wounds == 0


def test_card_vs2023_107_bolotnik_jump_and_poison_blast():
    g, L = setup([pool("a", "c2", 1, "vs2023-107-bolotnik", tokens=1), dummy("t", "c3", 2, life=9)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "action"))
    assert c(g, L, "t").wounds == 1 and c(g, L, "t").markers.get("poison") == 1 and c(g, L, "a").zone == "graveyard"
    g, L = setup([pool("a", "a1", 1, "vs2023-107-bolotnik")])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "jump"), to="d4")
    assert c(g, L, "a").cell == "d4"


def test_card_vs2023_109_osklizg_takes_wounds_of_a_swamp_neighbour():
    g, L = setup([pool("a", "c3", 1, "vs2023-109-osklizg", tokens=1), dummy("w", "d3", 1, element="Болота",
                  wounds=5)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "redistribute_wounds"), target="w")
    assert c(g, L, "w").wounds == 1 and c(g, L, "a").wounds == 4 and attack_sticks("vs2023-109-osklizg", "spell") == 0


def test_card_vs2023_110_rekken_rekkendum_and_knife_by_its_wounds():
    g, L = setup([pool("a", "c2", 1, "vs2023-110-rekken"), dummy("w", "a1", 1, element="Болота", wounds=3),
                  dummy("t", "c5", 2, life=9)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "redistribute_wounds"), target="w")
    assert c(g, L, "a").wounds == 2
    end_turn(g)
    end_turn(g)
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2023_112_hedd_poisons_on_a_medium_strike():
    g, L = _hit("vs2023-112-hedd", [4], closed=True)
    assert c(g, L, "t").markers.get("poison") == 1


def test_card_vs2023_113_garrid_luchnik_shot_range_four():
    g, L = setup([pool("a", "c1", 1, "vs2023-113-garrid-luchnik"), dummy("t", "c5", 2), dummy("u", "c6", 2)],
                 dice=[6])
    idx = ability_index(g, L, "a", "shot")
    assert {"act": "ability", "source": L["a"], "ability": idx, "target": L["u"]} not in g.legal_actions(1)
    do(g, L, 1, act="ability", source="a", ability=idx, target="t")
    assert c(g, L, "t").wounds == 3  # 1-2-3, die 6 = strong


def test_card_vs2023_115_krovyanitsa_finishing_blow_grows_with_poisoned_neighbours():
    g, L = setup([pool("a", "c3", 1, "vs2023-115-krovyanitsa"), dummy("t", "c4", 2, wounds=6),
                  dummy("p", "d4", 2, markers={"poison": 1})])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "finishing_blow"), target="t")
    assert c(g, L, "t").zone == "graveyard"


def test_card_vs2023_116_vasilisk_gaze_roots_the_target():
    g, L = _hit("vs2023-116-vasilisk", [1], closed=True)
    end_turn(g)
    assert not any(a["act"] == "move" and a["source"] == L["t"] for a in g.legal_actions(2))


def test_card_vs2023_120_goblin_numbness_closes_and_reduces_strikes():
    g, L = _hit("vs2023-120-goblin", [6, 1])
    assert c(g, L, "t").closed
    g, L = setup([pool("a", "c3", 1, "vs2023-120-goblin"), dummy("t", "c4", 2, strike=(3, 3, 3))], active=2,
                 dice=[6, 1])
    do(g, L, 2, act="attack", source="t", target="a")
    assert c(g, L, "a").wounds == 1


def test_card_vs2023_121_sliz_spit_retaliation_wound_and_poison_strike():
    g, L = _hit("vs2023-121-sliz", [1], closed=True)
    assert c(g, L, "t").wounds == 3 + 1
    g, L = setup([pool("a", "c3", 1, "vs2023-121-sliz"), dummy("t", "c4", 2, life=20)], active=2, dice=[1, 6])
    do(g, L, 2, act="attack", source="t", target="a")
    assert c(g, L, "t").wounds >= 1
    g, L = setup([pool("a", "c3", 1, "vs2023-121-sliz", tokens=1), dummy("t", "c4", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "special_strike"), target="t")
    assert c(g, L, "t").wounds == 3 and c(g, L, "t").markers.get("poison") == 1


def test_card_vs2023_125_trollok_throw_plus_one_vs_ranged_users():
    g, L = setup([pool("a", "c1", 1, "vs2023-125-trollok"), dummy("t", "c5", 2, abilities=[
        {"kw": "shot", "n": 1, "cost": "tap"}])], dice=[1])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2023_126_vilohvost_directed_strike_vs_forest_creatures():
    assert not defender_offered("vs2023-126-vilohvost", None, element="Леса")
    assert defender_offered("vs2023-126-vilohvost", None)  # against another element a defender may step in


def test_card_vs2023_126_vilohvost_poison_protection():
    assert not poison_sticks("vs2023-126-vilohvost", None)


def test_card_vs2023_126_vilohvost_attack_experience():
    g, L = setup([pool("a", None, 1, "vs2023-126-vilohvost"), dummy("t", "c4", 2, life=30)])
    assert fight_mods(g, L, "a", "t")[0] == 1


def test_card_vs2023_128_troll_regenerates_two():
    g, L = setup([pool("a", "c3", 1, "vs2023-128-troll", wounds=3)], active=2)
    end_turn(g)
    assert c(g, L, "a").wounds == 1


def test_card_vs2023_131_meduza_gorgona_gaze_on_a_strong_strike():
    g, L = _hit("vs2023-131-meduza-gorgona", [6, 1])
    t = c(g, L, "t")
    assert t.closed and t.markers.get("skip_open") == 1


def test_card_vs2023_134_uriil_foul_aura_keeps_the_attacker_closed():
    g, L = setup([pool("a", "c4", 2, "vs2023-134-uriil"), dummy("t", "c3", 1, life=20)], dice=[1, 6])
    do(g, L, 1, act="attack", source="t", target="a")
    end_turn(g)
    end_turn(g)
    assert c(g, L, "t").closed


def test_card_vs2023_135_drevniy_ogr_protection_after_being_struck():
    g, L = setup([pool("a", "c4", 2, "vs2023-135-drevniy-ogr"), dummy("t", "c3", 1, strike=(3, 3, 3)),
                  dummy("u", "d3", 1, strike=(3, 3, 3)),
                  dummy("s", "a1", 1, abilities=[{"kw": "shot", "n": 2, "cost": "tap"}])], dice=[6, 1, 6, 1])
    do(g, L, 1, act="attack", source="t", target="a")
    assert c(g, L, "a").wounds == 3
    do(g, L, 1, act="attack", source="u", target="a")
    assert c(g, L, "a").wounds == 3
    do(g, L, 1, act="shoot", source="s", target="a")
    assert c(g, L, "a").wounds == 3 + 2 - 1  # its shots are reduced by 1 too


def test_card_vs2003_otshelnik_moves_received_wounds_and_heals():
    g, L = setup([pool("h", "a1", 2, "vs2003-otshelnik"), dummy("a", "c3", 1, strike=(2, 2, 2)),
                  dummy("t", "c4", 2, life=20, closed=True), dummy("o", "b5", 2, life=20)], dice=[])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, aim(L["o"]))
    assert c(g, L, "t").wounds == 0 and c(g, L, "o").wounds == 2
    g, L = setup([pool("h", "a1", 1, "vs2003-otshelnik"), dummy("w", "b1", 1, wounds=2)])
    do(g, L, 1, act="ability", source="h", ability=ability_index(g, L, "h", "heal"), target="w")
    assert c(g, L, "w").wounds == 1


def test_card_vs2003_voin_hrama_best_of_two_and_dodge():
    g, L = setup([pool("a", "c3", 1, "vs2003-voin-hrama"), dummy("t", "c4", 2, life=30, closed=True)],
                 dice=[1, 6])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 5  # the better of 1 and 6
    g, L = setup([pool("a", "c4", 2, "vs2003-voin-hrama"), dummy("s", "c1", 1, abilities=[
        {"kw": "shot", "n": 3, "cost": "tap"}])], dice=[5])
    do(g, L, 1, act="ability", source="s", ability=0, target="a")
    assert c(g, L, "a").wounds == 0


def test_card_vs2023_181_lovets_udachi_changes_a_die_and_opens_on_the_opponent_turn():
    g, L = setup([pool("l", "a1", 1, "vs2023-181-lovets-udachi"), dummy("a", "c3", 1, strike=(1, 2, 5)),
                  dummy("t", "c4", 2, life=20, closed=True)], dice=[5])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, pick=lambda g, legal: next((a for a in legal if a["act"] == "ability" and a.get("x") == 1), None))
    assert c(g, L, "t").wounds == 5 and c(g, L, "l").closed
    end_turn(g)
    assert not c(g, L, "l").closed


def _sailors_jump_to_a1(dice=(), **target):
    """Матросы Аделаиды (player 1's, c2) jump to a1, next to an enemy dummy on b2 (with ``target`` properties)."""
    g, L = setup([pool("a", "c2", 1, "vs2023-182-matrosy-adelaidy"), dummy("t", "b2", 2, life=30, **target)],
                 dice=dice)
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "jump"), to="a1")
    assert c(g, L, "a").cell == "a1"
    return g, L


def test_card_vs2023_182_matrosy_adelaidy_defence_experience_in_the_middle_column():
    assert defence_mod([pool("a", "c2", 1, "vs2023-182-matrosy-adelaidy")], "a", probe_cell="c3") == 1


def test_card_vs2023_182_matrosy_adelaidy_take_one_less_from_a_weak_strike_in_the_middle_column():
    g, L = setup([pool("a", "c2", 1, "vs2023-182-matrosy-adelaidy", closed=True), dummy("p", "c3", 2,
                  strike=(2, 3, 4))], active=2, dice=[1])
    do(g, L, 2, act="attack", source="p", target="a")
    assert c(g, L, "a").wounds == 2 - 1


def test_card_vs2023_182_matrosy_adelaidy_attack_experience_after_jumping_to_the_edge_column():
    g, L = _sailors_jump_to_a1()
    assert fight_mods(g, L, "a", "t")[0] == 1


def test_card_vs2023_182_matrosy_adelaidy_medium_strike_bonus_after_jumping_to_the_edge_column():
    # a closed enemy: die 4 (+1 experience) is a medium strike, 2 + 1
    g, L = _sailors_jump_to_a1(dice=[4], closed=True)
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 3
