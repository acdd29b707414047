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


def finished_game(live, room_id: str) -> Game:
    """The game of ``room_id``'s room rebuilt from what the server keeps in process (its seed, both ordered decks
    and the engine's action log), never from a frame: no frame carries them."""
    r = live.app.state.hub.rooms.rooms[room_id]
    return Game.replay(r.seed, r.decks[0], r.decks[1], list(r.game.log))


async def seated(live) -> tuple:
    """A room of ``DECKS`` with both seats taken and joined: ``(create answer, join answer, player 1, player 2)``."""
    room = await create_room(live.http, decks=DECKS)
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    return room, seat2, a, b


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
    room, seat2, a, b = await seated(live)
    s1 = await Player.join(live.ws, room["room"], None)
    s2 = await Player.join(live.ws, room["room"], None)
    assert "replay" not in s1.view
    await asyncio.gather(a.play(random_bot(seed), MAX_ACTIONS, timeout=120),
                         b.play(random_bot(seed + 1000), MAX_ACTIONS, timeout=120),
                         s1.watch(120), s2.watch(120))
    assert a.v == b.v == s1.v == s2.v
    assert a.result == b.result == s1.result == s2.result
    assert s1.view == s2.view
    assert live.app.state.hub.rooms.rooms[room["room"]].seed == seed
    again = finished_game(live, room["room"])
    assert again.result == s1.view["result"]
    assert again.view(None)["cards"] == s1.view["cards"]
    for p in (a, b, s1, s2):
        await p.close()


async def test_seed_is_not_sent_before_the_game_ends(real_live):
    live = real_live(fixed_seed=987654321)
    room, seat2, a, b = await seated(live)
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


def lists_in(x):
    """Every list inside a JSON-like value (``x`` itself included when it is one)."""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, dict):
            stack.extend(y.values())
        elif isinstance(y, (list, tuple)):
            yield list(y)
            stack.extend(y)


async def test_no_frame_of_a_finished_game_carries_its_seed_decks_or_a_card_hidden_from_its_viewer(real_live):
    """The players and a spectator, those who saw the game end and those who join the finished room, get frames
    with neither the seed, nor a deck list, nor a card id hidden from them (docs/server.md "Rooms": a finished
    game's record is the games API's, per viewpoint)."""
    import msgpack
    from tests.helpers import strings
    from tests.test_protocol_selfplay import hidden_from
    seed = 987654321
    live = real_live(fixed_seed=seed)
    room, seat2, a, b = await seated(live)
    s = await Player.join(live.ws, room["room"], None)
    # a bot concedes after 12 actions of its own: the game ends with both hands and decks still hidden
    await asyncio.gather(a.play(random_bot(5), 12, timeout=60), b.play(random_bot(6), 12, timeout=60), s.watch(60))
    game = finished_game(live, room["room"])
    decks = live.app.state.hub.rooms.rooms[room["room"]].decks
    late = {1: await Player.join(live.ws, room["room"], room["token"]),
            2: await Player.join(live.ws, room["room"], seat2["token"]),
            None: await Player.join(live.ws, room["room"], None)}
    for p in late.values():
        await p.watch(10)
    for viewer, client in [(1, a), (2, b), (None, s), *late.items()]:
        frames = [f for f in client.frames if f.get("v") == game.version or f["t"] == "end"]
        assert frames and all(f["t"] != "error" for f in frames)
        hidden = hidden_from(game, viewer)
        assert hidden                       # the decks at least: the check has something to catch
        for f in frames:
            assert not {"replay", "seed"} & strings(f)
            assert msgpack.packb(seed) not in msgpack.packb(f)
            assert not [cards for cards in lists_in(f) if cards in decks]
            assert not strings(f) & hidden, (viewer, f["t"], strings(f) & hidden)
    for p in (a, b, s, *late.values()):
        await p.close()
