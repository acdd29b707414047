"""The room lists a player's legal actions once per version (CPU per action): the frames' ``legal`` and
the automatic-pass check read the same list; a new version lists again."""
from __future__ import annotations

import random

import engine as ENGINE
from engine.selfplay import random_action
from server.bus import memory_bus
from server.metrics import Metrics
from server.room import Room, RoomGame, hash_token
from server.settings import Settings


class Counting:
    """The engine game, with every ``legal_listing`` call (the room's read-only listing) recorded as ``(version,
    player)``."""

    def __init__(self, game, asked: list) -> None:
        self._game, self._asked = game, asked

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal_listing(self, p):
        self._asked.append((self._game.version, p))
        return self._game.legal_listing(p)


def _dealt_room() -> tuple[Room, list]:
    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": None, "spectators": True}
    room, _ = Room.create("lo", opts, ENGINE, memory_bus(), Settings(fixed_seed=3), Metrics())
    room.seats.tokens[2] = hash_token("two")
    room.deal()
    asked: list = []
    room.game = Counting(room.game, asked)
    return room, asked


def test_a_second_listing_of_the_same_version_and_player_is_the_same_list_without_asking_the_engine():
    room, asked = _dealt_room()
    rg: RoomGame = room.versions.game
    p = room.game.to_act()
    first = rg.legal_actions(p)
    assert rg.legal_actions(p) is first and asked == [(room.game.version, p)]


def test_a_new_version_lists_again():
    room, asked = _dealt_room()
    rg: RoomGame = room.versions.game
    p = room.game.to_act()
    room.apply(p, random_action(random.Random(3), rg.legal_actions(p)))
    q = room.game.to_act()
    rg.legal_actions(q)
    assert asked == [(room.game.version - 1, p), (room.game.version, q)]


def test_forgetting_the_list_lists_again():
    room, asked = _dealt_room()
    rg: RoomGame = room.versions.game
    p = room.game.to_act()
    first = rg.legal_actions(p)
    rg.forget_legal()
    assert rg.legal_actions(p) == first and len(asked) == 2
