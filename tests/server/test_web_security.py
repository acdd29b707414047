"""Security hygiene (server/web_security.py, server/auth_throttle.py): response headers, no-store on secrets, the
websocket Origin check, throttled failed authentication, a changed seat token closing the old sockets, and leaving
the quick-play queue."""
from __future__ import annotations

import httpx
import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.auth_throttle import AuthThrottle
from server.web_security import CSP
from tests.server.harness import Player, create_room
from tests.server.play_util import call, new_player
from tests.server.test_security import _close_code


def test_every_answer_carries_the_security_headers(live):
    for path in ("/", "/api/cards", "/api/no-such-thing"):
        h = httpx.get(live.http + path).headers
        assert h["content-security-policy"] == CSP and h["x-frame-options"] == "DENY"
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"


def test_answers_that_carry_secrets_are_not_stored(live):
    r = httpx.post(live.http + "/api/players", json={"name": "Sec"})
    assert r.status_code == 201 and r.headers["cache-control"] == "no-store"
    r = httpx.post(live.http + "/api/rooms", json={"decks": ["A", "B"]})
    assert "token" in r.json() and r.headers["cache-control"] == "no-store"


async def _join_code(url: str, room: str, token, origin: str | None):
    headers = {"Origin": origin} if origin else {}
    async with connect(url, additional_headers=headers) as ws:
        await ws.send(msgpack.packb({"t": "join", "room": room, "token": token, "v": None, "pv": 1}))
        return msgpack.unpackb(await ws.recv())["t"]


async def test_a_websocket_from_another_origin_is_refused(live):
    room = await create_room(live.http, decks=["A", "B"])
    with pytest.raises(InvalidStatus) as e:
        await _join_code(live.ws, room["room"], None, "https://evil.example")
    assert e.value.response.status_code == 403


async def test_a_websocket_from_the_same_origin_or_without_one_is_accepted(live):
    room = await create_room(live.http, decks=["A", "B"])
    assert await _join_code(live.ws, room["room"], None, live.http) == "sync"
    assert await _join_code(live.ws, room["room"], None, None) == "sync"


async def test_a_configured_origin_is_accepted(live_factory):
    live = live_factory(allowed_origins="https://berserk.example, https://other.example")
    room = await create_room(live.http, decks=["A", "B"])
    assert await _join_code(live.ws, room["room"], None, "https://berserk.example") == "sync"
    with pytest.raises(InvalidStatus):
        await _join_code(live.ws, room["room"], None, live.http)


def test_failed_player_secrets_are_throttled_per_address(live_factory):
    live = live_factory(per_address_exempt="")
    player = httpx.post(live.http + "/api/players", json={"name": "Target"}).json()
    wrong = {"Authorization": f"Bearer {player['id']}:{'x' * 32}"}
    codes = [httpx.get(live.http + "/api/players/me", headers=wrong).status_code for _ in range(12)]
    assert codes[:10] == [401] * 10 and codes[10:] == [429, 429]
    r = httpx.get(live.http + "/api/players/me", headers=wrong)
    assert r.json()["error"] == "auth_limited"


def test_an_exempt_address_has_no_bucket_of_its_own_but_its_target_still_has():
    t = AuthThrottle(address_per_min=10, address_burst=1, target_per_min=20, target_burst=3)
    for _ in range(3):
        assert not t.blocked("", "player:p1", now=0.0)
        t.failed("", "player:p1", now=0.0)
    assert t.blocked("", "player:p1", now=0.0) and not t.blocked("", "player:p2", now=0.0)


def test_failed_attempts_on_one_target_are_throttled_across_addresses():
    t = AuthThrottle(address_per_min=10, address_burst=10, target_per_min=20, target_burst=20)
    for i in range(20):
        assert not t.blocked(f"10.0.0.{i}", "player:p1", now=0.0)
        t.failed(f"10.0.0.{i}", "player:p1", now=0.0)
    assert t.blocked("10.0.9.9", "player:p1", now=0.0) and not t.blocked("10.0.9.9", "player:p2", now=0.0)
    assert not t.blocked("10.0.9.9", "player:p1", now=60.0)       # refilled a minute later


async def _ws_close(url: str, room: str, token: str) -> int:
    async with connect(url) as ws:
        await ws.send(msgpack.packb({"t": "join", "room": room, "token": token, "v": None, "pv": 1}))
        return await _close_code(ws)


async def test_wrong_seat_tokens_are_throttled(live_factory):
    live = live_factory(per_address_exempt="")
    room = await create_room(live.http, decks=["A", "B"])
    codes = [await _ws_close(live.ws, room["room"], "wrong-token-" + str(i)) for i in range(11)]
    assert codes[:10] == [4005] * 10 and codes[10] == 4007


async def test_a_new_token_for_a_seat_closes_the_sockets_opened_with_the_old_one_as_replaced(live):
    ann = await new_player(live.http, "Ann")
    room = (await call(live.http, "POST", "/api/rooms", ann, {"decks": ["A", "B"]})).json()
    old = await Player.join(live.ws, room["room"], room["token"])
    again = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", ann, {})).json()
    assert again["seat"] == 1 and again["token"] != room["token"]
    with pytest.raises(ConnectionClosed) as e:
        while True:
            await old.recv()
    assert e.value.rcvd.code == 4012          # not 4002: the old token cannot take the seat back
    fresh = await Player.join(live.ws, room["room"], again["token"])
    assert fresh.you == 1


async def test_leaving_the_queue_removes_the_ticket(live):
    ann = await new_player(live.http, "Queuer")
    ticket = (await call(live.http, "POST", "/api/queue", ann, {})).json()["ticket"]
    assert (await call(live.http, "GET", f"/api/queue/{ticket}", ann)).status_code == 202
    left = await call(live.http, "DELETE", f"/api/queue/{ticket}", ann)
    assert left.status_code == 200 and left.json() == {"status": "left"}
    assert (await call(live.http, "GET", f"/api/queue/{ticket}", ann)).status_code == 404
    assert (await call(live.http, "DELETE", f"/api/queue/{ticket}", ann)).status_code == 404


def _created(server, n: int) -> list[int]:
    return [httpx.post(server.http + "/api/rooms", json={}, headers={"X-Forwarded-For": f"10.1.0.{i}"}).status_code
            for i in range(n)]


@pytest.mark.parametrize("trusted,expected", [("", [201, 201, 429, 429]), ("127.0.0.1", [201, 201, 201, 201])])
def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(trusted, expected):
    from tests.server.multiproc import ServerProc
    server = ServerProc("", create_burst=2, create_per_min=1.0, trusted_proxies=trusted).wait_healthy()
    try:
        assert _created(server, 4) == expected
    finally:
        server.stop()
