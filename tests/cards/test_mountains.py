"""One test per Mountains (Горы) pool card: each of its abilities where it matters (docs/cards.md)."""
from tests.prelim_util import to_first_turn
from tests.cards.kit import ability_index, c, do, dummy, end_turn, pool, settle, setup, THROWER, thrown, poison_sticks, attack_sticks, attack_mod, defence_mod, fight_mods


def _strike_closed(name, die, target_kw=None, **target):
    """Wounds a closed dummy at c4 takes from the pool card ``name`` at c3 striking with one die."""
    g, L = setup([pool("a", "c3", 1, name), dummy("t", "c4", 2, life=30, closed=True, **target)], dice=[die])
    do(g, L, 1, act="attack", source="a", target="t")
    return c(g, L, "t").wounds


def test_card_vs2003_ar_gull_enters_the_battle_with_a_token():
    g, L = to_first_turn([{"label": "a", "card": "vs2003-ar-gull", "owner": 1, "zone": "deck"},
                          {"label": "t", "card": "Кочевник", "owner": 2, "zone": "deck"}])
    assert g.phase == "main" and c(g, L, "a").zone == "battlefield" and c(g, L, "a").tokens == 1


def test_card_vs2003_ar_gull_discharges_two_per_token():
    g, L = setup([pool("a", "c2", 1, "vs2003-ar-gull", tokens=4), dummy("t", "c5", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert c(g, L, "t").wounds == 8 and c(g, L, "a").tokens == 0


def test_card_vs2003_gnom_basaarg_must_attack_a_closed_enemy_that_becomes_adjacent_with_bonus():
    g, L = setup([pool("a", "c2", 1, "vs2003-gnom-basaarg"), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("d", "d4", 2, life=30)], dice=[1])
    do(g, L, 1, act="move", source="a", to="c3")
    legal = g.legal_actions(1)
    assert {"act": "pass"} not in legal and {"act": "attack", "source": L["a"], "target": L["t"]} in legal
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 3  # 1 + attack experience 1 = weak 2, +1 from the forced attack; no defender


def test_card_vs2003_gorny_velikan_poison_protection_and_formation_defence():
    assert defence_mod([pool("a", "c3", 1, "vs2003-gorny-velikan"), pool("b", "d3", 1, "vs2003-gorny-velikan")],
                       "a") == 1
    assert not poison_sticks("vs2003-gorny-velikan")
    assert defence_mod([pool("a", "c3", 1, "vs2003-gorny-velikan")], "a") == 0


def test_card_vs2003_hranitel_gor_plus_two_against_swamps():
    assert _strike_closed("vs2003-hranitel-gor", 1, element="Болота") == 3
    assert _strike_closed("vs2003-hranitel-gor", 1) == 1


def test_card_vs2003_kostedrobitel_attack_and_defence_experience():
    cards = [pool("a", "c3", 1, "vs2003-kostedrobitel")]
    assert attack_mod(cards, "a") == 1 and defence_mod(cards, "a") == 1


def test_card_vs2003_ledyanoy_ohotnik_strike_across_a_row_rolls_one_die():
    g, L = setup([pool("a", "c2", 1, "vs2003-ledyanoy-ohotnik"), dummy("t", "c4", 2, life=20)], dice=[6])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert c(g, L, "t").wounds == 4  # 2-3-4, die 6 = strong


def test_card_vs2003_mrazen_throws_icicles_at_any_range():
    g, L = setup([pool("a", "a1", 1, "vs2003-mrazen"), dummy("t", "e5", 2, life=20)], dice=[4])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2003_nekromant_resurrects_closed_and_discharges():
    g, L = setup([pool("a", "c2", 1, "vs2003-nekromant", tokens=4), dummy("t", "c5", 2, life=20),
                  dummy("dead", None, 1, zone="graveyard", elite=True)])
    idx = ability_index(g, L, "a", "resurrect")
    do(g, L, 1, act="ability", source="a", ability=idx, target="dead", to="c3")
    dead = c(g, L, "dead")
    assert dead.zone == "battlefield" and dead.cell == "c3" and dead.closed and c(g, L, "a").tokens == 0
    g, L = setup([pool("a", "c2", 1, "vs2003-nekromant"), dummy("t", "c5", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert c(g, L, "t").wounds == 1


def _stench(name):
    g, L = setup([pool("a", "c3", 1, name), dummy("t", "c4", 2, life=30)], dice=[6, 1])
    picks = []

    def pick(g, legal):
        if g.prompt["kind"] == "choice":
            picks.append(g.prompt["player"])
            return {"act": "choose", "option": {"choice": 1}}
        return None
    do(g, L, 1, act="attack", source="a", target="t", pick=pick)
    return picks, c(g, L, "t")


def test_card_vs2003_ovrazhny_gnom_stench_lets_the_target_controller_choose_and_bonus_vs_closed():
    picks, t = _stench("vs2003-ovrazhny-gnom")
    assert picks == [2] and t.wounds == 2 + 2  # strong 2 (+6 vs 1), then 2 wounds chosen instead of closing
    assert _strike_closed("vs2003-ovrazhny-gnom", 1) == 2  # weak 1 + 1 against a closed creature


def test_card_vs2003_povelitel_molniy_discharge_counts_tokens_without_spending_them():
    g, L = setup([pool("a", "c2", 1, "vs2003-povelitel-molniy", tokens=2), dummy("t", "c5", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert c(g, L, "t").wounds == 8 and c(g, L, "a").tokens == 2
    assert attack_sticks("vs2003-povelitel-molniy", "discharge") == 0


def test_card_vs2003_snezhny_gull_finishing_blow_and_corpse_eating():
    g, L = setup([pool("a", "c3", 1, "vs2003-snezhny-gull", wounds=5), dummy("t", "c4", 2, wounds=6)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "finishing_blow"), target="t")
    assert c(g, L, "t").zone == "graveyard" and c(g, L, "a").wounds == 0


def test_card_vs2023_002_kshar_special_strike_costs_a_token_and_bonus_vs_mountains():
    g, L = setup([pool("a", "c3", 1, "vs2023-002-kshar"), dummy("t", "c4", 2, life=20)])
    idx = ability_index(g, L, "a", "special_strike")
    assert not any(a.get("ability") == idx for a in g.legal_actions(1))
    g, L = setup([pool("a", "c3", 1, "vs2023-002-kshar", tokens=1), dummy("t", "c4", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=idx, target="t")
    assert c(g, L, "t").wounds == 3 and c(g, L, "a").tokens == 0
    assert _strike_closed("vs2023-002-kshar", 1, element="Горы") == 2


def test_card_vs2023_037_ovrazhny_gnom_stench_and_bonus_vs_closed():
    picks, t = _stench("vs2023-037-ovrazhny-gnom")
    assert picks == [2] and t.wounds == 4
    assert _strike_closed("vs2023-037-ovrazhny-gnom", 1) == 2


def test_card_vs2023_040_mrazen_throw_plus_one_vs_experienced():
    g, L = setup([pool("a", "c1", 1, "vs2023-040-mrazen"),
                  dummy("t", "c4", 2, life=20, abilities=[{"kw": "attack_exp", "n": 1}])], dice=[1])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "throw"), target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2023_045_ledovy_ohotnik_rider_gives_experience_to_the_card_in_front_and_valhalla():
    g, L = setup([pool("a", "c2", 1, "vs2023-045-ledovy-ohotnik"), dummy("f", "c3", 1),
                  dummy("t", "c4", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert c(g, L, "t").wounds == 2 and fight_mods(g, L, "f", "t")[0] == 1
    end_turn(g)
    end_turn(g)  # the experience lasted that turn only
    assert fight_mods(g, L, "f", "t")[0] == 0
    g, L = setup([pool("a", None, 1, "vs2023-045-ledovy-ohotnik", zone="graveyard"), dummy("f", "c3", 1),
                  dummy("t", "c4", 2, life=20)], active=2, spare=False)
    end_turn(g)
    settle(g)
    assert fight_mods(g, L, "f", "t")[0] == 1


def test_card_vs2023_046_master_topora_armour_formation_token_and_magic_strike_x():
    g, L = setup([pool("a", "c3", 1, "vs2023-046-master-topora", tokens=2), pool("b", "d3", 1,
                  "vs2023-046-master-topora"), dummy("t", "c4", 2, life=20), THROWER], dice=[6])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="t", x=2)
    assert c(g, L, "t").wounds == 4  # medium? fixed? 0-1-2 rolls: die 6 strong 2 + 2 tokens
    end_turn(g)
    end_turn(g)
    assert c(g, L, "b").tokens == 1  # formation: a token at the start of its turn
    assert thrown(g, L, "a") == 2  # armour 1 in formation: a throw for 3 deals 2


def test_card_vs2023_048_smotritel_gornila_formation_by_partner_kind():
    g, L = setup([pool("a", "c3", 1, "vs2023-048-smotritel-gornila"),
                  dummy("b", "d3", 1, elite=True, abilities=[{"kw": "formation", "grants": [{"kw": "first_strike"}]}]),
                  THROWER])
    assert thrown(g, L, "a") == 1  # in formation with an elite creature: armour 2
    assert defence_mod([pool("a", "c3", 1, "vs2023-048-smotritel-gornila"),
                        dummy("b", "d3", 1, abilities=[{"kw": "formation", "grants": [{"kw": "first_strike"}]}])],
                       "a") == 2


def test_card_vs2023_050_hranitel_gor_plus_two_vs_swamps_and_poison_protection():
    assert _strike_closed("vs2023-050-hranitel-gor", 1, element="Болота") == 4
    g, L = setup([pool("a", "c3", 1, "vs2023-050-hranitel-gor")])
    assert not poison_sticks("vs2023-050-hranitel-gor")


def test_card_vs2023_053_gnom_basaarg_must_attack_closed_with_bonus_and_directed():
    g, L = setup([pool("a", "c3", 1, "vs2023-053-gnom-basaarg"), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("o", "d4", 2, life=30)], dice=[1])
    legal = g.legal_actions(1)
    assert {"act": "pass"} not in legal
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 3  # weak 2 + 1 vs closed (1+1 experience = weak)


def test_card_vs2023_055_borg_special_strike_stuns_a_closed_target():
    g, L = setup([pool("a", "c3", 1, "vs2023-055-borg", tokens=1), dummy("t", "c4", 2, life=20, closed=True)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "special_strike"), target="t")
    assert c(g, L, "t").wounds == 3
    end_turn(g)
    assert c(g, L, "t").closed


def test_card_vs2023_061_gorny_velikan_poison_protection_and_formation_defence():
    assert defence_mod([pool("a", "c3", 1, "vs2023-061-gorny-velikan"), pool("b", "c2", 1, "vs2023-061-gorny-velikan")],
                       "a") == 1 and not poison_sticks("vs2023-061-gorny-velikan")


def test_card_vs2023_062_kostedrobitel_experience_and_valhalla_strike_bonus():
    cards = [pool("a", "c3", 1, "vs2023-062-kostedrobitel")]
    assert attack_mod(cards, "a") == 1 and defence_mod(cards, "a") == 1
    g, L = setup([pool("a", None, 1, "vs2023-062-kostedrobitel", zone="graveyard"), dummy("f", "c3", 1),
                  dummy("t", "c4", 2, closed=True)], active=2, spare=False)
    end_turn(g)
    settle(g)
    do(g, L, 1, act="attack", source="f", target="t")
    assert c(g, L, "t").wounds == 1 + 1  # its fixed strike 1, +1 from the Valhalla bonus


def test_card_vs2023_064_gobrah_regenerates_three_and_reduces_diagonal_melee():
    g, L = setup([pool("a", "c3", 1, "vs2023-064-gobrah", wounds=5), dummy("t", "d4", 2, strike=(3, 3, 3))],
                 active=2, dice=[5, 1])
    do(g, L, 2, act="attack", source="t", target="a")
    assert c(g, L, "a").wounds == 5 + 1  # 3 - 2 from a diagonal simple strike
    end_turn(g)
    assert c(g, L, "a").wounds == 3


def test_card_vs2023_066_povelitel_molniy_discharge_counts_the_paid_token():
    g, L = setup([pool("a", "c2", 1, "vs2023-066-povelitel-molniy", tokens=2), dummy("t", "c5", 2, life=20)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"), target="t")
    assert c(g, L, "t").wounds == 8 and c(g, L, "a").tokens == 1
    assert attack_sticks("vs2023-066-povelitel-molniy", "magic_strike") == 0
