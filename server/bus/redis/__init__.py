"""The Redis bus: any number of server processes sharing one Redis form one service (docs/scaling.md).

| module | holds |
|---|---|
| ``link.py`` | :class:`RedisLink`: the clients, the pub/sub pump, the watchdog, health and metrics |
| ``mailbox.py`` | :class:`RedisMailbox`: leases with fencing epochs, inboxes over sharded pub/sub, request/reply, fenced writes, dead processes |
| ``fanout.py`` | :class:`RedisFanOut`: frames to local sinks and, over ``bz:proc:{P}``, to relays; relay resyncs |
| ``relay.py`` | the per-connection version-gap filter of a relay |
| ``store.py`` | :class:`RedisRoomStore`: snapshots and per-room change logs (streams), fenced |
| ``lobby.py`` | :class:`RedisLobby`: lobby entries (fenced) and the room set |
| ``keys.py`` | key and channel names, Lua scripts |
| ``keyed.py`` | :class:`RedisKeyedRecords`: the records of server/idempotency.py, shared by every process |

The four seams share one link and must be used together (the store's and the lobby's writes are fenced by the
mailbox's leases).
"""
from __future__ import annotations

from ..bundle import Bus
from .fanout import RedisFanOut
from .link import POOL_SIZE, RedisLink
from .lobby import RedisLobby
from .mailbox import RedisMailbox
from .store import RedisRoomStore

__all__ = ["POOL_SIZE", "RedisBus", "RedisLink"]


class RedisBus(Bus):
    """The four Redis seams over one :class:`RedisLink`. ``url``: redis://host:port/db; ``settings``: server
    Settings (``lease_ttl``, ``lease_renew``, ``orphan_sweep``, ``redis_key_ttl``)."""

    def __init__(self, url: str, settings) -> None:
        self.link = link = RedisLink(url, settings)
        mailbox = RedisMailbox(link)
        fanout, store = RedisFanOut(link, mailbox), RedisRoomStore(link, mailbox)
        fanout.read_rooms = store.current
        super().__init__(mailbox, fanout, store, RedisLobby(link, mailbox), link.process_id)

    async def start(self) -> None:
        """Connect (raises RedisError when Redis cannot be reached at start-up), then start the seams."""
        await self.link.start()
        await super().start()

    async def close(self) -> None:
        await super().close()
        await self.link.close()

    def bind(self, adopt=None, snapshot_sync=None, snapshot_version=None) -> None:
        self.link.adopt = adopt
        self.fanout.snapshot_sync = snapshot_sync
        self.fanout.snapshot_version = snapshot_version

    def fault(self) -> str | None:
        return self.link.fault()

    def keyed_records(self):
        from .keyed import RedisKeyedRecords
        return RedisKeyedRecords(self.link)

    def metric_lines(self) -> list[str]:
        return self.link.metric_lines()
