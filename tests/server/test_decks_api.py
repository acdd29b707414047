"""GET /api/decks, POST /api/decks/validate, export / import, and parse_deck_choice."""
from __future__ import annotations

import httpx
import pytest

from engine.cards import all_cards
from engine.cards.decks import preconstructed_decks
from server import deck_code
from server.app import create_app
from server.decks_api import DeckChoiceError, parse_deck_choice
from server.settings import Settings
from tests.server.fake_engine import ENGINE
from tests.server.harness import LiveServer

NAMES = [c["id"] for c in all_cards() if c["id"] != "vs2003-draks"]
LEGAL = [{"id": c, "count": 2} for c in NAMES[:15]]


@pytest.fixture(scope="module")
def live():
    """One server (fake engine, default settings) for the module: no request here changes what another sees
    (validation, export, import, a refused room; nothing is stored)."""
    with LiveServer(create_app(Settings(), engine=ENGINE)) as server:
        yield server


async def _post(live, path, body=None, content=None, lang=None):
    headers = {"accept-language": lang} if lang else {}
    async with httpx.AsyncClient() as c:
        return await c.post(live.http + path, json=body, content=content, headers=headers)


async def test_get_decks_lists_every_preconstructed_deck_with_both_names_elements_and_counts(live):
    async with httpx.AsyncClient() as c:
        decks = (await c.get(live.http + "/api/decks")).json()
    assert [d["id"] for d in decks] == [d["id"] for d in preconstructed_decks()]
    for d in decks:
        assert set(d["name"]) == {"ru", "en"} and d["elements"]
        assert all(set(e) == {"id", "count"} and e["count"] >= 1 for e in d["cards"])


async def test_validate_accepts_a_legal_deck(live):
    r = await _post(live, "/api/decks/validate", {"cards": LEGAL})
    assert r.status_code == 200
    assert r.json()["valid"] is True and r.json()["errors"] == [] and r.json()["count"] == 30


async def test_validate_reports_every_rule_error_in_russian_by_default(live):
    cards = [{"id": "vs2003-fagor", "count": 4}, {"id": "vs2023-013-ork", "count": 5}, {"id": "vs2099-x", "count": 1}]
    body = (await _post(live, "/api/decks/validate", {"cards": cards})).json()
    assert body["valid"] is False
    assert sorted(e["code"] for e in body["errors"]) == ["too_few_cards", "too_many_copies", "too_many_copies",
                                                         "unknown_card"]
    assert all(any("а" <= ch <= "я" for ch in e["msg"].lower()) for e in body["errors"])


async def test_validate_answers_in_the_accept_language_language(live):
    cards = [{"id": "vs2003-fagor", "count": 1}]
    en = (await _post(live, "/api/decks/validate", {"cards": cards}, lang="en-GB,en;q=0.9")).json()
    ru = (await _post(live, "/api/decks/validate", {"cards": cards}, lang="ru,en;q=0.5")).json()
    other = (await _post(live, "/api/decks/validate", {"cards": cards}, lang="de")).json()
    assert en["errors"][0]["msg"].startswith("A deck needs")
    assert ru["errors"][0]["msg"] == other["errors"][0]["msg"] != en["errors"][0]["msg"]


@pytest.mark.parametrize("body", [
    {"cards": [{"id": "vs2003-fagor", "count": -1}]},
    {"cards": [{"id": "vs2003-fagor", "count": 10**12}]},
    {"cards": [{"id": "vs2003-fagor", "count": "3"}]},
    {"cards": [{"id": 5, "count": 1}]},
    {"cards": "vs2003-fagor"},
    {"cards": [{"id": "vs2003-fagor", "count": 1}] * 250},
    {"cards": LEGAL, "format": "sealed-ish"},
    {"cards": LEGAL, "seed": 1},
    {},
    [1, 2],
])
async def test_validate_refuses_malformed_bodies_with_400_and_a_message(live, body):
    r = await _post(live, "/api/decks/validate", body)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "bad_request" and r.json()["message"] and r.json()["valid"] is False


async def test_validate_refuses_a_body_that_is_not_json(live):
    r = await _post(live, "/api/decks/validate", content=b"{cards")
    assert r.status_code == 400 and r.json()["error"] == "bad_request"


async def test_export_then_import_round_trips_by_code_and_by_lines(live):
    cards = [{"id": "vs2003-draks", "count": 1}, {"id": "vs2023-070-draks", "count": 2}] + LEGAL[:5]
    out = (await _post(live, "/api/decks/export", {"cards": cards})).json()
    assert out["code"].startswith("BRK1") and len(out["code"]) < 60
    for body in ({"code": out["code"]}, {"text": out["lines"]["ru"]}, {"text": out["lines"]["en"]}):
        back = (await _post(live, "/api/decks/import", body)).json()
        assert back == {"cards": cards, "errors": []}, body


async def test_export_refuses_unknown_cards(live):
    r = await _post(live, "/api/decks/export", {"cards": [{"id": "vs2099-x", "count": 1}]})
    assert r.status_code == 400 and r.json()["error"] == "unknown_card"


async def test_import_reports_lines_it_cannot_read(live):
    body = (await _post(live, "/api/decks/import", {"text": "2 × Фагор\n3 x Nobody\nДракс\n"}, lang="en")).json()
    assert body["cards"] == [{"id": "vs2003-fagor", "count": 2}]
    assert [e["code"] for e in body["errors"]] == ["unknown_name", "ambiguous_name"]
    assert (await _post(live, "/api/decks/import", {"code": "nonsense"})).json()["errors"][0]["code"] == "bad_code"


def test_no_two_pool_cards_share_a_code_hash():
    assert len({deck_code.fnv24(c["id"]) for c in all_cards()}) == len(all_cards())


def test_lines_accept_any_separator_case_and_missing_count():
    counts, problems = deck_code.from_lines("# my deck\n3x фагор\n2 * ORC\n\nBorg\n1 х Ледовый Охотник\n")
    assert problems == []
    assert dict(counts) == {"vs2003-fagor": 3, "vs2023-013-ork": 2, "vs2023-055-borg": 1,
                            "vs2023-045-ledovy-ohotnik": 1}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_exported_lines_name_a_shared_name_s_edition_by_its_year_not_an_id_and_import_back(lang):
    counts = {"vs2003-ovrazhny-gnom": 3, "vs2023-037-ovrazhny-gnom": 1}
    text = deck_code.to_lines(counts, lang)
    assert "[" not in text and "(2003)" in text and "(2023)" in text
    back, problems = deck_code.from_lines(text)
    assert problems == [] and dict(back) == counts


def test_a_card_id_in_brackets_still_names_the_card():
    counts, problems = deck_code.from_lines("3 × Овражный гном [vs2023-037-ovrazhny-gnom]")
    assert problems == [] and dict(counts) == {"vs2023-037-ovrazhny-gnom": 3}


def test_a_shared_name_alone_asks_for_the_edition_s_year():
    _, problems = deck_code.from_lines("Овражный гном")
    assert [p.code for p in problems] == ["ambiguous_name"] and "(2003) / (2023)" in problems[0].en


def test_parse_deck_choice_reads_every_form_to_the_same_cards():
    preset = preconstructed_decks()[3]
    ids = parse_deck_choice(preset["id"])
    counts = {c["id"]: c["count"] for c in preset["cards"]}
    assert sorted(ids) == sorted(c for c, n in counts.items() for _ in range(n))
    code = deck_code.encode(counts)
    for value in (preset["name"]["ru"], {"preset": preset["name"]["en"]}, code, {"code": code},
                  {"text": deck_code.to_lines(counts, "en")}, {"cards": preset["cards"]}, {"saved": "d1"}):
        assert sorted(parse_deck_choice(value, saved={"d1": ids})) == sorted(ids), value


@pytest.mark.parametrize("value,code", [
    (None, "bad_deck_choice"), (7, "bad_deck_choice"), ({"preset": "a", "code": "b"}, "bad_deck_choice"),
    ({"cards": [{"id": "vs2003-fagor", "count": -3}]}, "bad_deck_choice"), ({"code": "BRK1!!"}, "bad_deck_choice"),
    ("no such deck", "unknown_deck"), ({"saved": "d9"}, "unknown_deck"),
    ({"cards": LEGAL[:3]}, "invalid_deck"), ({"cards": [{"id": "vs2099-x", "count": 30}]}, "invalid_deck"),
])
def test_parse_deck_choice_refuses_with_a_code_and_sentences(value, code):
    with pytest.raises(DeckChoiceError) as e:
        parse_deck_choice(value, lang="en", saved={"d1": NAMES[:30]})
    assert e.value.code == code and str(e.value) and e.value.errors
    assert isinstance(e.value, ValueError)


async def test_ten_thousand_entries_are_refused_as_too_large_and_nothing_is_stored(live):
    body = {"cards": [{"id": "vs2003-fagor", "count": 1}] * 10_000}
    r = await _post(live, "/api/decks/validate", body, lang="en")
    assert r.status_code == 413 and r.json()["error"] == "body_too_large" and r.json()["message"]


async def test_a_room_refused_for_its_deck_says_why_in_the_accept_language_language(live):
    en = await _post(live, "/api/rooms", {"deck": "no such deck"}, lang="en-US,en;q=0.9")
    ru = await _post(live, "/api/rooms", {"deck": "no such deck"})
    assert en.status_code == ru.status_code == 400
    assert "no such deck" in en.json()["message"] and en.json()["message"] != ru.json()["message"]
    assert any("а" <= ch <= "я" for ch in ru.json()["message"].lower())
    assert not any("а" <= ch <= "я" for ch in en.json()["message"].lower())


@pytest.mark.parametrize("deck", [{"text": "garbage!!!"}, {"code": "BRK1!!"}])
async def test_a_room_refused_for_a_pasted_value_that_is_no_deck_answers_bad_deck_choice(live, deck):
    r = await _post(live, "/api/rooms", {"deck": deck, "opponent": "bot"}, lang="en")
    assert r.status_code == 400 and r.json()["error"] == "bad_deck_choice" and r.json()["errors"]
