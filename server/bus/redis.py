"""The Redis bus: any number of server processes sharing one Redis form one service (docs/scaling.md).

* **Ownership.** Each room has one owner process, holding ``bz:{R}:lease`` (``"<process>:<epoch>"``, TTL
  ``lease_ttl``) taken with a fresh fencing epoch (``ACQUIRE``) and renewed every ``lease_renew`` seconds. Every
  write of the owner (snapshot, lobby entry, deletion) is the ``WRITE`` script, which compares the lease with the
  owner's token in the same atomic step: an owner that was paused past its lease (another process took the room
  over with a higher epoch) cannot write anything, and its room closes its local connections (1012).
* **Inbox.** The owner subscribes to the sharded channel ``bz:{R}:in``; any process ``SPUBLISH``es the room's inbox
  messages there (the owner's own process puts them straight into the local queue). ``SPUBLISH`` answering 0
  receivers means nobody owns the room: the sender adopts it (restores the snapshot) once the lease has expired.
* **Frames.** The owner sends each frame for a connection of another process to ``bz:proc:{P}`` with the room
  version it carries; that process (the relay) filters it per connection (server/bus/relay.py) and resyncs the
  connection from the stored snapshot when it sees a gap, or after its pub/sub connection came back.
* **Watchdog** (every ``lease_renew`` s, on its own two connections): renews every owned lease in one pipelined
  round trip; for rooms this process only relays, checks the
  lease: gone -> adopt the room; new owner -> re-attach the local connections to it (they get a full sync); runs
  the orphan sweep every ``orphan_sweep`` s (adopts any stored room without a lease, so clocks keep running).
* **Outage.** Redis errors never end the process: sockets stay open, ``fault()`` reports it (``/healthz`` 503,
  ``berserk_redis_up 0``), loops back off up to 2 s (no spinning), commits wait for Redis, and when it is back every
  room stores its state again and every connection is resynced. A *busy* connection pool is not an outage: commands
  wait for a free connection (``BlockingConnectionPool``, ``POOL_SIZE``) instead of failing.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass

import msgpack
import redis.asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from . import Bus, BusError, Inbox, Sink
from . import redis_keys as K
from .memory import INBOX_SIZE, _QueueInbox
from .relay import DROP, GAP, PASS, RelayConn

log = logging.getLogger("server.bus.redis")
BACKOFF_MAX = 2.0        # s between retries while Redis is unreachable
POOL_SIZE = 64           # connections of a process's command pool; more commands wait for a free connection
POOL_WAIT = 10.0         # s a command waits for a free pooled connection before it counts as a Redis failure


class _PubSub(PubSub):
    """A PubSub that counts (re)connections: redis-py re-subscribes by itself after a reconnect, but whatever was
    published meanwhile is gone, so the bus must resync when the count grows."""

    connects = 0

    async def on_connect(self, connection) -> None:
        self.connects += 1
        await super().on_connect(connection)


@dataclass
class _Owned:
    """A room this process owns: its local inbox, lease token, epoch, and when the lease was last confirmed."""

    inbox: _QueueInbox
    token: str
    epoch: int
    confirmed: float
    fenced: bool = False


class RedisBus(Bus):
    """Bus over one Redis server. ``url``: redis://host:port/db; ``settings``: server Settings (lease_ttl,
    lease_renew, orphan_sweep, redis_key_ttl)."""

    persistent = True

    def __init__(self, url: str, settings) -> None:
        self.url = url
        self.process_id = secrets.token_hex(6)
        self.lease_ms = int(settings.lease_ttl * 1000)
        self.renew_s = float(settings.lease_renew)
        self.sweep_s = float(settings.orphan_sweep)
        self.key_ttl_ms = int(settings.redis_key_ttl * 1000)
        self.r: aioredis.Redis | None = None
        self.rw: aioredis.Redis | None = None
        self.ps: _PubSub | None = None
        self._owned: dict[str, _Owned] = {}
        self._sinks: dict[str, Sink] = {}
        self._relay: dict[str, RelayConn] = {}
        self._waiting: dict[str, asyncio.Future] = {}
        self._infos: dict[str, dict] = {}         # last lobby entry written per owned room (skip equal writes)
        self._n = 0
        self._tasks: list[asyncio.Task] = []
        self._adopt = None
        self._snapshot_sync = None
        self._down_since: float | None = None
        self._down_reason = ""
        self._connects_seen = 0
        self.stats = {"reconnects": 0, "takeovers": 0, "fenced": 0, "relay_resyncs": 0, "relay_gaps": 0,
                      "errors": 0}

    # -- lifecycle ---------------------------------------------------------------------------------------------
    def bind(self, adopt=None, snapshot_sync=None) -> None:
        self._adopt, self._snapshot_sync = adopt, snapshot_sync

    async def start(self) -> None:
        """Connect, subscribe to this process's channel and start the pub/sub pump and the watchdog. Raises
        RedisError when Redis cannot be reached at start-up (the process should not pretend to serve)."""
        self.r = self._client(POOL_SIZE)
        self.rw = self._client(2)       # the watchdog's own connections: renewals never queue behind room traffic
        self._acquire = self.r.register_script(K.ACQUIRE)
        self._write = self.r.register_script(K.WRITE)
        self._release = self.r.register_script(K.RELEASE)
        self._renew = self.rw.register_script(K.WRITE)
        await self.r.ping()
        self.ps = _PubSub(self.r.connection_pool, ignore_subscribe_messages=True)
        await self.ps.ssubscribe(K.proc(self.process_id))
        self._connects_seen = self.ps.connects
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._pump(), name="redis-pump"),
                       loop.create_task(self._watchdog(), name="redis-watchdog")]

    def _client(self, size: int) -> aioredis.Redis:
        """A client whose pool holds at most ``size`` connections and makes a command *wait* for a free one
        (BlockingConnectionPool) instead of failing with "Too many connections": a busy pool is not an outage."""
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, max_connections=size, timeout=POOL_WAIT, socket_connect_timeout=1.0, socket_timeout=3.0,
            health_check_interval=10, retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 2))
        return aioredis.Redis(connection_pool=pool)

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for closer in (self.ps and self.ps.aclose, self.r and self.r.aclose, self.rw and self.rw.aclose):
            if closer is not None:
                try:
                    await closer()
                except (RedisError, OSError):
                    pass

    # -- health ------------------------------------------------------------------------------------------------
    def fault(self) -> str | None:
        if self._down_since is None:
            return None
        return f"Redis is unreachable since {time.monotonic() - self._down_since:.1f} s ({self._down_reason})."

    def metric_lines(self) -> list[str]:
        s = self.stats
        out = ["# HELP berserk_redis_up 1 while Redis answers, 0 during an outage.", "# TYPE berserk_redis_up gauge",
               f"berserk_redis_up {0 if self._down_since is not None else 1}",
               "# HELP berserk_rooms_relayed Rooms with local connections owned by another process.",
               "# TYPE berserk_rooms_relayed gauge",
               f"berserk_rooms_relayed {len({c.room for c in self._relay.values()} - set(self._owned))}"]
        for key, text in (("reconnects", "Reconnections to Redis after an outage."),
                          ("takeovers", "Rooms adopted from Redis (their owner was gone)."),
                          ("fenced", "Rooms dropped because another process holds their lease."),
                          ("relay_gaps", "Version gaps seen on relayed frames."),
                          ("relay_resyncs", "Relayed connections resynced from the stored snapshot."),
                          ("errors", "Redis operations that failed.")):
            name = f"berserk_redis_{key}_total"
            out += [f"# HELP {name} {text}", f"# TYPE {name} counter", f"{name} {s[key]}"]
        return out

    def _down(self, exc: BaseException) -> None:
        self.stats["errors"] += 1
        if self._down_since is None:
            self._down_since = time.monotonic()
            self._down_reason = type(exc).__name__
            log.warning("Redis unreachable: %s", exc)

    def _up(self) -> bool:
        """Mark Redis reachable; True when it was down until now."""
        if self._down_since is None:
            return False
        log.warning("Redis reachable again after %.1f s", time.monotonic() - self._down_since)
        self._down_since = None
        return True

    # -- pub/sub pump ------------------------------------------------------------------------------------------
    async def _pump(self) -> None:
        """Read this process's subscriptions forever; back off while Redis is down; resync after a reconnect."""
        backoff = 0.1
        while True:
            try:
                msg = await self.ps.get_message(ignore_subscribe_messages=True, timeout=1.0)
                backoff = 0.1
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as e:
                self._down(e)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
                continue
            if self.ps.connects != self._connects_seen:
                self._connects_seen = self.ps.connects
                self._up()
                self._reconnected()
            if msg is None or msg.get("type") not in ("smessage", "message"):
                continue
            try:
                self._dispatch(msg["channel"], msg["data"])
            except Exception:     # a malformed message never kills the pump
                log.exception("bad bus message on %r", msg.get("channel"))

    def _dispatch(self, channel: bytes, data: bytes) -> None:
        ch = channel.decode()
        m = msgpack.unpackb(data)
        if ch.endswith(":in"):
            room = ch[len(K.PREFIX) + 2:-4]
            own = self._owned.get(room)
            if own is not None:
                try:
                    own.inbox.queue.put_nowait(m)
                except asyncio.QueueFull:
                    log.warning("room %s inbox full; message %r dropped", room, m.get("k"))
            return
        if m["k"] == "f":
            self._on_frames(m)
        elif m["k"] == "r":
            fut = self._waiting.get(m["id"])
            if fut is not None and not fut.done():
                fut.set_result(m["a"])

    def _reconnected(self) -> None:
        """Pub/sub came back: frames may have been lost both ways. Owned rooms store their state again and resync
        their connections; relayed connections resync from the snapshot."""
        self.stats["reconnects"] += 1
        for own in self._owned.values():
            with _suppress_full():
                own.inbox.queue.put_nowait({"k": "redis_back"})
        for cid, rc in list(self._relay.items()):
            if rc.room not in self._owned:
                self._start_resync(cid, rc)

    # -- frames ------------------------------------------------------------------------------------------------
    def attach_conn(self, conn_id: str, sink: Sink) -> None:
        self._sinks[conn_id] = sink

    def detach_conn(self, conn_id: str) -> None:
        self._sinks.pop(conn_id, None)
        self._relay.pop(conn_id, None)

    async def deliver(self, conn_ids: list[str], frame: bytes | None, close: int | None = None, *,
                      room: str | None = None, v: int | None = None, full: bool = False) -> None:
        remote: dict[str, list[str]] = {}
        for cid in conn_ids:
            pid = cid.split(":", 1)[0]
            if pid == self.process_id:
                sink = self._sinks.get(cid)
                if sink is not None:
                    sink(frame, close)
            else:
                remote.setdefault(pid, []).append(cid)
        if not remote:
            return
        own = self._owned.get(room) if room is not None else None
        for pid, cids in remote.items():
            data = msgpack.packb({"k": "f", "room": room, "c": cids, "f": frame, "x": close, "v": v, "full": full,
                                  "o": own.token if own else None}, use_bin_type=True)
            try:
                await self.r.spublish(K.proc(pid), data)
            except (RedisError, OSError) as e:      # lost like any pub/sub frame: the relay resyncs later
                self._down(e)

    def _on_frames(self, m: dict) -> None:
        for cid in m["c"]:
            sink = self._sinks.get(cid)
            if sink is None:
                continue
            rc = self._relay.get(cid)
            if rc is None:
                sink(m["f"], m["x"])
                continue
            rc.confirmed = True
            if m.get("o"):
                rc.owner = m["o"]
            if rc.resyncing and m["v"] is not None:
                rc.held.append(m)
                continue
            self._relay_one(cid, rc, sink, m)

    def _relay_one(self, cid: str, rc: RelayConn, sink: Sink, m: dict) -> None:
        verdict = rc.check(m["v"], m["full"]) if m["f"] is not None else PASS
        if verdict == PASS:
            sink(m["f"], m["x"])
        elif verdict == GAP:
            self.stats["relay_gaps"] += 1
            self._start_resync(cid, rc)
        elif verdict == DROP and m["x"] is not None:
            sink(None, m["x"])

    def _start_resync(self, cid: str, rc: RelayConn) -> None:
        if not rc.resyncing:
            rc.resyncing = True
            asyncio.get_running_loop().create_task(self._resync(cid, rc))

    async def _resync(self, cid: str, rc: RelayConn) -> None:
        """Give one relayed connection a full sync built from the stored snapshot (never older than any frame
        broadcast), then the frames held meanwhile that are newer."""
        try:
            for attempt in range(50):
                try:
                    blob = await self.r.get(K.snap(rc.room))
                    break
                except (RedisError, OSError) as e:
                    self._down(e)
                    await asyncio.sleep(min(BACKOFF_MAX, 0.1 * 2 ** attempt))
            else:
                return
            sink = self._sinks.get(cid)
            if sink is None or self._relay.get(cid) is not rc:
                return
            frames = self._snapshot_sync(blob, rc.attach.get("token")) if blob and self._snapshot_sync else None
            if frames is None:        # the room is gone (or the token no longer fits): ask the owner instead
                await self._publish_inbox(rc.room, {"k": "resync", "conn": cid})
                return
            self.stats["relay_resyncs"] += 1
            for frame, v, full in frames:
                if v is None or rc.check(v, full) == PASS:
                    sink(frame, None)
        except Exception:
            log.exception("relay resync of %s failed", cid)
        finally:
            rc.resyncing = False
            held, rc.held = rc.held, []
            sink = self._sinks.get(cid)
            for m in held:
                if sink is not None and not rc.resyncing:
                    self._relay_one(cid, rc, sink, m)

    # -- inbox -------------------------------------------------------------------------------------------------
    async def open_inbox(self, room_id: str, restore: bool = False) -> Inbox:
        if room_id in self._owned:
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        started = time.monotonic()
        try:
            e = int(await self._acquire(keys=[K.lease(room_id), K.epoch(room_id), K.snap(room_id)],
                                        args=[self.process_id, self.lease_ms, "adopt" if restore else "new",
                                              self.key_ttl_ms]))
        except (RedisError, OSError) as exc:
            self._down(exc)
            raise BusError("unavailable", "The game service is temporarily unavailable; try again.") from None
        if e == -2:
            raise BusError("room_not_found", f"There is no stored room {room_id!r}.")
        if e <= 0:
            raise BusError("room_exists", f"Room {room_id} already has an owner.")
        own = self._owned[room_id] = _Owned(_QueueInbox(), f"{self.process_id}:{e}", e, started)
        try:
            await self.ps.ssubscribe(K.inbox(room_id))
        except (RedisError, OSError) as exc:      # the pump's reconnect re-subscribes every channel
            self._down(exc)
        if restore:
            self.stats["takeovers"] += 1
            for cid, rc in self._relay.items():        # local connections of the room attach to us now
                if rc.room == room_id:
                    rc.confirmed, rc.sent_at, rc.owner = False, time.monotonic(), own.token
                    with _suppress_full():
                        own.inbox.queue.put_nowait(rc.attach)
        return own.inbox

    async def close_inbox(self, room_id: str) -> None:
        own = self._owned.pop(room_id, None)
        self._infos.pop(room_id, None)
        if own is None:
            return
        try:
            await self.ps.sunsubscribe(K.inbox(room_id))
            if not own.fenced:
                await self._release(keys=[K.lease(room_id)], args=[own.token])
        except (RedisError, OSError) as e:
            self._down(e)

    async def _publish_inbox(self, room_id: str, msg: dict) -> int:
        return await self.r.spublish(K.inbox(room_id), msgpack.packb(msg, use_bin_type=True))

    async def send(self, room_id: str, msg: dict) -> None:
        kind = msg.get("k")
        if kind == "attach":
            self._relay[msg["conn"]] = RelayConn(room_id, dict(msg))
        elif kind == "detach":
            self._relay.pop(msg.get("conn"), None)
        own = self._owned.get(room_id)
        if own is not None:
            return self._put_local(own, msg)
        if kind == "action":
            msg = dict(msg, ts=None)      # monotonic times mean nothing in another process
        deadline = time.monotonic() + 2 * self.lease_ms / 1000 + 1.0
        pause = 0.02
        while True:
            try:
                if await self._publish_inbox(room_id, msg) > 0:
                    return
                own = self._owned.get(room_id)
                if own is not None:
                    return self._put_local(own, msg)
                if kind == "detach":
                    return             # nobody to tell
                holder = await self.r.get(K.lease(room_id))
                if holder is None:
                    if not await self.r.exists(K.snap(room_id)):
                        raise BusError("room_not_found", f"There is no room {room_id!r}.")
                    if self._adopt is not None and await self._adopt(room_id):
                        own = self._owned.get(room_id)
                        if own is not None:
                            if kind == "attach":
                                return      # open_inbox queued every local attach already
                            return self._put_local(own, msg)
            except (RedisError, OSError) as e:
                self._down(e)
                raise BusError("unavailable", "The game service is temporarily unavailable; try again.") from None
            if time.monotonic() > deadline:
                raise BusError("room_busy", "The room's owner does not answer; try again.")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.25)

    @staticmethod
    def _put_local(own: _Owned, msg: dict) -> None:
        try:
            own.inbox.queue.put_nowait(msg)
        except asyncio.QueueFull:
            raise BusError("room_busy", "The room is overloaded; try again.") from None

    def _reply_key(self) -> str:
        self._n += 1
        return f"{self.process_id}:r{self._n}"

    async def reply(self, reply_to: str, answer: dict) -> None:
        pid = reply_to.split(":", 1)[0]
        if pid == self.process_id:
            fut = self._waiting.get(reply_to)
            if fut is not None and not fut.done():
                fut.set_result(answer)
            return
        try:
            await self.r.spublish(K.proc(pid), msgpack.packb({"k": "r", "id": reply_to, "a": answer},
                                                             use_bin_type=True))
        except (RedisError, OSError) as e:
            self._down(e)

    # -- ownership ---------------------------------------------------------------------------------------------
    async def _fenced_write(self, room_id: str, op: str, target: str, value: bytes = b"",
                            retry: bool = True) -> None:
        """Run the WRITE script for an owned room; waits (backing off) while Redis is unreachable when ``retry``.
        Raises BusError("fenced") when the lease is someone else's, BusError("unavailable") without ``retry``."""
        own = self._owned.get(room_id)
        if own is None or own.fenced:
            raise BusError("fenced", f"This process does not own room {room_id}.")
        pause = 0.1
        while True:
            started = time.monotonic()
            try:
                res = int(await self._write(
                    keys=[K.lease(room_id), K.epoch(room_id), K.snap(room_id), target],
                    args=[own.token, own.epoch, self.lease_ms, op, value, self.key_ttl_ms]))
                break
            except (RedisError, OSError) as e:
                self._down(e)
                if not retry:
                    raise BusError("unavailable", "Redis is unreachable.") from None
                await asyncio.sleep(pause)
                pause = min(pause * 2, BACKOFF_MAX)
                if own.fenced:
                    raise BusError("fenced", f"This process lost room {room_id}.") from None
        if not self._written(room_id, own, res, started):
            raise BusError("fenced", f"Another process owns room {room_id} now.")

    def _written(self, room_id: str, own: _Owned, res: int, started: float) -> bool:
        """Apply the answer of one fenced ``WRITE`` begun at monotonic time ``started``: 0 fences the room (False),
        1 confirms the lease, 2 confirms it and makes the room store everything again (Redis lost its data)."""
        if res == 0:
            self._fence(room_id, own)
            return False
        own.confirmed = max(own.confirmed, started)
        if res == 2:       # Redis lost its data: this owner stores the room again (snapshot, lobby entry)
            log.warning("room %s: Redis had lost its data; lease re-seeded at epoch %d", room_id, own.epoch)
            self._infos.pop(room_id, None)
            with _suppress_full():
                own.inbox.queue.put_nowait({"k": "redis_back"})
        return True

    def _fence(self, room_id: str, own: _Owned) -> None:
        if not own.fenced:
            own.fenced = True
            self.stats["fenced"] += 1
            log.warning("room %s: lease lost (fenced, epoch %d)", room_id, own.epoch)
            with _suppress_full():
                own.inbox.queue.put_nowait({"k": "fenced"})

    async def check_owner(self, room_id: str) -> bool:
        own = self._owned.get(room_id)
        if own is None:
            return True          # not (or no longer) a Redis-owned room: nothing to check
        if own.fenced:
            return False
        if time.monotonic() - own.confirmed < self.lease_ms / 2000:
            return True
        try:      # the lease may have expired while this process was paused: ask Redis before doing anything
            await self._fenced_write(room_id, "none", K.snap(room_id), retry=False)
        except BusError as e:
            return e.code != "fenced"
        return True

    async def _watchdog(self) -> None:
        """Renew owned leases, follow owners of relayed rooms, sweep orphans; never raises."""
        next_sweep = time.monotonic() + self.sweep_s
        while True:
            await asyncio.sleep(self.renew_s)
            try:
                await self.rw.ping()
                if self._up() and self.ps.connects == self._connects_seen:
                    # commands failed but pub/sub never noticed: frames may still have been lost
                    self._reconnected()
                await self._renew_all()
                await self._follow_owners()
                if time.monotonic() >= next_sweep:
                    next_sweep = time.monotonic() + self.sweep_s
                    await self._sweep()
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as e:
                self._down(e)
            except Exception:
                log.exception("watchdog step failed")

    async def _renew_all(self) -> None:
        """Renew the lease of every owned room in one pipelined round trip on the watchdog's own connection (the
        same fenced ``WRITE`` with op "none" per room, so each keeps its own key slot for Redis Cluster). A room
        whose lease is someone else's is fenced; one whose data Redis lost stores itself again. Raises RedisError
        when Redis is unreachable (the watchdog backs off)."""
        owned = [(room_id, own) for room_id, own in self._owned.items() if not own.fenced]
        if not owned:
            return
        started = time.monotonic()
        async with self.rw.pipeline(transaction=False) as pipe:
            for room_id, own in owned:
                await self._renew(keys=[K.lease(room_id), K.epoch(room_id), K.snap(room_id), K.snap(room_id)],
                                  args=[own.token, own.epoch, self.lease_ms, "none", b"", self.key_ttl_ms],
                                  client=pipe)
            results = await pipe.execute(raise_on_error=False)
        for (room_id, own), res in zip(owned, results):
            if isinstance(res, Exception) or self._owned.get(room_id) is not own:
                continue
            self._written(room_id, own, int(res), started)

    async def _follow_owners(self) -> None:
        """For every room with local connections that another process owns: adopt it if its lease is gone;
        re-attach the connections when the owner changed or an attach went unanswered."""
        rooms: dict[str, list[tuple[str, RelayConn]]] = {}
        for cid, rc in self._relay.items():
            if rc.room not in self._owned:
                rooms.setdefault(rc.room, []).append((cid, rc))
        if not rooms:
            return
        ids = list(rooms)
        leases = await self.r.mget([K.lease(r) for r in ids])
        now = time.monotonic()
        for room_id, holder in zip(ids, leases):
            if holder is None:
                if self._adopt is not None:
                    await self._adopt(room_id)      # on success open_inbox re-attached the local connections
                continue
            holder = holder.decode()
            for cid, rc in rooms[room_id]:
                stale = not rc.confirmed and now - rc.sent_at > max(1.0, self.renew_s)
                if (rc.owner is not None and rc.owner != holder) or stale:
                    rc.owner, rc.confirmed, rc.sent_at = holder, False, now
                    await self._publish_inbox(room_id, rc.attach)

    async def _sweep(self) -> None:
        """Adopt every stored room whose lease is gone (its owner died and none of its clients came back)."""
        ids = [i.decode() for i in await self.r.smembers(K.ROOMS)]
        if not ids or self._adopt is None:
            return
        leases = await self.r.mget([K.lease(r) for r in ids])
        for room_id, holder in zip(ids, leases):
            if holder is None and room_id not in self._owned:
                if not await self.r.exists(K.snap(room_id)):
                    await self.r.srem(K.ROOMS, room_id)
                    continue
                await self._adopt(room_id)

    # -- storage -----------------------------------------------------------------------------------------------
    async def save_snapshot(self, room_id: str, blob: bytes) -> None:
        """Fenced write of the snapshot; waits while Redis is down; raises BusError("fenced")."""
        await self._fenced_write(room_id, "set", K.snap(room_id), blob)

    async def load_snapshot(self, room_id: str) -> bytes | None:
        try:
            return await self.r.get(K.snap(room_id))
        except (RedisError, OSError) as e:
            self._down(e)
            raise BusError("unavailable", "Redis is unreachable.") from None

    async def delete_snapshot(self, room_id: str) -> None:
        await self._fenced_write(room_id, "del", K.snap(room_id))
        try:
            await self.r.srem(K.ROOMS, room_id)
        except (RedisError, OSError) as e:
            self._down(e)

    async def snapshot_ids(self) -> list[str]:
        return [i.decode() for i in await self.r.smembers(K.ROOMS)]

    async def put_info(self, room_id: str, info: dict) -> None:
        """Fenced write of the lobby entry (skipped when unchanged; dropped while Redis is down)."""
        if self._infos.get(room_id) == info:
            return
        try:
            await self._fenced_write(room_id, "set", K.info(room_id), json.dumps(info).encode(), retry=False)
            await self.r.sadd(K.ROOMS, room_id)
        except BusError as e:
            if e.code == "fenced":
                raise
            return
        except (RedisError, OSError) as e:
            self._down(e)
            return
        self._infos[room_id] = info

    async def drop_info(self, room_id: str) -> None:
        await self._fenced_write(room_id, "del", K.info(room_id))
        try:
            await self.r.srem(K.ROOMS, room_id)
        except (RedisError, OSError) as e:
            self._down(e)

    async def infos(self) -> list[dict]:
        """Every lobby entry; raises BusError("unavailable") while Redis is down."""
        try:
            ids = await self.r.smembers(K.ROOMS)
            raw = await self.r.mget([K.info(i.decode()) for i in ids]) if ids else []
        except (RedisError, OSError) as e:
            self._down(e)
            raise BusError("unavailable", "The room list is unavailable for a moment; try again.") from None
        return [json.loads(x) for x in raw if x is not None]

    async def info(self, room_id: str) -> dict | None:
        """One lobby entry or None; raises BusError("unavailable") while Redis is down."""
        try:
            raw = await self.r.get(K.info(room_id))
        except (RedisError, OSError) as e:
            self._down(e)
            raise BusError("unavailable", "The room is unavailable for a moment; try again.") from None
        return None if raw is None else json.loads(raw)


class _suppress_full:
    """``with _suppress_full(): queue.put_nowait(...)`` - a full local inbox drops the bus notice (the room is
    flooded anyway; the next notice repeats it)."""

    def __enter__(self):
        return self

    def __exit__(self, typ, exc, tb):
        return typ is asyncio.QueueFull
