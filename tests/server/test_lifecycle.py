"""Room lifecycle, concession, replays, idle rooms, graceful shutdown and restore."""
from __future__ import annotations

import asyncio

import httpx
from websockets.exceptions import ConnectionClosed

from server.app import create_app
from server.settings import Settings
from tests.server.fake_engine import ENGINE
from tests.server.harness import LiveServer, Player, create_room, join_seat
from tests.server.test_game_fake import aggressive


async def _close_code(p: Player, timeout: float = 10.0) -> int:
    try:
        async with asyncio.timeout(timeout):
            while True:
                await p.recv(timeout)
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else None


async def test_status_goes_waiting_preliminary_playing_finished(live):
    room = await create_room(live.http, decks=["A", "B"])
    a = await Player.join(live.ws, room["room"], room["token"])
    assert a.view["room"]["status"] == "waiting" and a.legal is None
    seat2 = await join_seat(live.http, room["room"])
    await a.until(lambda f: f["t"] == "sync")
    assert a.view["room"]["status"] == "preliminary" and a.legal
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await a.act({"act": "choose", "option": "keep"})
    await b.catch_up(a.v)
    await b.act({"act": "choose", "option": "keep"})
    assert b.view["room"]["status"] == "playing"
    await b.act({"act": "concede"})
    assert b.view["room"]["status"] == "finished"


async def test_concession_ends_the_game_for_everyone(live):
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    s = await Player.join(live.ws, room["room"], None)
    await a.act({"act": "concede"})
    await s.watch(10)
    assert s.result == {"winner": 2, "reason": "concede"}
    del seat2


async def test_finished_game_is_a_replay_until_its_ttl_then_closed(live_factory):
    live = live_factory(replay_ttl=0.5)
    room = await create_room(live.http, decks=["A", "B"])
    kept = live.app.state.hub.rooms.rooms[room["room"]]     # the room object: its seed, decks and action log
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await asyncio.gather(a.play(aggressive), b.play(aggressive))
    s = await Player.join(live.ws, room["room"], None)
    await s.watch(10)
    again = ENGINE.Game.replay(kept.seed, kept.decks[0], kept.decks[1], list(kept.game.log))
    assert again.result == s.result
    assert await _close_code(s) == 4010
    async with httpx.AsyncClient() as c:
        assert (await c.get(f"{live.http}/api/rooms/{room['room']}")).status_code == 404


async def test_idle_room_is_closed(live_factory):
    live = live_factory(idle_timeout=0.3)
    room = await create_room(live.http, decks=["A", "B"])
    a = await Player.join(live.ws, room["room"], room["token"])
    await a.close()
    closed = asyncio.Event()
    hub = live.app.state.hub
    async with asyncio.timeout(10):
        while not closed.is_set():     # the room task ends by itself; poll the lobby until it is gone
            async with httpx.AsyncClient() as c:
                if (await c.get(f"{live.http}/api/rooms/{room['room']}")).status_code == 404:
                    closed.set()
            await asyncio.sleep(0.05)
    assert hub.metrics.rooms() == 0


async def test_graceful_shutdown_sends_1012_and_a_new_process_resumes(tmp_path):
    settings = Settings(snapshot_dir=str(tmp_path))
    first = LiveServer(create_app(settings, engine=ENGINE)).__enter__()
    room = await create_room(first.http, decks=["A", "B"])
    seat2 = await join_seat(first.http, room["room"])
    a = await Player.join(first.ws, room["room"], room["token"])
    b = await Player.join(first.ws, room["room"], seat2["token"])
    await a.act({"act": "choose", "option": "keep"})
    await b.catch_up(a.v)
    before = (a.v, a.view, b.view, b.legal)
    first.server.should_exit = True
    assert await _close_code(a) == 1012 and await _close_code(b) == 1012
    first.thread.join(10)
    with LiveServer(create_app(settings.replace(port=0), engine=ENGINE)) as second:
        a2 = await Player.join(second.ws, room["room"], room["token"])
        b2 = await Player.join(second.ws, room["room"], seat2["token"])
        assert (a2.v, a2.view, b2.view, b2.legal) == before
        answer = await b2.act(b2.legal[0])
        assert answer["t"] == "diff"


async def test_finished_game_outlives_the_idle_timeout_as_a_replay(live_factory):
    live = live_factory(idle_timeout=1.0, replay_ttl=3600)
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    await a.act({"act": "concede"})
    await a.close()
    await asyncio.sleep(2.5)     # more than two idle timeouts pass with nobody connected
    s = await Player.join(live.ws, room["room"], None)
    await s.watch(10)
    assert s.result["reason"] == "concede" and s.v == a.v        # the finished game, at its last version
    del seat2


async def _gone(live, room_id) -> None:
    async with asyncio.timeout(10):
        while True:            # the room task ends by itself; poll the lobby until it is gone
            async with httpx.AsyncClient() as c:
                if (await c.get(f"{live.http}/api/rooms/{room_id}")).status_code == 404:
                    return
            await asyncio.sleep(0.05)


async def test_a_room_nobody_joined_closes_after_the_waiting_timeout(live_factory):
    live = live_factory(idle_timeout=3600, waiting_timeout=0.3)
    room = await create_room(live.http, decks=["A", "B"])
    await _gone(live, room["room"])
    assert live.app.state.hub.metrics.rooms() == 0


async def test_a_room_with_both_seats_taken_is_kept_past_the_waiting_timeout(live_factory):
    # long enough for the seat to be taken before it runs out on a loaded machine
    live = live_factory(idle_timeout=3600, waiting_timeout=2.0)
    room = await create_room(live.http, decks=["A", "B"])
    await join_seat(live.http, room["room"])
    other = await create_room(live.http, decks=["A", "B"])
    await _gone(live, other["room"])    # the waiting one is gone, so the timeout has passed for both
    async with httpx.AsyncClient() as c:
        assert (await c.get(f"{live.http}/api/rooms/{room['room']}")).status_code == 200
