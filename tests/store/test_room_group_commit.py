"""The SQL room store's group commit (server/store/rooms.py): appends of rooms that commit at the same time share
one transaction, every one durable when its ``append`` returns, and a bad entry fails only its own room. On both
backends (tests/store/conftest.py ``store``); SQLite groups them with ``synchronous=full`` (its writer thread),
while with ``normal`` each commits at once on the event loop (tests/store/test_sqlite_loop_writer.py). The cost
per action is measured in bench/, not here."""
from __future__ import annotations

import asyncio

import pytest

from server.bus import BusError
from server.store.rooms import SqlRoomStore
from server.store.sql import SqlStore


@pytest.fixture
async def grouping_store(store_url):
    """A started SqlStore that group-commits concurrent live-room writes: SQLite with ``synchronous=full`` (the
    writer thread), or PostgreSQL (the room store's flusher)."""
    s = SqlStore(store_url, synchronous="full")
    await s.start()
    yield s
    await s.close()


async def test_appends_of_many_rooms_at_once_are_group_committed_and_all_durable(grouping_store):
    store = grouping_store
    rooms = SqlRoomStore(store)
    for i in range(20):
        await rooms.save(f"g{i}", b"snap")
    batches, batched = rooms.batches, rooms.batched
    await asyncio.gather(*(rooms.append(f"g{i}", 1, b"e1") for i in range(20)))
    assert rooms.batched - batched == 20 and rooms.batches - batches < 20    # fewer transactions than entries
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


async def test_whole_snapshots_share_the_group_commit_and_drop_the_entries_before_them(grouping_store):
    store = grouping_store
    rooms = SqlRoomStore(store)
    for i in range(10):
        await rooms.save(f"g{i}", b"snap")
        await rooms.append(f"g{i}", 1, b"e1")
    before = rooms.batches
    await asyncio.gather(*(rooms.save(f"g{i}", b"snap2") if i % 2 else rooms.append(f"g{i}", 2, b"e2")
                           for i in range(10)))
    assert rooms.batches - before < 10
    for i in range(10):
        want = (b"snap2", []) if i % 2 else (b"snap", [b"e1", b"e2"])
        assert await store.load_room(f"g{i}") == want


async def test_the_store_writes_a_batch_in_order_in_one_transaction(store):
    await store.write_rooms([("save", "r", 0, b"s1"), ("append", "r", 1, b"a"), ("append", "q", 1, b"x"),
                             ("save", "q", 0, b"s2"), ("append", "q", 2, b"y")])
    assert await store.load_room("r") == (b"s1", [b"a"])
    assert await store.load_room("q") == (b"s2", [b"y"])
