"""Quick play pairs players in arrival order, offers a computer after a while, and is bounded."""
from __future__ import annotations

import asyncio
import threading

import pytest

from server.matchmaking import MatchQueue

from tests.server.harness import Player
from tests.server.play_util import call, new_player


async def test_queue_pairs_the_oldest_waiting_player_first(live):
    ann = await new_player(live.http, "Ann")
    bob = await new_player(live.http, "Bob")
    cid = await new_player(live.http, "Cid")
    wa = await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})
    assert wa.status_code == 202 and wa.json()["status"] == "waiting"
    # Bob arrives second, Cid third: Ann (oldest) is paired with Bob.
    wb_ = await call(live.http, "POST", "/api/queue", bob, {"deck": "B"})
    assert wb_.status_code == 200 and wb_.json()["status"] == "matched" and wb_.json()["seat"] == 2
    got = await call(live.http, "GET", f"/api/queue/{wa.json()['ticket']}", ann)
    assert got.json()["status"] == "matched" and got.json()["room"] == wb_.json()["room"] and got.json()["seat"] == 1
    wc = await call(live.http, "POST", "/api/queue", cid, {"deck": "A"})
    assert wc.status_code == 202
    p1 = await Player.join(live.ws, got.json()["room"], got.json()["token"])
    assert p1.view["room"]["players"] == {"1": "Ann", "2": "Bob"} and p1.view["room"]["status"] == "preliminary"


async def test_a_player_polling_while_its_match_is_being_made_is_told_to_wait_then_matched(live, monkeypatch):
    ann = await new_player(live.http, "Ann")
    bob = await new_player(live.http, "Bob")
    ticket = (await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})).json()["ticket"]
    rooms = live.app.state.hub.rooms
    # the server's loop runs in its own thread: thread-safe events
    create, entered, gate = rooms.create, threading.Event(), threading.Event()

    async def held_create(*args, **kwargs):      # the room for Ann and Bob is being made
        entered.set()
        await asyncio.to_thread(gate.wait)
        return await create(*args, **kwargs)
    monkeypatch.setattr(rooms, "create", held_create)
    pairing = asyncio.create_task(call(live.http, "POST", "/api/queue", bob, {"deck": "B"}))
    try:
        await asyncio.to_thread(entered.wait)
        during = await call(live.http, "GET", f"/api/queue/{ticket}", ann)
    finally:
        gate.set()
    assert during.status_code == 202 and during.json()["status"] == "waiting"
    matched = (await pairing).json()
    after = (await call(live.http, "GET", f"/api/queue/{ticket}", ann)).json()
    assert after["status"] == "matched" and after["room"] == matched["room"] and after["seat"] == 1


async def test_a_player_is_never_paired_with_itself(live):
    ann = await new_player(live.http, "Ann")
    first = (await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})).json()
    again = await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})
    assert again.status_code == 202 and again.json()["ticket"] == first["ticket"]


def test_a_full_queue_refuses_more_entries():
    q = MatchQueue(max_size=2, poll_timeout=30.0, bot_after=20.0)
    q.add({"id": "x1", "name": "X"}, [], None, 0.0)
    q.add({"id": "x2", "name": "Y"}, [], None, 0.0)
    with pytest.raises(OverflowError):
        q.add({"id": "x3", "name": "Z"}, [], None, 0.0)
    assert len(q.waiting) == 2


async def test_a_full_queue_answers_503_queue_full(live_factory):
    live = live_factory(queue_max=0)
    ann = await new_player(live.http, "Ann")
    r = await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})
    assert r.status_code == 503 and r.json()["error"] == "queue_full"


def test_an_entry_that_stops_polling_leaves_the_queue():
    q = MatchQueue(max_size=5, poll_timeout=30.0, bot_after=20.0)
    q.add({"id": "x1", "name": "X"}, [], None, 0.0)
    q.prune(31.0)
    assert q.partner("x2") is None


def test_a_computer_is_offered_only_after_the_wait():
    q = MatchQueue(max_size=5, poll_timeout=30.0, bot_after=20.0)
    e = q.add({"id": "x1", "name": "X"}, [], None, 100.0)
    assert not q.bot_offer(e, 119.9) and q.bot_offer(e, 120.0)


async def test_a_queued_player_offered_a_computer_opponent_plays_it(live_factory):
    live = live_factory(queue_bot_after=0.0, bot_think=0.0)
    ann = await new_player(live.http, "Ann")
    ticket = (await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})).json()["ticket"]
    assert (await call(live.http, "GET", f"/api/queue/{ticket}", ann)).json()["bot_offer"] is True
    r = await call(live.http, "POST", f"/api/queue/{ticket}/bot", ann, {"bot": "random"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    p = await Player.join(live.ws, r.json()["room"], r.json()["token"])
    assert p.view["room"]["bots"] == {"1": None, "2": "random"} and p.view["room"]["status"] != "waiting"


async def test_queue_needs_a_player_and_leaving_works(live):
    assert (await call(live.http, "POST", "/api/queue", None, {"deck": "A"})).status_code == 401
    ann = await new_player(live.http, "Ann")
    ticket = (await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})).json()["ticket"]
    assert (await call(live.http, "DELETE", f"/api/queue/{ticket}", ann)).json() == {"status": "left"}
    assert (await call(live.http, "GET", f"/api/queue/{ticket}", ann)).status_code == 404
