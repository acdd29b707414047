"""Whole games through a real uvicorn with the fake engine: frames, versions, viewers."""
from __future__ import annotations

import asyncio

from tests.server.harness import Player, create_room, join_seat


def aggressive(legal, view):
    return next((x for x in legal if x["act"] in ("attack", "choose")), legal[0])


async def test_two_players_and_two_spectators_play_to_the_end(live):
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    s1 = await Player.join(live.ws, room["room"], None)
    s2 = await Player.join(live.ws, room["room"], None)
    assert (a.you, b.you, s1.you, s2.you) == (1, 2, None, None)
    await asyncio.gather(a.play(aggressive), b.play(aggressive), s1.watch(), s2.watch())
    final = {p.v for p in (a, b, s1, s2)}
    assert len(final) == 1
    assert a.result == b.result == s1.result == s2.result and a.result["winner"] in (1, 2)
    for p, token in ((a, room["token"]), (b, seat2["token"]), (s1, None)):
        fresh = await Player.join(live.ws, room["room"], token)
        assert fresh.view == p.view
        await fresh.close()
    for p in (a, b, s1, s2):
        await p.close()


async def test_only_pass_is_applied_automatically_and_logged(live):
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await a.act({"act": "choose", "option": "keep"})
    await b.catch_up(a.v)
    await b.act({"act": "choose", "option": "keep"})
    await a.catch_up(b.v)
    attack = next(x for x in a.legal if x["act"] == "attack")
    answer = await a.act(attack)
    await a.catch_up(answer["v"] + 1)          # B's only legal action was pass: the room passed for B
    assert a.legal and a.view["phase"] == "main"
    hub = live.app.state.hub
    assert hub.rooms.rooms[room["room"]].game.log[-1] == [2, {"act": "pass"}]


async def test_automatic_pass_can_be_switched_off_per_player(live):
    room = await create_room(live.http, decks=["A", "B"])
    seat2 = await join_seat(live.http, room["room"], autopass=False)
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await a.act({"act": "choose", "option": "keep"})
    await b.catch_up(a.v)
    await b.act({"act": "choose", "option": "keep"})
    await a.catch_up(b.v)
    answer = await a.act(next(x for x in a.legal if x["act"] == "attack"))
    await b.catch_up(answer["v"])
    assert b.legal == [{"act": "pass"}, {"act": "concede"}]          # B is asked; nothing is applied for B
    assert (await b.act({"act": "pass"}))["t"] == "diff"
