"""A seat token re-attaches a player at any step; the newest connection replaces the old one."""
from __future__ import annotations

import asyncio

from websockets.exceptions import ConnectionClosed

from server.room import only_pass
from tests.server.harness import Player, create_room, join_seat
from tests.server.test_game_fake import aggressive


async def _closed_code(p: Player) -> int:
    try:
        while True:
            await p.recv(5)
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else None


async def _reload_at_every_step(live, decks, policy, max_steps=None) -> int:
    """Returns the number of steps (negative when the game ended). Before every action the acting player reloads (new connection with its token): the new connection must
    show the same version, view, prompt and legal actions, the old one is closed with 4002, and the new one acts."""
    room = await create_room(live.http, decks=decks)
    seat2 = await join_seat(live.http, room["room"])
    tokens = {1: room["token"], 2: seat2["token"]}
    players = {s: await Player.join(live.ws, room["room"], tokens[s]) for s in (1, 2)}
    steps = 0
    while max_steps is None or steps < max_steps:
        await _settle(players)
        s = next((s for s, p in players.items() if p.legal), None)
        if s is None:
            break
        old = players[s]
        new = await Player.join(live.ws, room["room"], tokens[s])       # a page reload
        assert (new.v, new.view, new.legal, new.you) == (old.v, old.view, old.legal, old.you)
        assert new.view["prompt"] == old.view["prompt"] and new.clocks["running"] == s
        assert await _closed_code(old) == 4002
        players[s] = new
        answer = await new.act(policy(new.legal, new.view))              # acts at once
        assert answer["t"] == "diff"
        steps += 1
    finished = any(p.view["result"] for p in players.values())
    for p in players.values():
        await p.close()
    return steps if not finished else -steps


async def test_reconnect_at_every_step_gives_same_view_and_prompt(live):
    assert await _reload_at_every_step(live, ["A", "B"], aggressive) < -3       # played to the end


async def test_reconnect_at_every_step_of_a_real_game(live_factory):
    from server.gameapi import real_engine
    from tests.server.test_game_real import DECKS, random_bot
    live = live_factory(engine=real_engine(), fixed_seed=13, rate_per_sec=1000.0, rate_burst=1000)
    # the preliminary phase (deal, redeal, hidden recruitment and placement) and the first turns
    steps = await _reload_at_every_step(live, DECKS, random_bot(13), max_steps=80)
    assert steps == 80 or steps < -40


async def _settle(players: dict) -> None:
    """Read until both players are on the same version and one of them must choose (not an automatic pass), or
    the game has ended."""
    async with asyncio.timeout(10):
        while True:
            vs = {p.v for p in players.values()}
            if len(vs) == 1 and (any(p.legal and not only_pass(p.legal) for p in players.values())
                                 or any(p.view["result"] for p in players.values())):
                return
            lagging = min(players.values(), key=lambda p: p.v)
            await lagging.recv()


async def test_reconnect_after_the_game_ended_shows_result_and_journal(live):
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await a.catch_up(b.v)
    await asyncio.gather(a.play(aggressive), b.play(aggressive))
    again = await Player.join(live.ws, room["room"], room["token"])
    await again.until(lambda f: f["t"] == "end")
    assert again.result == a.result
    assert again.view["journal"] == a.view["journal"] and again.legal is None
