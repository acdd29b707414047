"""No bad websocket frame gets a server error or changes a game (a property test, hypothesis): every client message
type (join, action, resync, ping, chat) with fuzzed fields, plus unknown types and raw garbage, sent by a seated
player. Each is answered with its success frame or an ``error`` frame, or closes the socket with a protocol or
private code (1003, 1008, 1009, 4000-4999), never 1011 or a dropped connection; a refused frame leaves the room's
version where it was, and the room keeps serving (a fresh join gets its sync)."""
from __future__ import annotations

import asyncio

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server.app import create_app
from server.gameapi import real_engine
from server.settings import Settings
from tests.server.harness import LiveServer, Player, create_room, join_seat

DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]
TEXT = st.text(max_size=30) | st.sampled_from(["", "\u3164", "\u2800\u2800", "\u200b", "a" * 5000, "\x00"])
# any value msgpack can carry (its integers run from -2**63 to 2**64 - 1): the frames are packed by the test
VALUE = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats() | TEXT | st.binary(max_size=8),
                     lambda kids: st.lists(kids, max_size=3) | st.dictionaries(TEXT, kids, max_size=3), max_leaves=8)
ACTION = st.fixed_dictionaries({"act": st.sampled_from(["pass", "move", "attack", "choose", "concede", "x"])},
                               optional={"source": TEXT, "target": TEXT, "to": TEXT, "option": VALUE})
FRAMES = st.one_of(
    st.fixed_dictionaries({"t": st.just("action"), "id": TEXT | VALUE, "v": st.integers(-3, 400) | VALUE,
                           "action": ACTION | VALUE}),
    st.fixed_dictionaries({"t": st.just("join"), "room": TEXT, "token": TEXT | st.none(), "v": VALUE, "pv": VALUE}),
    st.fixed_dictionaries({"t": st.just("resync")}, optional={"x": VALUE}),
    st.fixed_dictionaries({"t": st.just("ping"), "n": VALUE}),
    st.fixed_dictionaries({"t": st.just("chat"), "text": TEXT | VALUE}),
    st.dictionaries(TEXT, VALUE, max_size=4),
    VALUE,
).map(lambda f: msgpack.packb(f, use_bin_type=True)) | st.binary(max_size=40)

CLOSES_OK = {1000, 1003, 1008, 1009} | set(range(4000, 5000))


@pytest.fixture(scope="module")
def site():
    app = create_app(Settings(fixed_seed=4, rate_per_sec=10000.0, rate_burst=10000, create_burst=100000,
                              create_per_min=100000.0, max_rooms=100000), engine=real_engine())
    with LiveServer(app) as live:
        yield live


async def _answer(ws) -> tuple[dict | None, int | None]:
    """The next frame (decoded) or the close code."""
    try:
        async with asyncio.timeout(10):
            return msgpack.unpackb(await ws.recv()), None
    except ConnectionClosed as e:
        return None, (e.rcvd.code if e.rcvd else 1006)


async def _one(site, raw: bytes) -> None:
    room = await create_room(site.http, decks=DECKS, autopass=False)
    await join_seat(site.http, room["room"], autopass=False)
    player = await Player.join(site.ws, room["room"], room["token"])
    v = player.v
    await player.ws.send(raw)
    await player.ws.send(msgpack.packb({"t": "ping", "n": 7}))
    while True:
        frame, code = await _answer(player.ws)
        if code is not None:
            assert code in CLOSES_OK, f"closed with {code} after {raw[:60]!r}"
            break
        assert frame["t"] in ("error", "pong", "sync", "diff", "chat"), frame
        if frame["t"] == "error":
            assert isinstance(frame["code"], str) and isinstance(frame["msg"], str)
        if frame["t"] == "pong" and frame["n"] == 7:
            break
    watcher = await Player.join(site.ws, room["room"], None)
    assert watcher.frames[-1]["t"] == "sync"
    if not any(f["t"] == "diff" for f in player.frames):
        assert watcher.v == v, f"the room moved on a refused frame {raw[:60]!r}"
    await player.ws.close()
    await watcher.ws.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                HealthCheck.too_slow])
@given(raw=FRAMES)
def test_no_fuzzed_websocket_frame_gets_a_server_error_or_moves_the_game(site, raw):
    asyncio.run(_one(site, raw))


@pytest.mark.parametrize("raw", [b"", b"\xc1", msgpack.packb([1, 2]), msgpack.packb({"t": "chat", "text": b"x"})])
def test_garbage_frames_are_refused_without_a_server_error(site, raw):
    asyncio.run(_one(site, raw))


async def test_a_text_frame_is_answered_with_an_error_frame(site):
    async with connect(site.ws) as ws:
        await ws.send("hello")
        frame, code = await _answer(ws)
    assert code is None and frame["t"] == "error" and frame["code"] == "malformed_frame"
