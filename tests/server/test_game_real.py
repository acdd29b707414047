"""Whole games through the real rules engine and a real uvicorn: two seated bots, two spectators.

The bots pick uniformly among the legal actions (concession excluded) with a seeded RNG; the game seed is fixed
through ``Settings.fixed_seed``. A bot concedes after ``MAX_ACTIONS`` of its own actions so every test game ends
(random play usually ends earlier, by "no creatures").
"""
from __future__ import annotations

import asyncio
import random

import pytest

from engine import Game
from tests.server.harness import Player, create_room, join_seat

MAX_ACTIONS = 600
DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]


def random_bot(seed: int):
    rng = random.Random(seed)

    def policy(legal, view):
        choices = [a for a in legal if a["act"] != "concede"] or legal
        return rng.choice(choices)
    return policy


@pytest.fixture
def real_live(live_factory):
    from server.gameapi import real_engine
    return lambda **kw: live_factory(engine=real_engine(), rate_per_sec=1000.0, rate_burst=1000, **kw)


@pytest.mark.parametrize("seed", [1, 7])
async def test_real_engine_game_two_players_two_spectators(real_live, seed):
    live = real_live(fixed_seed=seed)
    room = await create_room(live.http, decks=DECKS)
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    s1 = await Player.join(live.ws, room["room"], None)
    s2 = await Player.join(live.ws, room["room"], None)
    assert "replay" not in s1.view
    await asyncio.gather(a.play(random_bot(seed), MAX_ACTIONS, timeout=120),
                         b.play(random_bot(seed + 1000), MAX_ACTIONS, timeout=120),
                         s1.watch(120), s2.watch(120))
    assert a.v == b.v == s1.v == s2.v
    assert a.result == b.result == s1.result == s2.result
    assert s1.view == s2.view
    replay = s1.view["replay"]
    assert replay["seed"] == seed
    again = Game.replay(replay["seed"], replay["decks"][0], replay["decks"][1], replay["log"])
    assert again.result == s1.view["result"]
    assert again.view(None)["cards"] == s1.view["cards"]
    for p in (a, b, s1, s2):
        await p.close()


async def test_seed_is_not_sent_before_the_game_ends(real_live):
    live = real_live(fixed_seed=987654321)
    room = await create_room(live.http, decks=DECKS)
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    s = await Player.join(live.ws, room["room"], None)
    bots = [asyncio.create_task(a.play(random_bot(3))), asyncio.create_task(b.play(random_bot(4)))]
    await s.catch_up(60, timeout=60)
    for t in bots:
        t.cancel()
    await asyncio.gather(*bots, return_exceptions=True)
    assert s.view["result"] is None
    import msgpack
    for viewer in (a, b, s):
        blob = b"".join(msgpack.packb(f) for f in viewer.frames)
        assert msgpack.packb(987654321) not in blob
