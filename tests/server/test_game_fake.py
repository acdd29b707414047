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
