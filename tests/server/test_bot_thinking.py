"""The searching levels think in worker processes (server/bot_pool.py): while a computer opponent thinks, the
server's other rooms keep answering."""
from __future__ import annotations

import asyncio
import random
import threading

import httpx

from bots import random_policy
from server import bot_pool
from tests.server.harness import Player, create_room, join_seat
from tests.server.test_game_real import DECKS


def _real(live_factory, **kw):
    from server.gameapi import real_engine
    return live_factory(engine=real_engine(), bot_think=0.0, **kw)


async def _round_trip(p: Player) -> None:
    """A resync answered by room B's task (a sync frame)."""
    await p.send({"t": "resync"})
    await p.until(lambda f: f["t"] == "sync")


async def test_an_expert_thinking_does_not_block_another_room(live_factory, monkeypatch):
    # each decision thinks 6 s, far longer than a round trip takes even on a slow machine running the suite's workers
    # and their browsers; the test hears of each decision sent to the pool (an event set on the server's thread) and
    # then makes a round trip in room B: it must come back while that decision is still in flight
    monkeypatch.setattr(bot_pool, "EXPERT_BUDGET", 6.0)
    sent = threading.Event()
    real = bot_pool.decide

    async def decide(level, view, legal, rng):
        task = asyncio.ensure_future(real(level, view, legal, rng))
        await asyncio.sleep(0)          # one step of the task: the decision is in the pool now
        sent.set()
        return await task
    monkeypatch.setattr(bot_pool, "decide", decide)
    live = _real(live_factory, fixed_seed=21)
    a = await create_room(live.http, decks=DECKS, opponent="bot", bot="expert")
    human = await Player.join(live.ws, a["room"], a["token"])
    b = await create_room(live.http, decks=DECKS)
    await join_seat(live.http, b["room"])
    other = await Player.join(live.ws, b["room"], b["token"])
    rng = random.Random(3)
    game = asyncio.create_task(human.play(lambda legal, view: random_policy(view, legal, rng), max_actions=400,
                                          timeout=600))
    overlapped = 0
    try:
        async with asyncio.timeout(300):
            while overlapped < 3 and not game.done():
                if not await asyncio.to_thread(sent.wait, 5):
                    continue
                sent.clear()
                in_flight = bot_pool.counts["started"]
                await _round_trip(other)
                # answered before the decision in flight when it was sent came back: the loop did not wait for it
                overlapped += bot_pool.counts["finished"] < in_flight
    finally:
        game.cancel()
    assert overlapped >= 3
    async with httpx.AsyncClient() as c:
        text = (await c.get(live.http + "/metrics")).text
    line = next(x for x in text.splitlines() if x.startswith('berserk_bot_decisions_total{state="finished"}'))
    assert int(line.split()[-1]) >= 3


async def test_a_failed_search_is_answered_by_the_casual_level(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from engine import Game
    from engine.cards.decks import starter_decks

    def broken(*args):
        raise RuntimeError("the search failed")
    d = list(starter_decks().values())
    g = Game.new(1, d[0], d[1])
    legal = g.legal_actions(g.to_act())
    with ThreadPoolExecutor(1) as ex:
        monkeypatch.setattr(bot_pool, "pool", lambda: ex)
        monkeypatch.setattr(bot_pool, "think", broken)
        action = await bot_pool.decide("expert", g.view(g.to_act()), legal, random.Random(1))
    assert action in legal
