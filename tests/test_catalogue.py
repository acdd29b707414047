"""The catalogue endpoint data and card texts, generated from the ability data in Russian and English."""
import re

import pytest

from engine.cards import all_cards
from engine.catalogue import LANGS, ability_text, card_text, catalogue
from engine.errors import EngineError

ENTRIES = catalogue()
FIELDS = {"id", "name_ru", "name_en", "element", "cost", "elite", "unique", "kind", "flyer", "life", "move", "strike",
          "classes", "abilities_text", "options_text"}


def test_catalogue_lists_every_card_once():
    assert [e["id"] for e in ENTRIES] == [c["id"] for c in all_cards()]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_entry_has_the_endpoint_fields(entry):
    assert set(entry) == FIELDS


@pytest.mark.parametrize("card", all_cards(), ids=[c["id"] for c in all_cards()])
def test_every_ability_has_text_in_both_languages(card):
    entry = next(e for e in ENTRIES if e["id"] == card["id"])
    for lang in LANGS:
        texts = entry["abilities_text"][lang]
        assert len(texts) == len(card["abilities"])
        assert all(isinstance(t, str) and len(t) > 3 and t.endswith(".") for t in texts)
    assert all(re.search("[а-яА-Я]", t) for t in entry["abilities_text"]["ru"])
    assert not any(re.search("[а-яё]{4,}", t.replace("Схрон", "")) and "«" not in t and "element" not in t
                   for t in entry["abilities_text"]["en"])


def test_text_is_generated_from_data_not_copied():
    card = next(c for c in all_cards() if c["id"] == "vs2023-113-garrid-luchnik")
    changed = dict(card["abilities"][0], range=2)
    assert "range 2" in ability_text(changed, "en") and "дальность 2" in ability_text(changed, "ru")
    assert card["text_en"] not in card_text(card["id"], "en")


def test_card_text_joins_the_ability_sentences():
    entry = next(e for e in ENTRIES if e["id"] == "vs2003-fagor")
    assert card_text("vs2003-fagor", "ru") == " ".join(entry["abilities_text"]["ru"])


def test_vanilla_card_text_says_no_abilities():
    assert card_text("vs2023-001-kochevnik", "en") == "No abilities."
    assert card_text("vs2023-001-kochevnik", "ru") == "Без способностей."


def test_unknown_card_and_language_are_rejected_with_codes():
    with pytest.raises(EngineError) as e:
        card_text("no-such-card", "ru")
    assert e.value.code == "unknown_card"
    with pytest.raises(EngineError) as e:
        card_text("vs2003-fagor", "de")
    assert e.value.code == "malformed_action"


def test_english_rules_text_names_elements_in_english_and_keeps_russian_only_as_a_quoted_term():
    """Every card's English text reads in English: an element is "of element Steppes", never «Степи»; Russian
    appears only as a name in «» or as the Russian term in parentheses after its English name."""
    import re
    from engine.catalogue import catalogue
    leftovers = []
    for c in catalogue():
        for line in c["abilities_text"]["en"]:
            rest = re.sub(r"«[^»]*»|\([А-Яа-яЁё][^()]*\)", "", line)
            if re.search(r"[А-Яа-яЁё]", rest):
                leftovers.append((c["id"], line))
    assert leftovers == []


#: a rule's code as the rule documents number it: "rule S1", «правило S1», "rule 120.3", "[218.3]", "§6.2"
RULE_CODE = re.compile(r"\b(rule|правил\w*)\s+[A-Z]?\d|\[\d{3}|§|\b[A-Z]\d\b")


@pytest.mark.parametrize("card", all_cards(), ids=[c["id"] for c in all_cards()])
def test_no_card_text_a_player_reads_shows_a_rule_code(card):
    entry = next(e for e in ENTRIES if e["id"] == card["id"])
    texts = [card["text_ru"], card["text_en"], *entry["abilities_text"]["ru"], *entry["abilities_text"]["en"]]
    assert [t for t in texts if RULE_CODE.search(t)] == []
