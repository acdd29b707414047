"""The SQL room store's group commit (server/store/rooms.py): appends of rooms that commit at the same time share
one transaction, every one durable when its ``append`` returns, and a bad entry fails only its own room. On both
backends (tests/store/conftest.py ``store``). The cost per action is measured in bench/all.py, not here."""
from __future__ import annotations

import asyncio

from server.bus import BusError
from server.store.rooms import SqlRoomStore


async def test_appends_of_many_rooms_at_once_are_group_committed_and_all_durable(store):
    rooms = SqlRoomStore(store)
    for i in range(20):
        await rooms.save(f"g{i}", b"snap")
    await asyncio.gather(*(rooms.append(f"g{i}", seq, b"e%d" % seq) for i in range(20) for seq in (1,)))
    assert rooms.batched == 20 and rooms.batches < 20          # fewer transactions than entries
    for i in range(20):
        assert await store.load_room(f"g{i}") == (b"snap", [b"e1"])


async def test_a_bad_entry_in_a_group_commit_fails_only_its_own_room(store):
    rooms = SqlRoomStore(store)
    for i in range(3):
        await rooms.save(f"g{i}", b"snap")
    await rooms.append("g1", 1, b"first")
    got = await asyncio.gather(rooms.append("g0", 1, b"a"), rooms.append("g1", 1, b"again"),
                               rooms.append("g2", 1, b"c"), return_exceptions=True)
    assert got[0] is None and got[2] is None and isinstance(got[1], BusError)
    assert [await store.load_room(f"g{i}") for i in range(3)] == [(b"snap", [b"a"]), (b"snap", [b"first"]),
                                                                  (b"snap", [b"c"])]
