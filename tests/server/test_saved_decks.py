"""A player's saved decks (/api/players/me/decks): create, list, rename, duplicate, delete;
bad bodies get a clear 4xx and store nothing; another player's decks are out of reach."""
from __future__ import annotations

import httpx
import pytest

from engine.cards import all_cards
from server.store import hash_secret

NAMES = [c["id"] for c in all_cards() if c["id"] != "vs2003-draks"]
LEGAL = [{"id": c, "count": 2} for c in NAMES[:15]]
BASE = "/api/players/me/decks"


@pytest.fixture
async def saved(live):
    """The fake-engine server with its real store (in-memory SQLite) and two players p1, p2 (secrets s1, s2)."""
    store = live.app.state.store
    live.store = store
    live.creds = {}
    for name in ("p1", "p2"):
        player = await store.create_player(name, hash_secret("s" + name[1]))
        live.creds[name] = f"{player['id']}:s{name[1]}"
    live.creds["p3"] = "nobody:s3"
    return live


async def _decks_of(live, who="p1"):
    return await live.store.list_decks(live.creds[who].split(":")[0])


async def _call(live, method, path, body=None, who="p1", lang=None):
    headers = {"authorization": f"Bearer {live.creds[who]}"} if who else {}
    if lang:
        headers["accept-language"] = lang
    async with httpx.AsyncClient() as c:
        return await c.request(method, live.http + path, json=body, headers=headers)


async def test_create_list_rename_duplicate_delete(saved):
    r = await _call(saved, "POST", BASE, {"name": "  Орки  ", "cards": LEGAL})
    assert r.status_code == 201
    deck = r.json()
    assert deck["name"] == "Орки" and deck["cards"] == LEGAL and deck["valid"] is True
    r = await _call(saved, "PATCH", f"{BASE}/{deck['id']}", {"name": "Orcs"})
    assert r.status_code == 200 and r.json()["name"] == "Orcs" and r.json()["cards"] == LEGAL
    copy = await _call(saved, "POST", f"{BASE}/{deck['id']}/duplicate")
    assert copy.status_code == 201 and copy.json()["name"] == "Orcs (2)" and copy.json()["id"] != deck["id"]
    listed = (await _call(saved, "GET", BASE)).json()
    assert [d["id"] for d in listed] == [copy.json()["id"], deck["id"]]
    assert (await _call(saved, "DELETE", f"{BASE}/{deck['id']}")).status_code == 204
    assert [d["id"] for d in (await _call(saved, "GET", BASE)).json()] == [copy.json()["id"]]


async def test_a_deck_being_built_is_saved_with_its_errors(saved):
    deck = (await _call(saved, "POST", BASE, {"name": "wip", "cards": LEGAL[:2]}, lang="en")).json()
    assert deck["valid"] is False and [e["code"] for e in deck["errors"]] == ["too_few_cards"]


async def test_replacing_the_cards_keeps_the_name(saved):
    deck = (await _call(saved, "POST", BASE, {"name": "a", "cards": LEGAL[:2]})).json()
    r = await _call(saved, "PATCH", f"{BASE}/{deck['id']}", {"cards": LEGAL})
    assert r.json()["name"] == "a" and r.json()["cards"] == LEGAL and r.json()["valid"] is True


@pytest.mark.parametrize("body", [
    {"name": "x", "cards": [{"id": "vs2099-nobody", "count": 1}]},
    {"name": "x", "cards": [{"id": "vs2003-fagor", "count": -1}]},
    {"name": "x", "cards": [{"id": "vs2003-fagor", "count": 10**9}]},
    {"name": "x", "cards": [{"id": "vs2003-fagor", "count": 1}] * 250},
    {"name": "x", "cards": [{"id": c, "count": 3} for c in NAMES[:20]]},
    {"name": "x", "cards": "vs2003-fagor"},
    {"name": "x", "cards": [["vs2003-fagor", 1]]},
    {"name": 7, "cards": LEGAL},
    {"name": "", "cards": LEGAL},
    {"name": "y" * 61, "cards": LEGAL},
    {"name": "x"},
    {"name": "x", "cards": LEGAL, "owner": "p2"},
    [LEGAL],
])
async def test_bad_bodies_get_400_and_nothing_is_stored(saved, body):
    r = await _call(saved, "POST", BASE, body)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "bad_request" and r.json()["message"]
    assert await _decks_of(saved) == []


async def test_bad_rename_bodies_change_nothing(saved):
    deck = (await _call(saved, "POST", BASE, {"name": "a", "cards": LEGAL})).json()
    before = await _decks_of(saved)
    for body in ({"name": ""}, {"cards": [{"id": "nobody", "count": 1}]}, {"name": "b", "cards": 3}, {"x": 1}):
        assert (await _call(saved, "PATCH", f"{BASE}/{deck['id']}", body)).status_code == 400, body
    assert await _decks_of(saved) == before


async def test_without_a_valid_player_401_and_nothing_stored(saved):
    for who in (None, "p3"):
        r = await _call(saved, "POST", BASE, {"name": "x", "cards": LEGAL}, who=who)
        assert r.status_code == 401 and r.json()["error"] == "unauthorized"
    assert (await _call(saved, "GET", BASE, who=None)).status_code == 401
    assert await _decks_of(saved) == []


async def test_another_players_deck_is_not_found(saved):
    deck = (await _call(saved, "POST", BASE, {"name": "mine", "cards": LEGAL})).json()
    for method, path in (("PATCH", f"{BASE}/{deck['id']}"), ("DELETE", f"{BASE}/{deck['id']}"),
                         ("POST", f"{BASE}/{deck['id']}/duplicate")):
        r = await _call(saved, method, path, {"name": "theirs"} if method != "DELETE" else None, who="p2")
        assert r.status_code == 404 and r.json()["error"] == "deck_not_found", method
    assert (await _call(saved, "GET", BASE, who="p2")).json() == []
    assert [d["name"] for d in await _decks_of(saved)] == ["mine"]



async def test_ten_thousand_entries_are_refused_as_too_large_and_nothing_is_stored(saved):
    body = {"name": "x", "cards": [{"id": "vs2003-fagor", "count": 1}] * 10_000}
    r = await _call(saved, "POST", BASE, body)
    assert r.status_code == 413 and r.json()["error"] == "body_too_large" and r.json()["message"]
    assert await _decks_of(saved) == []


async def test_a_save_repeated_with_its_idempotency_key_stores_one_deck_and_answers_it_again(saved):
    headers = {"authorization": f"Bearer {saved.creds['p1']}", "idempotency-key": "save-click-1"}
    async with httpx.AsyncClient() as c:
        first = await c.post(saved.http + BASE, json={"name": "Orcs", "cards": LEGAL}, headers=headers)
        again = await c.post(saved.http + BASE, json={"name": "Orcs", "cards": LEGAL}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json()["id"] == first.json()["id"]
    assert [d["id"] for d in await _decks_of(saved)] == [first.json()["id"]]
