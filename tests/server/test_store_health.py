"""/healthz's store check answers at once: a write probe stuck behind a lock (a SQLite file locked by another
process waits out its busy timeout) counts as not writable after the probe's timeout, not after the lock's."""
from __future__ import annotations

import asyncio
import types

from server.store_outage import StoreHealth


class _LockedStore:
    durable = True

    def __init__(self) -> None:
        self.never = asyncio.Event()

    async def probe_write(self) -> None:
        await self.never.wait()          # the lock is never released while the check runs


def test_a_probe_stuck_behind_a_lock_reports_the_store_not_writable_within_the_probe_timeout():
    async def go():
        health = StoreHealth(_LockedStore(), types.SimpleNamespace(store_held=0), probe_timeout=0.05)
        return await asyncio.wait_for(health.writable(), 5)
    assert asyncio.run(go()) is False


def test_a_probe_that_writes_reports_the_store_writable():
    class _Fine:
        durable = True

        async def probe_write(self) -> None:
            return None
    health = StoreHealth(_Fine(), types.SimpleNamespace(store_held=0), probe_timeout=0.05)
    assert asyncio.run(health.writable()) is True
