"""The HTTP API (JSON) and metrics."""
from __future__ import annotations

import httpx

from tests.server.harness import Player, create_room, join_seat


async def _get(live, path):
    async with httpx.AsyncClient() as c:
        return await c.get(live.http + path)


async def _post(live, path, body=None, content=None):
    async with httpx.AsyncClient() as c:
        return await c.post(live.http + path, json=body, content=content)


async def test_health_answers_200_when_ready(live):
    r = await _get(live, "/healthz")
    assert r.status_code == 200 and r.json() == {"ok": True}


async def test_browser_client_is_served_at_root(live):
    r = await _get(live, "/")
    assert r.status_code == 200 and "<html" in r.text.lower()


async def test_catalogue_and_decks_are_listed(live):
    assert (await _get(live, "/api/cards")).json()
    decks = (await _get(live, "/api/decks")).json()
    assert decks and all({"id", "name", "elements", "cards"} <= set(d) for d in decks)


async def test_create_room_returns_id_and_secret_seat_token(live):
    r = await _post(live, "/api/rooms", {"decks": ["A", "B"]})
    body = r.json()
    assert r.status_code == 201 and body["seat"] == 1 and len(body["token"]) >= 40
    other = (await _post(live, "/api/rooms", {})).json()
    assert other["token"] != body["token"] and other["room"] != body["room"]


async def test_bad_create_bodies_get_400_with_a_code(live):
    for body in ({"decks": ["A"]}, {"clock": {"base": -1}}, {"clock": "fast"},
                 {"spectators": "yes"}, {"autopass": 1}, [1, 2]):
        r = await _post(live, "/api/rooms", body)
        assert r.status_code == 400 and r.json()["error"] == "bad_request", body
    r = await _post(live, "/api/rooms", {"decks": ["A", "nope"]})     # a deck's refusal names its own code
    assert r.status_code == 400 and r.json()["error"] == "unknown_deck" and r.json()["errors"]
    r = await _post(live, "/api/rooms", content=b"{not json")
    assert r.status_code == 400


async def test_create_and_join_bodies_with_unknown_fields_are_refused(live):
    r = await _post(live, "/api/rooms", {"decks": ["A", "B"], "seed": 12345})
    assert r.status_code == 400 and r.json()["error"] == "bad_request" and "'seed'" in r.json()["message"]
    room = await create_room(live.http)
    r = await _post(live, f"/api/rooms/{room['room']}/join", {"seat": 1})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    assert (await _get(live, f"/api/rooms/{room['room']}")).json()["seats"]["2"]["taken"] is False


async def test_join_free_seat_then_seat_taken(live):
    room = await create_room(live.http)
    first = await _post(live, f"/api/rooms/{room['room']}/join")
    assert first.status_code == 200 and first.json()["seat"] == 2
    second = await _post(live, f"/api/rooms/{room['room']}/join")
    assert second.status_code == 409 and second.json()["error"] == "seat_taken"
    assert (await _post(live, "/api/rooms/nosuch/join")).status_code == 404


async def test_lobby_lists_waiting_rooms_and_games_to_watch(live):
    waiting = await create_room(live.http)
    playing = await create_room(live.http)
    private = await create_room(live.http, spectators=False)
    await join_seat(live.http, playing["room"])
    await join_seat(live.http, private["room"])
    lists = (await _get(live, "/api/rooms")).json()
    assert waiting["room"] in [i["id"] for i in lists["waiting"]]
    assert playing["room"] in [i["id"] for i in lists["playing"]]
    assert private["room"] not in [i["id"] for k in ("waiting", "playing", "finished") for i in lists[k]]


async def test_room_status_has_no_secrets(live):
    room = await create_room(live.http)
    r = await _get(live, f"/api/rooms/{room['room']}")
    assert r.status_code == 200 and r.json()["status"] == "waiting"
    assert room["token"] not in r.text
    assert (await _get(live, "/api/rooms/nosuch")).status_code == 404


async def test_room_cap_answers_503(live_factory):
    live = live_factory(max_rooms=1)
    await create_room(live.http)
    r = await _post(live, "/api/rooms", {})
    assert r.status_code == 503 and r.json()["error"] == "too_many_rooms"


async def test_metrics_in_prometheus_text_format(live):
    room = await create_room(live.http, decks=["A", "B"])
    await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    await a.act(a.legal[0])
    text = (await _get(live, "/metrics")).text
    values = {line.split()[0]: float(line.split()[1]) for line in text.splitlines() if not line.startswith("#")}
    assert values["berserk_rooms"] == 1 and values["berserk_connections"] == 1
    assert values["berserk_actions_applied_total"] >= 1
    assert values["berserk_action_broadcast_seconds_count"] >= 1
    assert 'berserk_action_broadcast_seconds_bucket{le="+Inf"}' in values
    assert "berserk_dropped_slow_clients_total" in values


async def test_room_creation_is_rate_limited_per_client_address(live_factory):
    live = live_factory(create_burst=2, create_per_min=0.01)
    codes = [(await _post(live, "/api/rooms", {})).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    r = await _post(live, "/api/rooms", {})
    assert r.json()["error"] == "rate_limited"


async def test_lobby_list_is_capped_per_section_with_full_counts(live):
    for _ in range(3):
        await create_room(live.http)
    body = (await _get(live, "/api/rooms?limit=2")).json()
    assert len(body["waiting"]) == 2 and body["counts"]["waiting"] == 3
    assert (await _get(live, "/api/rooms?limit=x")).status_code == 400


def test_real_catalogue_lists_every_card_with_text_in_both_languages():
    from server.gameapi import real_engine
    cards = real_engine().catalogue()
    ids = {c["id"] for c in cards}
    assert {"vs2003-fagor", "vs2023-001-kochevnik", "vs2023-182-matrosy-adelaidy", "vs2023-039-gul"} <= ids
    assert all(c["text_ru"] and c["text_en"] and set(c["abilities_text"]) == {"ru", "en"} for c in cards)
