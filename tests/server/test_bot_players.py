"""Bots through the real server: "play against the computer" (a server-side bot in seat 2) and the standalone
websocket bot ``python -m server.bot``."""
from __future__ import annotations

import asyncio
import random
import subprocess
import sys

import httpx

from bots import random_policy
from tests.server.harness import Player, create_room
from tests.server.test_game_real import DECKS


def _real(live_factory, **kw):
    from server.gameapi import real_engine
    return live_factory(engine=real_engine(), bot_think=0.0, **kw)


async def test_room_with_computer_opponent_plays_to_the_end(live_factory):
    live = _real(live_factory, fixed_seed=5)
    room = await create_room(live.http, decks=DECKS, opponent="bot", bot="heuristic")
    async with httpx.AsyncClient() as c:
        info = (await c.get(f"{live.http}/api/rooms/{room['room']}")).json()
    assert info["seats"]["2"]["taken"]
    me = await Player.join(live.ws, room["room"], room["token"])
    rng = random.Random(5)
    await me.play(lambda legal, view: random_policy(view, legal, rng), max_actions=600, timeout=120)
    assert me.result is not None and me.view["result"] is not None


async def test_unknown_opponent_is_refused(live_factory):
    live = _real(live_factory)
    async with httpx.AsyncClient() as c:
        r = await c.post(live.http + "/api/rooms", json={"opponent": "human"})
        r2 = await c.post(live.http + "/api/rooms", json={"opponent": "bot", "bot": "genius"})
    assert (r.status_code, r.json()["error"]) == (400, "bad_request")
    assert (r2.status_code, r2.json()["error"]) == (400, "unknown_level")


async def test_standalone_bots_play_a_game_on_default_rate_limits(live_factory):
    live = _real(live_factory, fixed_seed=8)          # default rate limits: bots back off, never closed with 4007
    room = await create_room(live.http, decks=DECKS)
    async with httpx.AsyncClient() as c:
        seat2 = (await c.post(f"{live.http}/api/rooms/{room['room']}/join", json={})).json()
    watcher = await Player.join(live.ws, room["room"], None)
    cmd = [sys.executable, "-m", "server.bot", "--url", live.ws, "--room", room["room"], "--seed", "1"]
    bots = [await asyncio.create_subprocess_exec(*cmd, f"--token={tok}", "--policy", pol,
                                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for tok, pol in ((room["token"], "heuristic"), (seat2["token"], "random"))]
    try:
        outs = [await asyncio.wait_for(b.communicate(), 120) for b in bots]
    except TimeoutError:
        for b in bots:
            if b.returncode is None:
                b.kill()
        told = [await b.communicate() for b in bots]
        raise AssertionError(f"the bots did not finish in 120 s; watcher at v{watcher.v}: "
                             + " | ".join(f"out {o.decode()[-800:]!r} err {e.decode()[-800:]!r}" for o, e in told))
    await watcher.watch(30)
    for b, (out, err) in zip(bots, outs):
        assert b.returncode == 0, err.decode()
        assert f"winner={watcher.result['winner']}" in out.decode()
