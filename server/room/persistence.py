"""Persistence: the room's snapshot, its log entries and its commits to the bus's room store (server/bus/interfaces.py
``RoomStore``), and the record of the finished game.

Interface (:class:`Persistence`, one per room, ``room.store``):

- ``snapshot() -> bytes``: everything needed to resume the room in another process (msgpack; seat tokens only
  hashed; the journal packed beside the game snapshot);
- ``log_entry() -> bytes``: one change since the last write, for an append-only store (takes the next commit
  number);
- ``load(s, entries)``: bring a room made from snapshot dict ``s`` forward by its log ``entries``;
- ``commit(carry=None)``: the one write path of a live room: finish time, the finished game's record (once), then
  one log entry (the whole snapshot on a store that keeps no log, or when the store asks for it). Durable when it
  returns (raises BusError ``fenced`` when the lease is lost, ``unavailable`` when the store is down); the room
  commits before it broadcasts;
- ``compact()``: once ``settings.snapshot_every`` entries follow the last whole snapshot, write a whole one (it
  replaces them). The room calls it after a message's broadcast, so that no change waits for a snapshot to be
  built and written;
- ``record()``: keep the finished game in the store (server/store/record.py), once; errors are logged.
"""
from __future__ import annotations

import logging
import time

import msgpack

from ..bus import BusError
from ..clock import clocks_from_state
from ..tutorial import new_game
from .status import RoomStatus, status_from_view

log = logging.getLogger("server.room")


class Persistence:
    """The durable side of one room (module docstring)."""

    __slots__ = ("room", "seq", "logged_v", "unsnapshotted", "decks_stored")

    def __init__(self, room) -> None:
        self.room = room
        self.seq = 0                   # commits written (append-only room stores)
        self.logged_v = 0              # the version the last write of the room reached
        self.unsnapshotted = 0         # log entries written since the last whole snapshot
        self.decks_stored = False      # a write since the deal carried the decks (fixed from then on)

    # -- what is written ---------------------------------------------------------------------------------------------
    def state(self, now: float) -> dict:
        """The room's own state, without the game (msgpack-able; seat tokens only hashed)."""
        r = self.room
        s = r.seats
        return {
            "tokens": {"1": s.tokens[1], "2": s.tokens[2]},
            "autopass": {"1": s.autopass[1], "2": s.autopass[2]}, "result": r.result,
            "created": r.created, "clocks": r.clocks.to_state(now),
            "finished_ago": None if r.finished_at is None else now - r.finished_at,
            "status": r.status.value,
            "players": {"1": s.players[1], "2": s.players[2]}, "bots": s.bots,
            "started": r.started, "ended": r.ended, "recorded": r.recorded,
            "names": {"1": s.names[1], "2": s.names[2]}, "rematch": r.rematch,
            "rematch_declined": r.rematch_declined, "rematch_started": r.rematch_started, "rematch_by": r.rematch_by,
            "decks": r.decks, "deck_labels": list(r.options["decks"]), "dealt": r.game is not None,
        }

    def snapshot(self) -> bytes:
        """Everything needed to resume the room in another process (msgpack). Seat tokens appear only hashed.
        ``journal``: the room's journal at this version (server/room/journal.py ``pack``), so that a restore need
        not replay the whole game for it; like the game snapshot beside it, server-side state no frame carries."""
        r = self.room
        return msgpack.packb({
            "id": r.id, "options": r.options, "seed": r.seed, "decks": r.decks,
            "game": None if r.game is None else r.game.snapshot(), "seq": self.seq, "v": r.v,
            "journal": r.journals.pack(), **self.state(time.monotonic()),
        }, use_bin_type=True)

    def log_entry(self) -> bytes:
        """One change since the last write, for an append-only room store (msgpack): ``{"seq", "v", "actions":
        [[player, action]...] (the engine log since the last write), "room": the room's own state}``; the next
        commit number is taken. Once a write since the deal holds the decks (fixed from the deal on), the state
        leaves out ``decks`` and ``deck_labels`` (about 1.2 of 1.7 KB): a restore keeps those of the snapshot or of
        the entry that dealt."""
        r = self.room
        self.seq += 1
        actions = [] if r.game is None else r.game.log[self.logged_v:]
        state = self.state(time.monotonic())
        if self.decks_stored:          # dealt and stored already: the decks cannot change any more
            del state["decks"], state["deck_labels"]
        return msgpack.packb({"seq": self.seq, "v": r.v, "actions": actions, "room": state}, use_bin_type=True)

    # -- what is read back -------------------------------------------------------------------------------------------
    def load_state(self, s: dict, now: float) -> None:
        """Set the room's own state (everything but the game) from :meth:`state` output."""
        r = self.room
        r.seats.load_state(s)
        r.result, r.created = s["result"], s["created"]
        r.status = RoomStatus(s["status"]) if "status" in s else status_from_view(r)
        r.clocks = clocks_from_state(s["clocks"], now)
        r.finished_at = None if s["finished_ago"] is None else now - s["finished_ago"]
        r.started, r.ended, r.recorded = s.get("started"), s.get("ended"), bool(s.get("recorded"))
        r.rematch = s.get("rematch")
        r.rematch_declined = s.get("rematch_declined")
        r.rematch_by = s.get("rematch_by")
        r.rematch_started = bool(s.get("rematch_started"))
        if "decks" in s:                     # the seats' decks and labels (chosen while the room waited)
            r.decks = s["decks"]
            r.options["decks"] = list(s["deck_labels"])

    def load(self, s: dict, entries: list[bytes] = ()) -> None:
        """Bring the room (made from snapshot dict ``s``, its game restored) forward by the log ``entries``
        written after it. Raises ValueError/KeyError on a corrupt entry (also when an entry's actions do not reach
        its version), the engine's EngineError on a refused logged action."""
        r = self.room
        if r.game is not None and s.get("journal"):
            r.journals.unpack(s["journal"])
        now = time.monotonic()
        self.load_state(s, now)
        self.seq = s.get("seq", 0)
        for raw in entries:
            e = msgpack.unpackb(raw)
            if r.game is None and e["room"].get("dealt"):
                r.decks = e["room"]["decks"]       # dealt after the snapshot: deal the same game again
                r.game = new_game(r.engine, r.options, r.seed, r.decks)
            if r.game is None and e["actions"]:
                raise ValueError(f"room {r.id}: log entry {e['seq']} has actions but no game was dealt")
            for player, action in e["actions"]:
                r.game.apply(player, action)
                if r.journals.held:
                    r.journals.get().record(r.game, player)
            if r.v != e["v"]:                    # before the deal (a seat taken, a deck chosen): v 0
                raise ValueError(f"room {r.id}: log entry {e['seq']} ends at v{r.v}, not v{e['v']}")
            self.load_state(e["room"], now)
            self.seq = e["seq"]
        self.logged_v, self.unsnapshotted = r.v, len(entries)
        self.decks_stored = r.game is not None       # the snapshot or the dealing entry holds them

    # -- the one write path ------------------------------------------------------------------------------------------
    async def commit(self, carry=None) -> None:
        """Finish time and the game's record in the store (once), then make the change durable on a persistent
        room store: one log entry (append-only stores), or the whole snapshot every ``snapshot_every`` entries and
        on other stores (raises BusError("fenced") when the lease is lost). ``carry``: the change's frames that may
        ride with the log entry (server/bus/interfaces.py ``FanOut.carry``; not with a whole snapshot)."""
        r = self.room
        if r.status is RoomStatus.FINISHED and r.finished_at is None:
            r.finished_at = time.monotonic()
            r.ended = time.time()
        await self.record()
        store = r.bus.store
        if not (r.settings.snapshot_each_action and store.persistent):
            return
        whole = not store.appends
        if not whole:
            seq = self.seq
            try:
                await store.append(r.id, seq + 1, self.log_entry(), carry=carry)
                self.unsnapshotted += 1
            except BusError as e:
                self.seq = seq           # not written: the next write carries these actions again
                if e.code != "snapshot_needed":
                    raise
                whole = True             # the store lost the room's snapshot (Redis lost its data): store it whole
            except BaseException:
                self.seq = seq
                raise
        if whole:
            await store.save(r.id, self.snapshot())
            self.unsnapshotted = 0
        self.logged_v = r.v
        self.decks_stored = r.game is not None

    async def compact(self) -> None:
        """Once ``settings.snapshot_every`` log entries follow the last whole snapshot on an append-only store, write
        the whole snapshot, which replaces them (a restore then replays none). Nothing else changes: the entries
        are durable already. Raises BusError ``fenced`` when the lease is lost; any other failure is logged and the
        next call tries again."""
        r = self.room
        store = r.bus.store
        if (self.unsnapshotted < r.settings.snapshot_every or not store.appends or not store.persistent
                or not r.settings.snapshot_each_action):
            return
        try:
            await store.save(r.id, self.snapshot())
        except BusError as e:
            if e.code == "fenced":
                raise
            log.warning("room %s: the whole snapshot could not be written (%s); its log entries stay", r.id, e.code)
            return
        except Exception:
            log.exception("room %s: the whole snapshot could not be made; its log entries stay", r.id)
            return
        self.unsnapshotted = 0

    async def record(self) -> None:
        """Keep the finished game in the store (server/store/record.py), once; a store error is logged and the
        next commit, the close or the restored room tries again (recording is idempotent)."""
        r = self.room
        if r.finished_at is None or r.recorded or r.recorder is None:
            return
        try:
            await r.recorder(r)
            r.recorded = True
        except Exception:
            log.exception("room %s: the finished game could not be recorded", r.id)
