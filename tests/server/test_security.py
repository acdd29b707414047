"""Tokens, spectators, bad frames, limits. Every refusal is an error frame or a 4xxx close."""
from __future__ import annotations

import msgpack
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server.harness import Player, create_room, join_seat


async def _room(live, **body):
    room = await create_room(live.http, decks=["A", "B"], **body)
    seat2 = await join_seat(live.http, room["room"])
    return room["room"], room["token"], seat2["token"]


async def _close_code(ws) -> int:
    try:
        while True:
            await ws.recv()
    except ConnectionClosed as e:
        return e.rcvd.code


async def test_spectator_can_never_act(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    s = await Player.join(live.ws, rid, None)
    answer = await s.act(a.legal[0])
    assert answer["t"] == "error" and answer["code"] == "not_a_player"
    probe = await Player.join(live.ws, rid, None)
    assert probe.v == a.v


async def test_seated_players_spectator_connection_gets_only_the_spectator_view(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    mine = [c for c in a.view["cards"].values() if c["card"] is not None]
    assert mine, "the player sees its own secret card"
    watcher = await Player.join(live.ws, rid, None)             # same person, no token
    assert watcher.you is None and watcher.legal is None
    assert all(c["card"] is None for c in watcher.view["cards"].values())
    assert mine[0]["card"].encode() not in b"".join(msgpack.packb(f) for f in watcher.frames)


async def test_wrong_token_is_refused_with_4005(live):
    rid, _, _ = await _room(live)
    ws = await connect(live.ws)
    await ws.send(msgpack.packb({"t": "join", "room": rid, "token": "x" * 43, "v": None, "pv": 1}))
    err = msgpack.unpackb(await ws.recv())
    assert err["code"] == "unauthorized"
    assert await _close_code(ws) == 4005


async def test_room_closed_to_spectators_refuses_them(live):
    rid, t1, _ = await _room(live, spectators=False)
    ws = await connect(live.ws)
    await ws.send(msgpack.packb({"t": "join", "room": rid, "token": None, "v": None, "pv": 1}))
    assert msgpack.unpackb(await ws.recv())["code"] == "unauthorized"
    assert await _close_code(ws) == 4005
    assert (await Player.join(live.ws, rid, t1)).you == 1


async def test_unknown_room_closes_with_4004(live):
    ws = await connect(live.ws)
    await ws.send(msgpack.packb({"t": "join", "room": "nosuchroom", "token": None, "v": None, "pv": 1}))
    assert msgpack.unpackb(await ws.recv())["code"] == "room_not_found"
    assert await _close_code(ws) == 4004


@pytest.mark.parametrize("room", ["a b", "../../api", "abc?", "x" * 65, "x" * 300, "я" * 200])
async def test_a_join_naming_a_room_id_no_room_can_have_closes_like_an_unknown_room_with_4004(live, room):
    ws = await connect(live.ws)
    await ws.send(msgpack.packb({"t": "join", "room": room, "token": None, "v": None, "pv": 1}))
    assert msgpack.unpackb(await ws.recv())["code"] == "room_not_found"
    assert await _close_code(ws) == 4004


async def test_a_joined_player_sending_a_join_naming_no_possible_room_stays_in_its_room(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    await a.send({"t": "join", "room": "a b", "token": None, "v": None, "pv": 1})
    assert (await a.until(lambda f: f["t"] == "error"))["code"] == "already_joined"
    assert (await a.act(a.legal[0]))["t"] == "diff"


async def test_unsupported_protocol_version_closes_with_4009(live):
    ws = await connect(live.ws)
    await ws.send(msgpack.packb({"t": "join", "room": "r", "token": None, "v": None, "pv": 99}))
    assert msgpack.unpackb(await ws.recv())["code"] == "unsupported_protocol"
    assert await _close_code(ws) == 4009


@pytest.mark.parametrize("payload", ["hello", b"\xc1\xc1garbage", msgpack.packb([1, 2]), b"\xdd\xff\xff\xff\xff",
                                     msgpack.packb({"t": "sync"}), msgpack.packb({"t": "action", "id": "x"}),
                                     msgpack.packb({"t": "join", "room": "r", "pv": 1, "x" * 300: 1}),
                                     b"\x91" * 100000 + b"\xc0"])
async def test_bad_frames_get_error_frames_and_the_room_goes_on(live, payload):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    await a.ws.send(payload)
    err = msgpack.unpackb(await a.ws.recv())
    assert err["t"] == "error" and err["code"] in ("malformed_frame", "unknown_message", "frame_too_large")
    answer = await a.act(a.legal[0])
    assert answer["t"] == "diff"


async def test_repeated_garbage_closes_with_4006(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    for _ in range(live.app.state.hub.settings.violations_before_close + 1):
        await a.ws.send(b"\xc1")
    assert await _close_code(a.ws) == 4006


async def test_flooding_client_is_rate_limited(live_factory):
    live = live_factory(rate_per_sec=1.0, rate_burst=3)
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    for n in range(6):
        await a.send({"t": "ping", "n": n})
    frames = [msgpack.unpackb(await a.ws.recv()) for _ in range(6)]
    assert [f["t"] for f in frames].count("pong") <= 3
    assert any(f.get("code") == "rate_limited" for f in frames)


async def test_missing_join_closes_with_4008(live_factory):
    live = live_factory(join_timeout=0.2)
    ws = await connect(live.ws)
    assert await _close_code(ws) == 4008


async def test_connection_cap_refuses_a_spectator_with_1013(live_factory):
    live = live_factory(max_connections=1)
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    ws = await connect(live.ws)
    await ws.send(msgpack.packb({"t": "join", "room": rid, "token": None, "v": None, "pv": 1}))
    assert await _close_code(ws) == 1013
    assert (await a.act(a.legal[0]))["t"] == "diff"


async def test_at_the_connection_cap_a_seated_player_gets_in_and_a_spectator_yields(live_factory):
    live = live_factory(max_connections=2)
    rid, t1, t2 = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    s = await Player.join(live.ws, rid, None)
    b = await Player.join(live.ws, rid, t2)
    assert b.frames[-1]["t"] == "sync" and b.you == 2
    assert await _close_code(s.ws) == 1013
    assert (await a.act(a.legal[0]))["t"] == "diff"


async def test_repeated_action_id_is_applied_once(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    frame = {"t": "action", "id": "dup1", "v": a.v, "action": a.legal[0]}
    await a.send(frame)
    first = await a.until(lambda f: f.get("id") == "dup1")
    await a.send(frame)
    second = await a.until(lambda f: f.get("id") == "dup1")
    assert (first["t"], first["v"], first["ops"]) == (second["t"], second["v"], second["ops"])
    probe = await Player.join(live.ws, rid, None)
    assert probe.v == first["v"]


async def test_repeated_action_id_gets_the_first_answer_with_its_clocks(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    frame = {"t": "action", "id": "dup2", "v": a.v, "action": a.legal[0]}
    await a.send(frame)
    first = await a.until(lambda f: f.get("id") == "dup2")
    await a.send(frame)
    second = await a.until(lambda f: f.get("id") == "dup2")
    assert first["clocks"] is not None and second == first


async def test_client_card_data_is_not_trusted(live):
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    forged = dict(a.legal[0], card={"life": 99}, option="win")
    answer = await a.act(forged)
    assert answer["t"] == "error" and answer["code"] == "illegal_action"


async def test_join_to_an_unreachable_room_is_unavailable_and_closed_with_1013(live):
    from server.bus import BusError
    rid, t1, _ = await _room(live)
    bus = live.app.state.hub.bus.mailbox

    async def down(room, msg):
        raise BusError("unavailable", "The game service is temporarily unavailable; try again.")

    real, bus.send = bus.send, down
    try:
        ws = await connect(live.ws)
        await ws.send(msgpack.packb({"t": "join", "room": rid, "token": t1, "v": None, "pv": 1}))
        err = msgpack.unpackb(await ws.recv())
        assert err["code"] == "unavailable"
        assert await _close_code(ws) == 1013
    finally:
        bus.send = real


async def test_a_loopback_address_has_no_per_address_connection_limit_by_default(live_factory):
    live = live_factory(max_connections_per_address=1)       # loopback is in per_address_exempt by default
    rid, t1, _ = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    s = await Player.join(live.ws, rid, None)
    assert s.frames[-1]["t"] == "sync" and (await a.act(a.legal[0]))["t"] == "diff"


async def test_past_the_per_address_limit_a_spectator_is_refused_and_a_seat_gets_in(live_factory):
    live = live_factory(max_connections_per_address=2, per_address_exempt="")
    rid, t1, t2 = await _room(live)
    a = await Player.join(live.ws, rid, t1)
    s = await Player.join(live.ws, rid, None)
    late = await connect(live.ws)
    await late.send(msgpack.packb({"t": "join", "room": rid, "token": None, "v": None, "pv": 1}))
    assert await _close_code(late) == 1013
    b = await Player.join(live.ws, rid, t2)
    assert b.you == 2 and await _close_code(s.ws) == 1013
