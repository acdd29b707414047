"""The card data file: every card loads, every ability is in the documented vocabulary (engine/cards/vocab.py,
docs/card-vocabulary.md), printed properties have their documented types, RULES.md S1's implicit ability is explicit."""
import json
import re
from pathlib import Path

import pytest

from engine.cards import all_cards, card_def
from engine.errors import EngineError
from engine.cards.vocab import KW, check_ability, normalize_ability

CARDS = all_cards()
IDS = [c["id"] for c in CARDS]
DOC = (Path(__file__).resolve().parent.parent / "docs" / "card-vocabulary.md").read_text(encoding="utf-8")
DECISIONS = (Path(__file__).resolve().parent.parent / "docs" / "cards.md").read_text(encoding="utf-8")


def _walk(abilities):
    """Every ability object, nested ones included."""
    for a in abilities:
        yield a
        for key in ("grants", "abilities", "effects", "rider"):
            if isinstance(a.get(key), list):
                yield from _walk(a[key])
        for option in (a["options"] if a["kw"] == "choose_one" else []):
            yield from _walk(option)


def test_pool_ids_are_distinct_and_hold_the_starter_pool_and_set1_rest_cards():
    assert len(IDS) == len(set(IDS))
    assert {"vs2003-ar-gull", "vs2023-001-kochevnik", "vs2023-182-matrosy-adelaidy", "vs2023-039-gul",
            "vs2023-117-vayl", "vs2023-195-berserk"} <= set(IDS)


@pytest.mark.parametrize("cid", IDS)
def test_card_loads_by_id(cid):
    assert card_def(cid)["id"] == cid


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_printed_properties_have_documented_types(card):
    assert isinstance(card["name_ru"], str) and card["name_ru"]
    assert isinstance(card["name_en"], str) and card["name_en"]
    assert card["element"] in ("Горы", "Леса", "Степи", "Болота", "Тьма", "Нейтральные")
    assert isinstance(card["cost"], int) and card["cost"] > 0
    for flag in ("elite", "unique", "flyer", "symbiote"):
        assert isinstance(card[flag], bool)
    assert card["kind"] == "creature"
    assert isinstance(card["life"], int) and card["life"] > 0
    assert (card["move"] is None) if card["flyer"] else (isinstance(card["move"], int) and card["move"] >= 1)
    assert isinstance(card["strike"], list) and len(card["strike"]) == 3 and all(isinstance(v, int) for v in card["strike"])
    assert isinstance(card["classes"], list) and all(isinstance(c, str) for c in card["classes"])
    assert isinstance(card["text_en"], str) and card["text_en"]
    assert isinstance(card["text_ru"], str) and re.search("[а-яА-Я]", card["text_ru"])


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_every_ability_fits_the_vocabulary(card):
    problems = [p for a in card["abilities"] for p in check_ability(a)]
    assert problems == []


def test_every_kw_used_is_documented_with_its_rule():
    used = {a["kw"] for c in CARDS for a in _walk(c["abilities"])}
    assert used <= set(KW)
    for kw in KW:
        assert f"`{kw}`" in DOC, kw


def test_data_is_already_normalized():
    for c in CARDS:
        for a in c["abilities"]:
            assert normalize_ability(a) == a


@pytest.mark.parametrize("card", CARDS, ids=IDS)
def test_token_cost_implies_explicit_accumulate_rule_s1(card):
    # an activated ability's token cost ("[Token]:", "spend all tokens"); a trigger that "then loses all its
    # tokens" pays them at declaration too (01 §6.2) but is not a "[Token]:" ability of S1 (Алвалинд)
    token_cost = any(isinstance(a.get("cost"), dict) and a["cost"].get("tokens") not in (0, None)
                     for a in card["abilities"] if a["kw"] != "trigger")
    accumulate = [a for a in card["abilities"] if a["kw"] == "accumulate_token"]
    if token_cost:
        assert len(accumulate) == 1
    implicit = [a for a in accumulate if a["implicit"]]
    assert not implicit or token_cost


def test_checker_rejects_an_unknown_kw_and_a_badly_typed_field():
    assert check_ability({"kw": "teleport_everything"})
    assert check_ability({"kw": "armour", "n": "2"})
    assert check_ability({"kw": "shot", "strike": [1, 2, 3], "range": 0, "target": "self",
                          "cost": {"tap": True, "tokens": 0}, "sudden": False})


def test_override_abilities_in_scenario_short_form_are_normalized():
    card = card_def("Кельпи", {"kind": "creature", "life": 4, "move": 2, "strike": [1, 2, 2], "abilities": [
        {"kw": "trigger", "when": "moves", "optional": False, "effect": {"kw": "gain_token", "n": 1, "target": "self"}},
        {"kw": "magic_strike", "n": "X", "cost": "X tokens"}]})
    trigger, strike = card["abilities"]
    assert trigger["effects"] == [{"kw": "gain_token", "n": 1, "target": "self"}]
    assert strike["cost"] == {"tap": False, "tokens": "X"} and strike["bonus"]["per"] == "tokens_paid"
    assert all(check_ability(a) == [] for a in card["abilities"])


def test_unreadable_override_cost_is_rejected_with_a_code():
    with pytest.raises(EngineError) as e:
        card_def("Кельпи", {"abilities": [{"kw": "heal", "n": 1, "cost": "three apples"}]})
    assert e.value.code == "invalid_scenario"


def test_every_pool_note_and_ambiguity_has_a_decision_entry():
    pool_ambiguous = ["vs2003-ar-gull", "vs2003-lovets-dush", "vs2003-nekromant", "vs2003-ovrazhny-gnom",
                      "vs2003-pauk-peresmeshnik", "vs2003-povelitel-molniy", "vs2003-snezhny-gull",
                      "vs2023-092-kobold", "vs2023-079-begushchaya-po-kronam", "vs2023-181-lovets-udachi",
                      "vs2023-045-ledovy-ohotnik", "vs2023-055-borg", "vs2023-030-brontobey"]
    for cid in pool_ambiguous:
        assert cid in DECISIONS, cid


def test_a_russian_name_shared_with_set1_rest_names_the_starter_pool_card():
    from engine.cards import resolve_id
    assert resolve_id("Бьёрн") == "vs2003-bjorn" and resolve_id("Фагор") == "vs2003-fagor"
    assert resolve_id("Вайл") == "vs2023-117-vayl"  # a set1-rest name no pool card has
    assert resolve_id("Кобольд") is None  # two starter-pool cards share it

