"""The ``room`` field of a room's views (server/room/views.py ``RoomGame._view``: CPU per client action)
is built again only when something it shows changed (``RoomGame.public_key``), and always equals one built afresh."""
from __future__ import annotations

import random

from engine.selfplay import random_action
from server.bus import messages as m
from server.room import Room, RoomGame
from tests.server.harness import seated_room


async def _seated_room() -> Room:
    return await seated_room("pk", 7)


async def test_the_room_field_of_every_view_equals_one_built_afresh_until_the_game_ends():
    room = await _seated_room()
    rg: RoomGame = room.versions.game
    rng = random.Random(7)
    for n in range(300):
        if room.game.result is not None:
            break
        p = room.game.to_act()
        await room._on_action(m.Act(f"c{p}", f"a{n}", room.v, random_action(rng, rg.legal_actions(p))))
        for viewer in (1, 2, None):
            assert rg.view(viewer)["room"] == rg.public()
    room.seats.names[2] = "Second"               # what claims, deck choices and rematches change, between versions
    room.rematch = "next"
    assert rg.view(None)["room"] == rg.public() and rg.view(None)["room"]["rematch"] == "next"


async def test_the_room_field_is_built_again_only_when_something_it_shows_changed(monkeypatch):
    room = await _seated_room()
    rg: RoomGame = room.versions.game
    built = []
    public = RoomGame.public
    monkeypatch.setattr(RoomGame, "public", lambda self: built.append(1) or public(self))
    for viewer in (1, 2, None, 1):
        rg.view(viewer)
    assert built == []                      # the attaches built it already; nothing it shows changed since
    room.rematch = "next"
    first = rg.view(1)["room"]
    assert built == [1] and rg.view(2)["room"] is first
