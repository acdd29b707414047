"""The lobby entry put after an applied action (server/room/lobby_entry.py ``LobbyEntry.publish_moved``: CPU per
client action) is copied from the entry put last with the new status, version and result, not built again: it
must equal the full entry (``Room.info``) at every version of a game, and never change an entry put before."""
from __future__ import annotations

import random

from engine.selfplay import random_action
from server.bus import messages as m
from server.room import Room
from tests.server.harness import seated_room


async def _seated_room() -> Room:
    return await seated_room("la", 5, {"base": 600, "increment": 0})


async def _act(room: Room, rng: random.Random, n: int) -> None:
    p = room.game.to_act()
    action = random_action(rng, room.versions.game.legal_actions(p))
    await room._on_action(m.Act(f"c{p}", f"a{n}", room.v, action))


async def test_the_entry_put_after_each_action_equals_the_full_lobby_entry_until_the_game_ends():
    room = await _seated_room()
    rng = random.Random(5)
    for n in range(400):
        if room.game.result is not None:
            break
        await _act(room, rng, n)
        assert await room.bus.lobby.get(room.id) == room.info()
    await room._on_action(m.Act("c1", "last", room.v, {"act": "concede"}))
    assert await room.bus.lobby.get(room.id) == room.info()
    assert room.info()["status"] == "finished" and room.info()["result"] is not None


async def test_an_action_puts_a_new_entry_and_leaves_the_one_put_before_as_it_was():
    room = await _seated_room()
    before = await room.bus.lobby.get(room.id)
    kept = dict(before)
    await _act(room, random.Random(1), 0)
    after = await room.bus.lobby.get(room.id)
    assert after is not before and before == kept and after["v"] == before["v"] + 1
