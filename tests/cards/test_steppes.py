"""One test per Steppes (Степи) pool card: each of its abilities where it matters (docs/cards.md)."""
from tests.prelim_util import to_first_turn
from tests.cards.kit import (ability_index, aim, c, do, dummy, end_turn, pool, settle, setup, THROWER, thrown,
                             poison_sticks, attack_sticks, defender_offered, attack_mod, defence_mod, fight_mods,
                             closed_hit)


def test_card_vs2023_001_kochevnik_vanilla_strike():
    g, L = setup([pool("a", "c3", 1, "vs2023-001-kochevnik"), dummy("t", "c4", 2, closed=True)], dice=[6])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 3


def test_card_vs2023_003_volhv_moves_wounds_to_enemies_and_starts_with_a_token_when_second():
    g, L = setup([pool("a", "c2", 1, "vs2023-003-volhv", tokens=1), dummy("w", "a2", 1, wounds=3),
                  dummy("t", "c5", 2, life=9), dummy("u", "d5", 2, life=9)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "redistribute_wounds"), target="w",
       targets=["t", "u"])
    assert c(g, L, "w").wounds == 1 and c(g, L, "t").wounds == 1 and c(g, L, "u").wounds == 1
    deck = [{"label": "a", "card": "vs2023-003-volhv", "owner": 1, "zone": "deck"},
            {"label": "t", "card": "Кочевник", "owner": 2, "zone": "deck"}]
    for first, tokens in ((2, 1), (1, 0)):  # it enters the battle with a token only as the second player's card
        g, L = to_first_turn(deck, first=first)
        assert c(g, L, "a").zone == "battlefield" and c(g, L, "a").tokens == tokens


def test_card_vs2023_005_ost_makes_a_friendly_strike_strong_and_discharges():
    g, L = setup([pool("o", "a1", 1, "vs2023-005-ost"), dummy("a", "c3", 1, strike=(1, 2, 5)),
                  dummy("t", "c4", 2, life=20, closed=True)], dice=[1])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    settle(g, pick=lambda g, legal: next((a for a in legal if a["act"] == "ability"), None))
    assert c(g, L, "t").wounds == 5 and c(g, L, "o").closed
    do(g, L, 1, act="pass", settle_after=False)


def test_card_vs2023_008_stepnoy_volkolak_strikes_against_it_are_weak_regeneration_poison_protection():
    g, L = setup([pool("a", "c3", 1, "vs2023-008-stepnoy-volkolak", wounds=5), dummy("t", "c4", 2,
                  strike=(1, 4, 6), life=20)], active=2, dice=[6, 1])
    g.apply(2, {"act": "attack", "source": L["t"], "target": L["a"]})
    settle(g, aim(L["t"]))
    assert c(g, L, "a").wounds == 6  # a strong strike counts as weak: 1
    g, L = setup([pool("a", "c3", 1, "vs2023-008-stepnoy-volkolak", wounds=2)], active=2)
    end_turn(g)
    assert c(g, L, "a").wounds == 1 and not poison_sticks("vs2023-008-stepnoy-volkolak")


def test_card_vs2023_010_akolit_dzara_three_discharges_at_different_creatures():
    g, L = setup([pool("a", "c2", 1, "vs2023-010-akolit-dzara"), dummy("t", "c5", 2), dummy("u", "d5", 2),
                  dummy("v", "b5", 2)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "discharge"),
       targets=sorted([L["t"], L["u"], L["v"]]))
    assert [c(g, L, x).wounds for x in "tuv"] == [1, 1, 1]


def test_card_vs2023_011_zmeeglav_experience_and_row_strike():
    alone = [pool("a", "c3", 1, "vs2023-011-zmeeglav")]
    assert attack_mod(alone, "a") == 1 and defence_mod(alone, "a") == 1
    g, L = setup([pool("a", "c2", 1, "vs2023-011-zmeeglav"), dummy("t", "c4", 2)])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "strike_through_row"), target="t")
    assert c(g, L, "t").wounds == 1


def test_card_vs2023_012_kabaniy_naezdnik_bonus_into_the_enemy_half_no_closing_back():
    g, L = setup([pool("a", "c3", 1, "vs2023-012-kabaniy-naezdnik"), dummy("t", "d5", 2, closed=True)],
                 dice=[1])
    do(g, L, 1, act="move", source="a", to="c4")
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 3
    g, L = setup([pool("a", "c4", 1, "vs2023-012-kabaniy-naezdnik"), dummy("t", "d2", 2, closed=True)],
                 dice=[1])
    do(g, L, 1, act="move", source="a", to="c3")
    do(g, L, 1, act="attack", source="a", target="t")
    assert not c(g, L, "a").closed


def test_card_vs2023_013_ork_bonus_and_directed_vs_mountains():
    g, L = setup([pool("a", "c3", 1, "vs2023-013-ork"), dummy("t", "c4", 2, element="Горы"), dummy("u", "d4", 2)])
    assert not defender_offered("vs2023-013-ork", element="Горы") and defender_offered("vs2023-013-ork")
    assert closed_hit("vs2023-013-ork", 1, element="Горы") == closed_hit("vs2023-013-ork", 1) + 1


def test_card_vs2023_014_pustynny_kondor_dive():
    g, L = setup([pool("a", None, 1, "vs2023-014-pustynny-kondor", tokens=1), dummy("t", "c4", 2, life=20)],
                 dice=[6])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "custom"), target="t", to="c5")
    a, t = c(g, L, "a"), c(g, L, "t")
    assert t.cell == "c5" and a.cell == "c4" and a.zone == "battlefield" and not g.is_flyer(a) and t.wounds == 4


def test_card_vs2023_016_sanktorum_protection_from_weak_simple_strikes():
    def struck(die):  # a closed Санкторум is struck once, weak on 1-3, strong on 6
        g2, L2 = setup([pool("a", "c3", 1, "vs2023-016-sanktorum", closed=True), dummy("p", "c4", 2, strike=(2, 2, 4)),
                        pool("b", "d3", 1, "vs2023-016-sanktorum")], dice=[die], active=2)
        do(g2, L2, 2, act="attack", source="p", target="a")
        return c(g2, L2, "a").wounds
    assert struck(1) == 0 and struck(6) == 4


def test_card_vs2023_016_sanktorum_weak_strike_bonus_in_formation():
    # in formation with another Санкторум it strikes a closed enemy with die 1: weak 1 + 1
    g, L = setup([pool("a", "c3", 1, "vs2023-016-sanktorum"), pool("b", "d3", 1, "vs2023-016-sanktorum"),
                  dummy("t", "c4", 2, life=30, closed=True)], dice=[1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "t").wounds == 2


def test_card_vs2023_017_arbaletchik_shot_spending_all_tokens_and_formation():
    g, L = setup([pool("a", "c2", 1, "vs2023-017-arbaletchik", tokens=2), pool("b", "d2", 1,
                  "vs2023-017-arbaletchik"), dummy("t", "c5", 2, life=20)], dice=[1])
    do(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "shot"), target="t")
    assert c(g, L, "t").wounds == 5 and c(g, L, "a").tokens == 0
    partner = [pool("b", "d3", 1, "vs2023-017-arbaletchik")]
    assert attack_sticks("vs2023-017-arbaletchik", "throw", extra=partner) == 0
    assert attack_sticks("vs2023-017-arbaletchik", "throw") == 2  # out of formation


def test_card_vs2023_019_shchitonosets_takes_one_less_from_ranged_attacks():
    assert attack_sticks("vs2023-019-shchitonosets", "shot") == 2 - 1


def test_card_vs2023_019_shchitonosets_aura_reduces_ranged_attacks_on_a_steppe_neighbour():
    ally = [dummy("s", "d3", 1, element="Степи")]
    assert attack_sticks("vs2023-019-shchitonosets", "shot", extra=ally, at="s") == 2 - 1


def test_card_vs2023_019_shchitonosets_takes_one_less_from_simple_strikes_in_formation():
    # a closed Щитоносец in formation with another is struck for a fixed 3
    g, L = setup([pool("a", "c3", 1, "vs2023-019-shchitonosets", closed=True),
                  pool("b", "d3", 1, "vs2023-019-shchitonosets"), dummy("p", "c4", 2, strike=(3, 3, 3))], active=2)
    do(g, L, 2, act="attack", source="p", target="a")
    assert c(g, L, "a").wounds == 3 - 1


MAGIC_USER = [{"kw": "discharge", "n": 1, "cost": "tap"}]


def test_card_vs2023_021_mantikora_ignores_protection_from_flyers_attacks():
    # a closed creature protected from flyers' attacks takes Мантикора's weak strike (die 1) in full
    assert closed_hit("vs2023-021-mantikora", 1, abilities=[{"kw": "protection", "from": "flyer_attacks"}]) == 2


def test_card_vs2023_021_mantikora_directed_strike_vs_magic_users():
    assert not defender_offered("vs2023-021-mantikora", None, abilities=MAGIC_USER)
    assert defender_offered("vs2023-021-mantikora", None)  # against another creature a defender may step in


def test_card_vs2023_021_mantikora_protection_from_spells():
    assert attack_sticks("vs2023-021-mantikora", "spell", None) == 0


def test_card_vs2023_021_mantikora_strike_bonus_vs_magic_users():
    assert closed_hit("vs2023-021-mantikora", 1, abilities=MAGIC_USER) == 2 + 1


def test_card_vs2023_024_posvyashchenny_dzara_range_grows_after_moving():
    g, L = setup([pool("a", "c2", 1, "vs2023-024-posvyashchenny-dzara"), dummy("t", "c5", 2)])
    idx = ability_index(g, L, "a", "discharge")
    do(g, L, 1, act="move", source="a", to="c3")
    assert {"act": "ability", "source": L["a"], "ability": idx, "target": L["t"]} in g.legal_actions(1)


def test_card_vs2023_029_peshiy_latnik_answers_melee_with_a_special_strike():
    g, L = setup([pool("a", "c4", 2, "vs2023-029-peshiy-latnik"), dummy("t", "c3", 1, life=20)], dice=[1, 6])
    do(g, L, 1, act="attack", source="t", target="a")
    assert c(g, L, "t").wounds >= 2 and attack_sticks("vs2023-029-peshiy-latnik", "shot") == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-029-peshiy-latnik"), pool("b", "d3", 1, "vs2023-029-peshiy-latnik"),
                  THROWER])
    assert thrown(g, L, "a") == 1  # in formation: armour 2 against a throw for 3


def _brontobey_hits(start, target_cell):
    """Бронтобей (player 1's, on ``start``) moves to c3 unless it starts there, then strikes a closed dummy on
    ``target_cell`` with die 1 (weak, 2 without bonuses); returns the wounds dealt."""
    g, L = setup([pool("a", start, 1, "vs2023-030-brontobey"), dummy("t", target_cell, 2, life=30, closed=True)],
                 dice=[1])
    if start != "c3":
        do(g, L, 1, act="move", source="a", to="c3")
    do(g, L, 1, act="attack", source="a", target="t")
    return c(g, L, "t").wounds


def test_card_vs2023_030_brontobey_strike_bonus_after_moving():
    assert _brontobey_hits("c2", "d4") == 2 + 1


def test_card_vs2023_030_brontobey_strike_bonus_vs_the_opposite_creature():
    assert _brontobey_hits("c3", "c4") == 2 + 1


def test_card_vs2023_030_brontobey_attack_experience_two():
    g, L = setup([pool("a", "c3", 1, "vs2023-030-brontobey"), dummy("t", "d4", 2, life=30)])
    assert fight_mods(g, L, "a", "t")[0] == 2


def test_card_vs2023_034_minotavr_strikes_twice_armour_and_formation():
    g, L = setup([pool("a", "c3", 1, "vs2023-034-minotavr"), dummy("t", "c4", 2, life=30, closed=True), THROWER],
                 dice=[1, 1])
    do(g, L, 1, act="attack", source="a", target="t")
    assert not c(g, L, "a").closed
    do(g, L, 1, act="attack", source="a", target="t")
    assert c(g, L, "a").closed and c(g, L, "t").wounds == 6
    assert thrown(g, L, "a") == 1  # armour 2 against a throw for 3


def test_card_vs2023_008_stepnoy_volkolak_on_death_strike_lapses_from_the_graveyard():
    # a magic strike kills it; its on-death special strike, an attack whose source left play, has no legal target
    # (01 §5.7, RULES.md Q7) and the mandatory trigger lapses (Q5.1): nobody is wounded
    zap = {"kw": "magic_strike", "n": 9, "cost": "tap"}
    g, L = setup([pool("w", "c4", 2, "vs2023-008-stepnoy-volkolak"),
                  dummy("mage", "c3", 1, abilities=[zap]), dummy("far", "a1", 1)])
    do(g, L, 1, settle_after=False, act="magic_strike", source="mage", target="w")
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "pass"})
    assert c(g, L, "w").zone == "graveyard" and g.prompt["kind"] == "priority" and g.queue == []
    settle(g)
    assert c(g, L, "mage").wounds == 0 and c(g, L, "far").wounds == 0
