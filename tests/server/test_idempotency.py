"""Idempotency keys (server/idempotency.py): a request that creates a room, repeated with the same
``Idempotency-Key`` by the same player (a retry after a dropped connection), gets the first answer and creates
nothing; another key creates again; the key with another body is refused; a malformed key is a clear 400."""
from __future__ import annotations

import asyncio
import threading

import httpx
import pytest

from tests.server.play_util import new_player

BODY = {"deck": "A", "clock": None}


async def _post(live, path: str, player: dict | None, body, key=None, lang: str | None = None) -> httpx.Response:
    headers = dict((player or {}).get("auth", {}))
    if key is not None:
        headers["Idempotency-Key"] = key
    if lang is not None:
        headers["Accept-Language"] = lang
    async with httpx.AsyncClient() as c:
        return await c.post(live.http + path, json=body, headers=headers)


async def _my_rooms(live, player: dict) -> list[str]:
    async with httpx.AsyncClient() as c:
        r = await c.get(live.http + "/api/players/me/games", headers=player["auth"])
    return [i["id"] for i in r.json()["live"]]


async def test_a_create_repeated_with_its_key_gets_the_same_room_and_seat_token_and_creates_nothing(live):
    ann = await new_player(live.http, "Ann")
    first = await _post(live, "/api/rooms", ann, BODY, "retry-1")
    again = await _post(live, "/api/rooms", ann, BODY, "retry-1")
    assert first.status_code == again.status_code == 201, (first.text, again.text)
    assert again.json() == first.json()
    assert await _my_rooms(live, ann) == [first.json()["room"]]


async def test_creates_with_different_keys_make_two_rooms(live):
    ann = await new_player(live.http, "Ann")
    one = (await _post(live, "/api/rooms", ann, BODY, "click-1")).json()
    two = (await _post(live, "/api/rooms", ann, BODY, "click-2")).json()
    assert one["room"] != two["room"]
    assert sorted(await _my_rooms(live, ann)) == sorted([one["room"], two["room"]])


async def test_one_key_of_two_players_makes_a_room_for_each(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    one = (await _post(live, "/api/rooms", ann, BODY, "same-key")).json()
    two = (await _post(live, "/api/rooms", bob, BODY, "same-key")).json()
    assert one["room"] != two["room"] and one["token"] != two["token"]


@pytest.mark.parametrize("lang, says", [("ru", "другим запросом"), ("en", "another request")])
async def test_a_key_reused_with_another_body_is_refused_and_creates_nothing(live, lang, says):
    ann = await new_player(live.http, "Ann")
    first = (await _post(live, "/api/rooms", ann, BODY, "k-1")).json()
    other = await _post(live, "/api/rooms", ann, {"deck": "B", "clock": None}, "k-1", lang)
    assert other.status_code == 422, other.text
    assert other.json()["error"] == "idempotency_key_reused" and says in other.json()["message"]
    assert await _my_rooms(live, ann) == [first["room"]]


@pytest.mark.parametrize("key", ["", "a b", "x" * 65, "ключ".encode(), "a/b", "k;1"])
async def test_a_malformed_key_is_a_clear_400_and_creates_nothing(live, key):
    ann = await new_player(live.http, "Ann")
    r = await _post(live, "/api/rooms", ann, BODY, key, "en")
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "bad_request" and "Idempotency-Key" in r.json()["message"]
    assert await _my_rooms(live, ann) == []


async def test_a_key_given_twice_is_a_clear_400(live):
    async with httpx.AsyncClient() as c:
        r = await c.post(live.http + "/api/rooms", json=BODY,
                         headers=[("Idempotency-Key", "k-1"), ("Idempotency-Key", "k-2")])
    assert r.status_code == 400 and r.json()["error"] == "bad_request", r.text


async def test_a_repeat_arriving_while_the_first_is_being_answered_waits_for_its_room(live, monkeypatch):
    ann = await new_player(live.http, "Ann")
    rooms = live.app.state.hub.rooms
    create, entered, gate = rooms.create, threading.Event(), threading.Event()   # the server runs in a thread

    async def held_create(*args, **kwargs):
        entered.set()
        await asyncio.to_thread(gate.wait)
        return await create(*args, **kwargs)
    monkeypatch.setattr(rooms, "create", held_create)
    first = asyncio.create_task(_post(live, "/api/rooms", ann, BODY, "slow"))
    try:
        await asyncio.to_thread(entered.wait)
        entered.clear()
        second = asyncio.create_task(_post(live, "/api/rooms", ann, BODY, "slow"))
        await asyncio.sleep(0)
    finally:
        gate.set()
    one, two = await first, await second
    assert one.status_code == two.status_code == 201 and one.json() == two.json()
    assert await _my_rooms(live, ann) == [one.json()["room"]]


async def test_a_refused_create_is_answered_anew_when_repeated_with_its_key(live, monkeypatch):
    from server.rooms import RoomLimit
    ann = await new_player(live.http, "Ann")
    rooms = live.app.state.hub.rooms
    create, calls = rooms.create, []

    async def full_once(*args, **kwargs):      # the server is full for the first request only
        calls.append(1)
        if len(calls) == 1:
            raise RoomLimit()
        return await create(*args, **kwargs)
    monkeypatch.setattr(rooms, "create", full_once)
    assert (await _post(live, "/api/rooms", ann, BODY, "k-1")).status_code == 503
    r = await _post(live, "/api/rooms", ann, BODY, "k-1")
    assert r.status_code == 201, r.text
    assert await _my_rooms(live, ann) == [r.json()["room"]]


async def test_quick_play_repeated_with_its_key_after_a_match_keeps_the_match_and_queues_nobody(live):
    ann, bob, cid = [await new_player(live.http, n) for n in ("Ann", "Bob", "Cid")]
    assert (await _post(live, "/api/queue", ann, {"deck": "A"})).status_code == 202
    matched = await _post(live, "/api/queue", bob, {"deck": "B"}, "qp-1")
    again = await _post(live, "/api/queue", bob, {"deck": "B"}, "qp-1")
    assert matched.json()["status"] == "matched" and again.json() == matched.json()
    third = await _post(live, "/api/queue", cid, {"deck": "A"})
    assert third.status_code == 202 and third.json()["status"] == "waiting", third.text   # Bob is not queued


async def test_the_computer_from_the_queue_repeated_with_its_key_gets_the_same_room(live):
    ann = await new_player(live.http, "Ann")
    ticket = (await _post(live, "/api/queue", ann, {"deck": "A"})).json()["ticket"]
    first = await _post(live, f"/api/queue/{ticket}/bot", ann, {"bot": "random"}, "bot-1")
    again = await _post(live, f"/api/queue/{ticket}/bot", ann, {"bot": "random"}, "bot-1")
    assert first.status_code == again.status_code == 200, (first.text, again.text)
    assert again.json() == first.json()
    assert await _my_rooms(live, ann) == [first.json()["room"]]


async def test_over_redis_a_repeat_reaching_another_process_gets_the_first_answer(live_factory, redis_server):
    """Two processes of one service (one Redis): the retry of a create lands on the other process, which answers
    it with the first process's room."""
    one, two = (live_factory(redis=redis_server.url, lease_ttl=30.0, lease_renew=1.0) for _ in range(2))
    first = await _post(one, "/api/rooms", None, BODY, "across")
    again = await _post(two, "/api/rooms", None, BODY, "across")
    assert first.status_code == again.status_code == 201, (first.text, again.text)
    assert again.json() == first.json()
    other = await _post(two, "/api/rooms", None, {"deck": "B", "clock": None}, "across", "en")
    assert other.status_code == 422 and other.json()["error"] == "idempotency_key_reused", other.text
    async with httpx.AsyncClient() as c:
        waiting = (await c.get(two.http + "/api/rooms")).json()["waiting"]
    assert [i["id"] for i in waiting] == [first.json()["room"]]


class _Records:
    """Shared records that cannot be reached (``down``), or whose every key is held by a request still being
    answered."""

    def __init__(self, down: bool) -> None:
        self.down = down

    async def claim(self, slot, record, ttl):
        from server.bus import BusError
        if self.down:
            raise BusError("unavailable", "Redis is down.")
        return dict(record)          # the same request, still being answered elsewhere

    async def keep(self, slot, record, ttl):
        raise AssertionError("nothing to keep")

    async def drop(self, slot):
        raise AssertionError("nothing to drop")


async def test_a_keyed_create_while_the_shared_records_cannot_be_reached_is_a_503_and_creates_nothing(live):
    from server.idempotency import KeyedAnswers
    ann = await new_player(live.http, "Ann")
    live.app.state.hub.keyed_answers = KeyedAnswers(_Records(down=True))
    r = await _post(live, "/api/rooms", ann, BODY, "k-1", "en")
    assert r.status_code == 503 and r.json()["error"] == "backend_unavailable", r.text
    assert await _my_rooms(live, ann) == []


async def test_a_repeat_whose_first_request_is_answered_for_too_long_is_a_409_and_creates_nothing(live, monkeypatch):
    from server import idempotency
    ann = await new_player(live.http, "Ann")
    monkeypatch.setattr(idempotency, "WAIT", 0.0)
    live.app.state.hub.keyed_answers = idempotency.KeyedAnswers(_Records(down=False))
    r = await _post(live, "/api/rooms", ann, BODY, "k-1", "ru")
    assert r.status_code == 409 and r.json()["error"] == "idempotency_key_busy", r.text
    assert "ещё выполняется" in r.json()["message"]
    assert await _my_rooms(live, ann) == []



async def test_a_kept_answer_holds_no_readable_seat_token():
    """The records keep an answer sealed with its key (seat tokens are stored only as digests; Redis never sees the
    key): the token is not in them, and a repeat with the key still gets it back."""
    from starlette.requests import Request
    from starlette.responses import JSONResponse

    from server.idempotency import KeyedAnswers, MemoryKeyedRecords
    records = MemoryKeyedRecords()
    answers = KeyedAnswers(records)
    request = Request({"type": "http", "method": "POST", "path": "/api/rooms", "headers": []})
    made = []

    async def make():
        made.append(1)
        return JSONResponse({"room": "r1", "seat": 1, "token": "seat-token-4f9a"}, status_code=201)

    first = await answers.answer(request, "player p1", "k1", {}, make)
    assert "seat-token-4f9a" not in repr(records.records)
    again = await answers.answer(request, "player p1", "k1", {}, make)
    assert len(made) == 1 and again.status_code == 201 and bytes(again.body) == bytes(first.body)
