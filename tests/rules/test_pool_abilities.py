"""Pool abilities played in real positions through the public API: each test declares the
ability (or sets up what a static ability changes), lets the game execute, and reads the result from the view.
Card texts: ../shared/cards/starter-pool.json; card-data decisions: docs/cards.md."""
from __future__ import annotations

import pytest

from tests.rules.play import card, creature, do, legal, next_turn, position, seen, settle

NOMAD = "Кочевник"


def closed_dummy(label, cell, owner=2, **kw):
    return card(label, NOMAD, owner, cell, closed=True, **kw)


def strike(g, lb, src, tgt, player=1):
    do(g, lb, player, act="attack", source=src, target=tgt)
    settle(g)


def strike_prompt(g, lb, src, tgt) -> str:
    """Player 1 strikes and both pass: the kind of the first question its execution asks (defender or not)."""
    do(g, lb, 1, act="attack", source=src, target=tgt)
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    return g.view(None)["prompt"]["kind"]


# ---------------------------------------------------------------------- activated abilities
def test_ar_gull_heals_two_of_its_own_wounds():
    g, lb = position([card("ar", "vs2003-ar-gull", 1, "c2", wounds=3)])
    do(g, lb, 1, act="ability", source="ar", ability="heal")
    settle(g)
    assert seen(g, lb, "ar")["wounds"] == 1 and seen(g, lb, "ar")["closed"]


@pytest.mark.parametrize("pool_id,idx", [("vs2003-snezhny-gull", 0), ("vs2023-109-osklizg", 4),
                                         ("vs2023-092-kobold", 1)])
def test_strike_across_a_row_for_one(pool_id, idx):
    """Снежный гулль (unvalued: 1), Осклизг and Кобольд 2023: two cells away on a line over an empty cell."""
    g, lb = position([card("s", pool_id, 1, "c2"), card("t", NOMAD, 2, "c4"), card("diag", NOMAD, 2, "e4"),
                      card("far", NOMAD, 2, "c5")])
    assert not legal(g, lb, 1, act="ability", source="s", ability=idx, target="diag")
    assert not legal(g, lb, 1, act="ability", source="s", ability=idx, target="far")
    do(g, lb, 1, act="ability", source="s", ability=idx, target="t")
    settle(g)
    assert seen(g, lb, "t")["wounds"] == 1


def test_nekromant_resurrects_once_per_battle_shared_by_both_resurrections():
    elite = creature(elite=True, cost=6)
    g, lb = position([card("nek", "vs2003-nekromant", 1, "c2", tokens=7),
                      card("el", "Элита", 1, zone="graveyard", override=elite),
                      card("reg", "Рядовой", 1, zone="graveyard", override=creature())])
    do(g, lb, 1, act="ability", source="nek", ability=1, target="el", to="b2")
    settle(g)
    assert seen(g, lb, "el")["zone"] == "battlefield" and seen(g, lb, "el")["closed"]
    assert seen(g, lb, "nek")["tokens"] == 3
    next_turn(g)
    next_turn(g)
    assert not seen(g, lb, "nek")["closed"]
    assert not any(a.get("source") == lb["nek"] and a.get("ability") in (1, 2) for a in g.legal_actions(1))


def test_ost_discharges_for_one():
    g, lb = position([card("ost", "vs2023-005-ost", 1, "c2"), card("t", NOMAD, 2, "c5")])
    do(g, lb, 1, act="discharge", source="ost", target="t")
    settle(g)
    assert seen(g, lb, "t")["wounds"] == 1


def test_izhor_shoots_for_one_at_range_four():
    g, lb = position([card("iz", "vs2023-103-izhor", 1, "c1"), card("in4", NOMAD, 2, "c5"),
                      card("out5", NOMAD, 2, "d6")])
    assert not legal(g, lb, 1, act="shoot", source="iz", target="out5")
    do(g, lb, 1, act="shoot", source="iz", target="in4")
    settle(g)
    assert seen(g, lb, "in4")["wounds"] == 1


def test_povelitel_molniy_2003_keeps_its_tokens_and_caps_them_at_two():
    g, lb = position([card("pm", "vs2003-povelitel-molniy", 1, "c2", tokens=2), card("t", NOMAD, 2, "c5",
                                                                                     override=creature(life=20))])
    assert not legal(g, lb, 1, act="ability", source="pm", ability=3)  # accumulating at its maximum
    do(g, lb, 1, act="discharge", source="pm", target="t")
    settle(g)
    assert seen(g, lb, "t")["wounds"] == 8 and seen(g, lb, "pm")["tokens"] == 2  # 2 + 3 x 2, nothing spent


def test_povelitel_molniy_2023_spends_a_token_per_discharge_and_caps_them_at_three():
    g, lb = position([card("pm", "vs2023-066-povelitel-molniy", 1, "c2", tokens=3),
                      card("t", NOMAD, 2, "c5", override=creature(life=20))])
    assert not legal(g, lb, 1, act="ability", source="pm", ability=2)
    do(g, lb, 1, act="discharge", source="pm", target="t")
    settle(g)
    assert seen(g, lb, "t")["wounds"] == 11 and seen(g, lb, "pm")["tokens"] == 2  # 2 + 3 x 3 counted before paying


def test_povelitel_molniy_discharge_ignores_forced_targeting():
    """Made a flyer (so that Паук-пересмешник's taunt would bind it): its discharge may still aim elsewhere, its
    simple strike may not."""
    pm = dict(creature(life=9, strike=(2, 2, 3), move=None), flyer=True, abilities=[
        {"kw": "discharge", "strike": [2, 2, 2], "range": None, "cost": "tap"},
        {"kw": "ignores_forced_targeting", "applies_to": ["discharge"]}])
    g, lb = position([card("pm", "vs2023-066-povelitel-molniy", 1, zone="aux", override=pm),
                      card("spider", "vs2023-077-pauk-peresmeshnik", 2, "c5"), card("other", NOMAD, 2, "b5")])
    assert legal(g, lb, 1, act="discharge", source="pm", target="other")
    assert not legal(g, lb, 1, act="attack", source="pm", target="other")
    assert legal(g, lb, 1, act="attack", source="pm", target="spider")


def test_pauk_peresmeshnik_2023_enemy_flyers_may_attack_only_it():
    bat = dict(creature(move=None, abilities=[{"kw": "shot", "strike": [1, 1, 1], "range": None, "cost": "tap"}]),
               flyer=True)
    g, lb = position([card("bat", "Нетопырь", 1, zone="aux", override=bat),
                      card("spider", "vs2023-077-pauk-peresmeshnik", 2, "c5"), card("other", NOMAD, 2, "b5")])
    targets = {a.get("target") for a in g.legal_actions(1) if a.get("source") == lb["bat"]}
    assert targets == {lb["spider"]}


def test_bolotnik_jumps_within_range_four():
    g, lb = position([card("bol", "vs2023-107-bolotnik", 1, "b1")])
    assert legal(g, lb, 1, act="ability", source="bol", ability=0, to="b5")
    assert not legal(g, lb, 1, act="ability", source="bol", ability=0, to="b6")
    do(g, lb, 1, act="ability", source="bol", ability=0, to="b5")
    settle(g)
    assert seen(g, lb, "bol")["cell"] == "b5"


def test_pustynny_kondor_dives_once_per_battle():
    g, lb = position([card("kon", "vs2023-014-pustynny-kondor", 1, zone="aux", tokens=3),
                      card("t", NOMAD, 2, "c4", override=creature(life=20))], dice=[4])
    do(g, lb, 1, act="ability", source="kon", ability=1, target="t", to="c5")
    settle(g)
    assert seen(g, lb, "kon")["cell"] == "c4" and seen(g, lb, "t")["cell"] == "c5"
    assert seen(g, lb, "t")["wounds"] == 4  # 3-4-4: die 4 is medium
    next_turn(g)
    next_turn(g)
    assert not any(a.get("source") == lb["kon"] and a.get("ability") == 1 for a in g.legal_actions(1))


# ---------------------------------------------------------------------- triggered abilities
def test_klaer_becoming_a_defender_gains_both_bonuses_until_the_end_of_her_next_turn():
    g, lb = position([card("att", NOMAD, 1, "c3"), card("tgt", NOMAD, 2, "c4"),
                      card("klaer", "vs2023-082-klaer", 2, "d4"),
                      card("dummy", "Идол", 1, "d3", override=creature(life=30, move=None, kind="artifact"))],
                     dice=[3, 5, 3, 3])
    do(g, lb, 1, act="attack", source="att", target="tgt")
    do(g, lb, 1, act="pass")
    do(g, lb, 2, act="pass")
    do(g, lb, 2, act="defend", source="klaer")
    settle(g)  # 3 vs 5: D = -2, both miss; then her trigger grants the bonuses
    next_turn(g)  # player 2's turn 4: Klaer opened
    strike(g, lb, "klaer", "dummy", player=2)  # an artifact: one die, 3 + attack experience 1 = 4: medium 2 + 2
    assert seen(g, lb, "dummy")["wounds"] == 4
    next_turn(g)
    next_turn(g)  # turn 6: the grant ended with turn 4
    strike(g, lb, "klaer", "dummy", player=2)  # die 3: weak 1
    assert seen(g, lb, "dummy")["wounds"] == 5


def test_meduza_gorgona_corpse_eating_heals_completely_and_cures_poison():
    g, lb = position([card("med", "vs2023-131-meduza-gorgona", 1, "c3", wounds=5, markers={"poison": 1}),
                      closed_dummy("t", "c4", wounds=7)], dice=[1])
    strike(g, lb, "med", "t")
    assert seen(g, lb, "t")["zone"] == "graveyard"
    m = seen(g, lb, "med")
    assert m["wounds"] == 0 and not m["markers"].get("poison")


# ---------------------------------------------------------------------- static abilities
def test_tsiklop_protections_regeneration_directed_strike_and_opposite_only():
    mage = creature(abilities=[{"kw": "magic_strike", "n": 3, "cost": "tap"},
                               {"kw": "action", "cost": "tap", "effects": [
                                   {"kw": "poison", "n": 1, "target": {"choose": "creature", "side": "enemy"}}]}])
    g, lb = position([card("cy", "vs2023-101-tsiklop", 2, "c4", wounds=2), card("mage", "Маг", 1, "c3", override=mage),
                      card("pois", "Отравитель", 1, "b3", override=mage)], active=1)
    do(g, lb, 1, act="ability", source="mage", ability=0, target="cy")
    settle(g)
    do(g, lb, 1, act="ability", source="pois", ability=1, target="cy")
    settle(g)
    cy = seen(g, lb, "cy")
    assert cy["wounds"] == 2 and not cy["markers"].get("poison")  # protection from magic and from poison
    next_turn(g)  # player 2's turn start: regeneration 1
    assert seen(g, lb, "cy")["wounds"] == 1
    assert legal(g, lb, 2, act="attack", source="cy", target="mage")  # c3 is directly opposite c4
    assert not legal(g, lb, 2, act="attack", source="cy", target="pois")


def test_tsiklop_directed_strike_asks_for_no_defender():
    g, lb = position([card("cy", "vs2023-101-tsiklop", 1, "c3"), card("t", NOMAD, 2, "c4"),
                      card("guard", NOMAD, 2, "d4")], dice=[6, 1])
    assert strike_prompt(g, lb, "cy", "t") != "defender"
    settle(g)
    assert seen(g, lb, "t")["wounds"] == 6


@pytest.mark.parametrize("attacker_cost,wounds", [(3, 2), (4, 4)])
def test_hobgoblin_2023_takes_two_less_from_cheap_creatures_nonmagical_attacks(attacker_cost, wounds):
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(cost=attacker_cost, strike=(4, 4, 4))),
                      card("hob", "vs2023-100-hobgoblin", 2, "c4", closed=True)])
    strike(g, lb, "a", "hob")
    assert seen(g, lb, "hob")["wounds"] == wounds


@pytest.mark.parametrize("element,wounds", [("Степи", 2), ("Горы", 3)])
def test_elf_warrior_2023_takes_one_less_from_steppe_creatures(element, wounds):
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(element=element, strike=(3, 3, 3))),
                      card("elf", "vs2023-097-elfiyskiy-voin", 2, "c4", closed=True)])
    strike(g, lb, "a", "elf")
    assert seen(g, lb, "elf")["wounds"] == wounds


def test_vilohvost_gets_plus_one_against_a_defender():
    g, lb = position([card("vil", "vs2023-126-vilohvost", 1, zone="aux"), card("t", NOMAD, 2, "c4"),
                      card("guard", NOMAD, 2, "d4")], dice=[5, 1])
    assert strike_prompt(g, lb, "vil", "t") == "defender"
    do(g, lb, 2, act="defend", source="guard")
    settle(g)  # 5 + 1 vs 1: D = +5, strong 3, +1 against a defender
    assert seen(g, lb, "guard")["wounds"] == 4 and seen(g, lb, "t")["wounds"] == 0


def _formation_partner(label, cell, owner=2, elite=False):
    return card(label, "Строевой", owner, cell, override=creature(elite=elite, abilities=[
        {"kw": "formation", "grants": [{"kw": "armour", "n": 1}]}]))


@pytest.mark.parametrize("pool_id", ["vs2003-bjorn", "vs2003-gorny-velikan", "vs2023-061-gorny-velikan"])
def test_defence_experience_in_formation(pool_id):
    """5 vs 4 + 1: D = 0 with both results >= 5, so the attacker misses and the responder deals weak; out of
    formation D = +1 would be a weak blow for the attacker."""
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(life=20)), card("def", pool_id, 2, "c4"),
                      _formation_partner("mate", "b4")], dice=[5, 4])
    strike(g, lb, "a", "def")
    assert seen(g, lb, "def")["wounds"] == 0 and seen(g, lb, "a")["wounds"] == 2


def test_bjorn_protection_from_magic():
    g, lb = position([card("m", "Маг", 1, "c3", override=creature(abilities=[{"kw": "magic_strike", "n": 3,
                                                                           "cost": "tap"}])),
                      card("bj", "vs2003-bjorn", 2, "c4")])
    do(g, lb, 1, act="magic_strike", source="m", target="bj")
    settle(g)
    assert seen(g, lb, "bj")["wounds"] == 0


@pytest.mark.parametrize("pool_id", ["vs2003-gorny-velikan", "vs2003-hobgoblin", "vs2023-100-hobgoblin"])
def test_protection_from_poison(pool_id):
    pois = creature(abilities=[{"kw": "action", "cost": "tap", "effects": [
        {"kw": "poison", "n": 1, "target": {"choose": "creature", "side": "enemy"}}]}])
    g, lb = position([card("p", "Отравитель", 1, "c3", override=pois), card("x", pool_id, 2, "c4")])
    do(g, lb, 1, act="ability", source="p", ability=0, target="x")
    settle(g)
    assert not seen(g, lb, "x")["markers"].get("poison")


def test_hobgoblin_2003_directed_strike():
    g, lb = position([card("h", "vs2003-hobgoblin", 1, "c3"), card("t", NOMAD, 2, "c4"),
                      card("guard", NOMAD, 2, "d4")], dice=[6, 1])
    assert strike_prompt(g, lb, "h", "t") != "defender"


def test_kostedrobitel_2003_attack_and_defence_experience():
    g, lb = position([card("k", "vs2003-kostedrobitel", 1, "c3"), closed_dummy("t", "c4", override=creature(life=20))],
                     dice=[3])
    strike(g, lb, "k", "t")  # 3 + 1 = 4: medium 5
    assert seen(g, lb, "t")["wounds"] == 5
    g, lb = position([card("a", "Боец", 2, "c4", override=creature(life=20)), card("k", "vs2003-kostedrobitel", 1, "c3")],
                     active=2, turn=4, dice=[5, 4])
    strike(g, lb, "a", "k", player=2)  # 5 vs 4 + 1: D = 0, both >= 5: the responder deals weak 3
    assert seen(g, lb, "a")["wounds"] == 3 and seen(g, lb, "k")["wounds"] == 0


@pytest.mark.parametrize("elite,wounds_taken,attacker_wounds", [(True, 1, 2), (False, 0, 2)])
def test_smotritel_gornila_formation_by_partner_status(elite, wounds_taken, attacker_wounds):
    """5 vs 3. With an elite partner, armour 2: D = +2, kept: medium 3 - 2 = 1, and weak 2 back. With a regular
    partner, defence experience 2: 5 vs 5, D = 0 with both >= 5: the attacker misses, weak 2 back."""
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(life=20, strike=(3, 3, 3))),
                      card("sm", "vs2023-048-smotritel-gornila", 2, "c4"), _formation_partner("mate", "b4", elite=elite)],
                     dice=[5, 3])
    strike(g, lb, "a", "sm")
    assert seen(g, lb, "sm")["wounds"] == wounds_taken and seen(g, lb, "a")["wounds"] == attacker_wounds


def test_sanktorum_protection_from_weak_simple_strikes_and_formation_weak_bonus():
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(strike=(2, 3, 4))),
                      card("s", "vs2023-016-sanktorum", 2, "c4", closed=True)], dice=[1])
    strike(g, lb, "a", "s")
    assert seen(g, lb, "s")["wounds"] == 0
    g, lb = position([card("s", "vs2023-016-sanktorum", 1, "c3"), _formation_partner("mate", "b3", owner=1),
                      closed_dummy("t", "c4")], dice=[1])
    strike(g, lb, "s", "t")
    assert seen(g, lb, "t")["wounds"] == 2  # weak 1 + 1 in formation


def test_shchitonosets_ranged_reduction_aura_and_formation():
    shooter = creature(abilities=[{"kw": "shot", "strike": [3, 3, 3], "range": None, "cost": "tap"}])
    steppe = creature(element="Степи")
    g, lb = position([card("sh", "Стрелок", 1, "c2", override=shooter), card("sh2", "Стрелок", 1, "b2", override=shooter),
                      card("shield", "vs2023-019-shchitonosets", 2, "c5"), card("ally", "Степняк", 2, "d5",
                                                                               override=steppe)])
    do(g, lb, 1, act="shoot", source="sh", target="shield")
    settle(g)
    do(g, lb, 1, act="shoot", source="sh2", target="ally")
    settle(g)
    assert seen(g, lb, "shield")["wounds"] == 2 and seen(g, lb, "ally")["wounds"] == 2
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(strike=(3, 3, 3))),
                      card("shield", "vs2023-019-shchitonosets", 2, "c4", closed=True), _formation_partner("m", "b4")])
    strike(g, lb, "a", "shield")
    assert seen(g, lb, "shield")["wounds"] == 2


def test_mantikora_bonus_and_directed_strike_against_magic_users_and_protection_from_spells():
    mage = creature(abilities=[{"kw": "discharge", "n": 1, "range": None, "cost": "tap"}])
    g, lb = position([card("man", "vs2023-021-mantikora", 1, zone="aux"), card("mage", "Маг", 2, "c4", closed=True,
                                                                               override=mage),
                      card("guard", NOMAD, 2, "d4")], dice=[1])
    assert strike_prompt(g, lb, "man", "mage") != "defender"  # directed against a discharger
    settle(g)
    assert seen(g, lb, "mage")["wounds"] == 3  # weak 2 + 1
    spell = creature(abilities=[{"kw": "action", "kind": "spell", "cost": "tap", "effects": [
        {"kw": "wound", "n": 2, "target": {"choose": "creature", "side": "enemy"}}]}])
    g, lb = position([card("caster", "Колдун", 2, "c4", override=spell), card("man", "vs2023-021-mantikora", 1,
                                                                              zone="aux")], active=2, turn=4)
    do(g, lb, 2, act="ability", source="caster", ability=0, target="man")
    settle(g)
    assert seen(g, lb, "man")["wounds"] == 0


def test_mantikora_ignores_protection_from_flyers_attacks():
    shielded = creature(abilities=[{"kw": "protection", "from": "flyer_attacks"}])
    g, lb = position([card("man", "vs2023-021-mantikora", 1, zone="aux"), card("t", "Щит", 2, "c4", closed=True,
                                                                               override=shielded)], dice=[1])
    strike(g, lb, "man", "t")
    assert seen(g, lb, "t")["wounds"] == 2


def test_brontobey_plus_one_against_the_creature_opposite():
    g, lb = position([card("b", "vs2023-030-brontobey", 1, "c3"), closed_dummy("opp", "c4"), closed_dummy("side", "d4")],
                     dice=[1, 1])
    strike(g, lb, "b", "opp")  # die 1 + 2 = 3: weak 2, +1 opposite
    assert seen(g, lb, "opp")["wounds"] == 3
    g, lb = position([card("b", "vs2023-030-brontobey", 1, "c3"), closed_dummy("side", "d4")], dice=[1])
    strike(g, lb, "b", "side")
    assert seen(g, lb, "side")["wounds"] == 2


@pytest.mark.parametrize("element,wounds,directed", [("Горы", 5, True), ("Леса", 4, False)])
def test_ork_bonus_and_directed_strike_against_mountain_creatures(element, wounds, directed):
    g, lb = position([card("ork", "vs2023-013-ork", 1, "c3"),
                      card("t", "Горец", 2, "c4", override=creature(element=element)), card("guard", NOMAD, 2, "d4")],
                     dice=[6, 1])
    assert (strike_prompt(g, lb, "ork", "t") == "defender") is not directed
    settle(g)
    assert seen(g, lb, "t")["wounds"] == wounds  # 6 vs 1: strong 4, +1 against Mountains


def test_matrosy_adelaidy_middle_column():
    """In column c: weak simple strikes at it are 1 less, and it has defence experience 1."""
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(strike=(2, 2, 2))),
                      card("m", "vs2023-182-matrosy-adelaidy", 2, "c4", closed=True)], dice=[1])
    strike(g, lb, "a", "m")
    assert seen(g, lb, "m")["wounds"] == 1
    g, lb = position([card("a", "Боец", 1, "c3", override=creature(life=20)),
                      card("m", "vs2023-182-matrosy-adelaidy", 2, "c4")], dice=[5, 4])
    strike(g, lb, "a", "m")  # 5 vs 4 + 1: D = 0, both >= 5: the sailors strike back weak 2
    assert seen(g, lb, "a")["wounds"] == 2 and seen(g, lb, "m")["wounds"] == 0


def test_matrosy_adelaidy_edge_column():
    """In column a or e: attack experience 1 and +1 to its medium and strong strikes."""
    g, lb = position([card("m", "vs2023-182-matrosy-adelaidy", 1, "e3"), closed_dummy("t", "e4")], dice=[3])
    strike(g, lb, "m", "t")  # 3 + 1 = 4: medium 2, +1
    assert seen(g, lb, "t")["wounds"] == 3
