"""One process's connection to Redis, shared by the four Redis seams: the clients, the pub/sub pump, the watchdog,
and the health state (``fault()``, metrics).

* **Clients.** ``r``: the command pool (``POOL_SIZE`` connections; a busy pool makes a command *wait*, it is not an
  outage); ``rw``: the watchdog's own two connections, so lease renewals never queue behind room traffic; ``ps``:
  the pub/sub connection (sharded channels).
* **Pump.** Reads every subscribed channel and routes each message: a room inbox channel (``bz:{R}:in``) to
  ``on_inbox(room, data)``, this process's channel (``bz:proc:{P}``) by kind to ``on_proc[kind](msg)``. The pump is
  also the only task that sends (un)subscriptions: :meth:`subscribe` / :meth:`unsubscribe` change the set of
  ``wanted`` channels and the pump brings the connection to it between two reads, again after every reconnect.
  (Callers used to ``SSUBSCRIBE`` on the pub/sub connection while the pump read or reconnected it: redis-py then
  failed with ``AttributeError`` or a connection error, and recorded nothing, so the channel was never subscribed
  again - an adopted room stayed deaf to its inbox for good.)
* **Watchdog.** Every ``lease_renew`` s runs each job of ``periodic`` (owner following, which may adopt rooms;
  departures sent again; a dead relay's connections detached), and
  every ``orphan_sweep`` s the jobs of ``sweeps``. The jobs of ``renewals`` (lease renewal) run every ``lease_renew``
  s in a loop of their own, so a slow watchdog step (restoring adopted rooms) never delays a renewal: a process
  whose renewals waited behind its adoptions lost its own leases under load, and the rooms went back and forth.
* **Outage.** Redis errors never end the process: ``down(exc)`` marks it (``/healthz`` 503, ``berserk_redis_up 0``),
  loops back off up to ``BACKOFF_MAX`` s, and when pub/sub comes back every hook of ``on_reconnect`` runs once
  (whatever was published meanwhile is gone: the seams resync).
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Awaitable, Callable

import msgpack
import redis.asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import NoScriptError, RedisError

from . import keys as K

log = logging.getLogger("server.bus.redis")
BACKOFF_MAX = 2.0        # s between retries of commands while Redis is unreachable
PUMP_BACKOFF_MAX = 0.25  # s between reconnection attempts of the pub/sub pump (re-subscribed within 1 s of Redis)
POOL_SIZE = 64           # connections of a process's command pool; more commands wait for a free connection
POOL_WAIT = 10.0         # s a command waits for a free pooled connection before it counts as a Redis failure
PUMP_READ = 0.1          # s the pump waits for a message before it looks at the wanted subscriptions again
SUBSCRIBE_WAIT = 2.0     # s subscribe() waits for the pump's attempt to subscribe (it keeps trying afterwards)

#: what the seams catch from redis-py (connection errors surface as RedisError or plain OSError)
ERRORS = (RedisError, OSError)


class _PubSub(PubSub):
    """A PubSub that counts (re)connections: redis-py re-subscribes by itself after a reconnect, but whatever was
    published meanwhile is gone, so the bus must resync when the count grows. ``heal``: seconds the last loss of the
    subscription lasted (from the first failed read to the re-subscription)."""

    connects = 0
    lost_at: float | None = None
    heal = 0.0

    def lost(self) -> None:
        if self.lost_at is None:
            self.lost_at = time.monotonic()

    async def _reconnect(self, conn, *args, **kwargs):
        self.lost()
        return await super()._reconnect(conn, *args, **kwargs)

    async def on_connect(self, connection) -> None:
        self.connects += 1
        await super().on_connect(connection)
        if self.lost_at is not None:
            self.heal, self.lost_at = time.monotonic() - self.lost_at, None


class RedisLink:
    """The Redis connection of one process. ``url``: redis://host:port/db; ``settings``: server Settings
    (``lease_ttl``, ``lease_renew``, ``orphan_sweep``, ``redis_key_ttl``)."""

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
        self.adopt: Callable[[str], Awaitable[bool]] | None = None     # Rooms.adopt (bind)
        self.on_inbox: Callable[[str, dict], None] = lambda room, m: None
        self.on_proc: dict[str, Callable[[dict], None]] = {}
        self.on_reconnect: list[Callable[[], None]] = []
        self.periodic: list[Callable[[], Awaitable[None]]] = []
        self.renewals: list[Callable[[], Awaitable[None]]] = []
        self.sweeps: list[Callable[[], Awaitable[None]]] = []
        self.metrics: list[Callable[[], list[str]]] = []
        self._tasks: list[asyncio.Task] = []
        self.wanted: set[str] = set()               # sharded channels this process must be subscribed to
        self._subs_changed = False
        self._subs_waiters: list[asyncio.Future] = []
        self._down_since: float | None = None
        self._down_reason = ""
        self._connects_seen = 0
        self._back_at = -1e9
        self.stats = {"reconnects": 0, "takeovers": 0, "fenced": 0, "relay_resyncs": 0, "relay_gaps": 0,
                      "frames_lost": 0, "frames_carried": 0, "dead_relay_conns": 0, "errors": 0}

    # -- lifecycle ---------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Connect, subscribe to this process's channel, start the pump and the watchdog. Raises RedisError when
        Redis cannot be reached at start-up (the process should not pretend to serve)."""
        self.r = self._client(POOL_SIZE)
        self.rw = self._client(2)
        await self.r.ping()
        self.ps = _PubSub(self.r.connection_pool, ignore_subscribe_messages=True)
        self.wanted.add(K.proc(self.process_id))
        await self.ps.ssubscribe(K.proc(self.process_id))
        self._connects_seen = self.ps.connects
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._pump(), name="redis-pump"),
                       loop.create_task(self._watchdog(), name="redis-watchdog"),
                       loop.create_task(self._renewer(), name="redis-renewer")]

    def _client(self, size: int) -> aioredis.Redis:
        """A client whose pool holds at most ``size`` connections and makes a command *wait* for a free one
        (BlockingConnectionPool) instead of failing with "Too many connections": a busy pool is not an outage.

        The retry policy must be redis-py's *asyncio* ``Retry``: the synchronous ``redis.retry.Retry`` given to an
        asyncio pool never reconnects (its ``call_with_retry`` returns the coroutine un-awaited, so the error
        escapes the retry loop), and a pub/sub connection killed by Redis then stayed dead until the next health
        check, 10-15 s later (measured: 10.0 s with it, 0.05 s with the asyncio one)."""
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, max_connections=size, timeout=POOL_WAIT, socket_connect_timeout=1.0, socket_timeout=3.0,
            health_check_interval=10, retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 2))
        return aioredis.Redis(connection_pool=pool)

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=1.0)      # bounded: see RedisFanOut.close
        for closer in (self.ps and self.ps.aclose, self.r and self.r.aclose, self.rw and self.rw.aclose):
            if closer is not None:
                try:
                    await closer()
                except ERRORS:
                    pass

    async def subscribe(self, channel: str) -> None:
        """Want a sharded channel; returns once the pump tried to subscribe it (at most ``SUBSCRIBE_WAIT`` s; on a
        Redis error it keeps trying, and subscribes it again after every reconnect)."""
        if channel in self.wanted:
            return
        self.wanted.add(channel)
        self._subs_changed = True
        if not self._tasks:        # not started (or closed): nothing pumps
            return
        fut = asyncio.get_running_loop().create_future()
        self._subs_waiters.append(fut)
        try:
            async with asyncio.timeout(SUBSCRIBE_WAIT):      # (not wait_for: see outbox.py)
                await fut
        except (asyncio.TimeoutError, TimeoutError):
            pass

    async def unsubscribe(self, channel: str) -> None:
        """Stop wanting a sharded channel (the pump unsubscribes it)."""
        if channel in self.wanted:
            self.wanted.discard(channel)
            self._subs_changed = True

    async def _reconcile(self) -> None:
        """(Pump task only) bring the pub/sub connection's subscriptions to ``wanted``. Raises RedisError /
        OSError; waiters of :meth:`subscribe` are released either way."""
        self._subs_changed = False
        try:
            ps = self.ps
            gone = {c.decode() if isinstance(c, bytes) else c for c in ps.pending_unsubscribe_shard_channels}
            have = {c.decode() if isinstance(c, bytes) else c for c in ps.shard_channels} - gone
            add, drop = self.wanted - have, have - self.wanted
            if add:
                await ps.ssubscribe(*sorted(add))
            if drop:
                await ps.sunsubscribe(*sorted(drop))
        except BaseException:
            self._subs_changed = True          # tried again after the next read (or reconnect)
            raise
        finally:
            waiters, self._subs_waiters = self._subs_waiters, []
            for fut in waiters:
                if not fut.done():
                    fut.set_result(None)

    @staticmethod
    async def run_scripts(client: aioredis.Redis, calls: list[tuple]) -> list:
        """Run ``[(script, keys, args)]`` (registered scripts) in one pipelined round trip; the answers in order
        (an error answer as its exception). redis-py's own pipelining of scripts sends ``SCRIPT EXISTS`` first, one
        more round trip and command per pipeline; here a script Redis does not know (the first use, or it restarted
        and lost its scripts: ``NOSCRIPT``, nothing ran) is loaded once and the calls it refused run again in one
        more pipelined round trip. A single call goes without a pipeline (cheaper for the client; the usual lobby
        flush at low load). Raises RedisError / OSError."""
        if len(calls) == 1:
            script, keys, args = calls[0]
            return [await script(keys=keys, args=args)]
        async with client.pipeline(transaction=False) as pipe:
            for script, keys, args in calls:
                pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
            results = await pipe.execute(raise_on_error=False)
        again = [i for i, res in enumerate(results) if isinstance(res, NoScriptError)]
        if again:
            for script in {id(calls[i][0]): calls[i][0] for i in again}.values():
                script.sha = await client.script_load(script.script)
            async with client.pipeline(transaction=False) as pipe:
                for i in again:
                    script, keys, args = calls[i]
                    pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
                for i, res in zip(again, await pipe.execute(raise_on_error=False)):
                    results[i] = res
        return results

    async def publish(self, channel: str, msg: dict) -> int:
        """``SPUBLISH`` a msgpack map; returns how many subscribers got it. Raises RedisError / OSError."""
        return await self.r.spublish(channel, msgpack.packb(msg, use_bin_type=True))

    # -- health ------------------------------------------------------------------------------------------------
    def fault(self) -> str | None:
        if self._down_since is None:
            return None
        return f"Redis is unreachable since {time.monotonic() - self._down_since:.1f} s ({self._down_reason})."

    @property
    def is_down(self) -> bool:
        return self._down_since is not None

    def recovering(self, window: float = 10.0) -> bool:
        """Redis is down, or came back less than ``window`` s ago (it may have lost its data: a missing key then
        proves nothing yet)."""
        return self._down_since is not None or time.monotonic() - self._back_at < window

    def metric_lines(self) -> list[str]:
        s = self.stats
        out = ["# HELP berserk_redis_up 1 while Redis answers, 0 during an outage.", "# TYPE berserk_redis_up gauge",
               f"berserk_redis_up {0 if self._down_since is not None else 1}",
               "# HELP berserk_redis_resubscribe_seconds How long the last loss of the pub/sub subscription lasted.",
               "# TYPE berserk_redis_resubscribe_seconds gauge",
               f"berserk_redis_resubscribe_seconds {self.ps.heal if self.ps is not None else 0.0:.3f}"]
        for extra in self.metrics:
            out += extra()
        for key, text in (("reconnects", "Reconnections to Redis after an outage."),
                          ("takeovers", "Rooms adopted from Redis (their owner was gone)."),
                          ("fenced", "Rooms dropped because another process holds their lease."),
                          ("relay_gaps", "Version gaps seen on relayed frames."),
                          ("relay_resyncs", "Relayed connections resynced (a frame was lost, or no checkpoint came)."),
                          ("frames_lost", "Frames for another process given up after its outbox TTL."),
                          ("frames_carried", "Frames for another process published by their change's APPEND."),
                          ("dead_relay_conns", "Relayed connections detached because their relay process died."),
                          ("errors", "Redis operations that failed.")):
            name = f"berserk_redis_{key}_total"
            out += [f"# HELP {name} {text}", f"# TYPE {name} counter", f"{name} {s[key]}"]
        return out

    def down(self, exc: BaseException) -> None:
        """Count a failed Redis operation; the first one of an outage marks Redis unreachable."""
        self.stats["errors"] += 1
        if self._down_since is None:
            self._down_since = time.monotonic()
            self._down_reason = type(exc).__name__
            log.warning("Redis unreachable: %s", exc)

    def up(self) -> bool:
        """Mark Redis reachable; True when it was down until now."""
        if self._down_since is None:
            return False
        log.warning("Redis reachable again after %.1f s", time.monotonic() - self._down_since)
        self._down_since = None
        return True

    def reconnected(self) -> None:
        """Pub/sub came back: frames may have been lost both ways; every reconnect hook runs once."""
        self.stats["reconnects"] += 1
        self._back_at = time.monotonic()
        for hook in self.on_reconnect:
            try:
                hook()
            except Exception:
                log.exception("reconnect hook failed")

    # -- pub/sub pump ------------------------------------------------------------------------------------------
    async def _pump(self) -> None:
        """Read this process's subscriptions forever; back off while Redis is down; resync after a reconnect."""
        backoff = 0.1
        while True:
            try:
                if self._subs_changed:
                    await self._reconcile()
                msg = await self.ps.get_message(ignore_subscribe_messages=True, timeout=PUMP_READ)
                backoff = 0.1
            except asyncio.CancelledError:
                raise
            except (*ERRORS, AttributeError) as e:   # AttributeError: redis-py's connection torn down mid-command
                self.down(e)
                self.ps.lost()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, PUMP_BACKOFF_MAX)
                continue
            if self.ps.connects != self._connects_seen:
                self._connects_seen = self.ps.connects
                self._subs_changed = True        # redis-py re-subscribed what it knew of: check against wanted
                self.up()
                self.reconnected()
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
            self.on_inbox(K.room_of_inbox(ch), m)
            return
        handler = self.on_proc.get(m.get("k"))
        if handler is not None:
            handler(m)

    # -- watchdog ----------------------------------------------------------------------------------------------
    async def _renewer(self) -> None:
        """Run the renewal jobs every ``renew_s``, whatever the watchdog is doing; never raises."""
        while True:
            await asyncio.sleep(self.renew_s)
            try:
                for job in self.renewals:
                    await job()
            except asyncio.CancelledError:
                raise
            except ERRORS as e:
                self.down(e)
            except Exception:
                log.exception("lease renewal failed")

    async def _watchdog(self) -> None:
        """Run the periodic jobs every ``renew_s`` and the sweeps every ``sweep_s``; never raises."""
        next_sweep = time.monotonic() + self.sweep_s
        while True:
            await asyncio.sleep(self.renew_s)
            try:
                await self.rw.ping()
                if self.up() and self.ps.connects == self._connects_seen:
                    # commands failed but pub/sub never noticed: frames may still have been lost
                    self.reconnected()
                for job in self.periodic:
                    await job()
                if time.monotonic() >= next_sweep:
                    next_sweep = time.monotonic() + self.sweep_s
                    for job in self.sweeps:
                        await job()
            except asyncio.CancelledError:
                raise
            except ERRORS as e:
                self.down(e)
            except Exception:
                log.exception("watchdog step failed")
