"""The Redis lobby directory (server/bus/redis/lobby.py) against a real redis-server: entries are written by one
flusher per process in pipelined batches; a change of the version alone is not waited for, any other change is."""
from __future__ import annotations

import asyncio
import json

import pytest

from server.bus import BusError
from server.bus.redis import keys as K


def entry(v: int, open_: bool = True) -> dict:
    return {"id": "r1", "v": v, "open": open_}


def held_flush(lobby):
    """Hold the lobby's next flushes until ``release`` is set; ``entered`` is set when one is held."""
    entered, release, real = asyncio.Event(), asyncio.Event(), lobby._flush

    async def flush(batch, waiters):
        entered.set()
        await release.wait()
        await real(batch, waiters)
    lobby._flush = flush
    return entered, release


async def test_a_version_only_change_is_put_without_waiting_and_lands(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.lobby.put("r1", entry(1))
    entered, release = held_flush(bus.lobby)
    await bus.lobby.put("r1", entry(2))                 # returns although the flush is held
    await asyncio.wait_for(entered.wait(), 5)
    release.set()
    await asyncio.wait_for(bus.lobby.written(), 5)
    assert json.loads(redis_server.client().get(K.info("r1")))["v"] == 2


async def test_any_other_change_waits_for_its_write(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.lobby.put("r1", entry(1))
    entered, release = held_flush(bus.lobby)
    put = asyncio.create_task(bus.lobby.put("r1", entry(2, open_=False)))
    await asyncio.wait_for(entered.wait(), 5)
    assert not put.done()
    release.set()
    await asyncio.wait_for(put, 5)
    assert json.loads(redis_server.client().get(K.info("r1")))["open"] is False


async def test_entries_of_many_rooms_are_written_together(bus, redis_server):
    for r in ("a", "b", "c"):
        await bus.mailbox.open_inbox(r)
    await asyncio.gather(*(bus.lobby.put(r, {"id": r, "v": 0}) for r in ("a", "b", "c")))
    c = redis_server.client()
    assert sorted(x.decode() for x in c.smembers(K.ROOMS)) == ["a", "b", "c"]
    assert [json.loads(c.get(K.info(r)))["id"] for r in ("a", "b", "c")] == ["a", "b", "c"]


async def test_a_put_after_another_process_took_the_lease_is_fenced(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.lobby.put("r1", entry(1))
    redis_server.client().set(K.lease("r1"), b"other:99")
    with pytest.raises(BusError) as e:
        await bus.lobby.put("r1", entry(1, open_=False))
    assert e.value.code == "fenced"
    assert json.loads(redis_server.client().get(K.info("r1")))["open"] is True


async def test_a_drop_deletes_the_entry_after_the_write_in_flight(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.lobby.put("r1", entry(1))
    entered, release = held_flush(bus.lobby)
    await bus.lobby.put("r1", entry(2))
    await asyncio.wait_for(entered.wait(), 5)
    drop = asyncio.create_task(bus.lobby.drop("r1"))
    release.set()
    await asyncio.wait_for(drop, 5)
    assert not redis_server.client().exists(K.info("r1"))


async def test_a_put_after_redis_forgot_its_scripts_still_writes(bus, redis_server):
    await bus.mailbox.open_inbox("r1")
    await bus.lobby.put("r1", entry(1))
    redis_server.client().script_flush()
    await bus.lobby.put("r1", entry(1, open_=False))
    assert json.loads(redis_server.client().get(K.info("r1")))["open"] is False
