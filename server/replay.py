"""Replays of recorded games: the engine replays a stored game (seed, decks, action log) and answers the view of any
version for a viewer, through the engine's own projection (``Game.view``), so a replay shows exactly what that
viewer saw then: a spectator never sees a hidden card, a seat sees its own hand.

One replay pass keeps an engine snapshot every ``STEP`` versions, the turn number after each version and the
complete log of each viewer (server/journal.py, built when first asked); the view of version ``v`` is then the nearest snapshot plus fewer
than ``STEP`` actions. The last ``KEEP`` replayed games stay cached (per viewer for the logs).
"""
from __future__ import annotations

import asyncio
import collections

from .journal import Journal

STEP = 25         # versions between two kept engine snapshots
KEEP = 8          # replayed games kept in memory


class ReplayMismatch(Exception):
    """The stored action log does not reproduce the stored game (a corrupt record or an incompatible engine)."""


def _ended_by_the_room(record: dict) -> bool:
    """The recorded game was ended by its room, not by the engine: aborted (server/room/endings.py), so the engine's
    game has no result of its own and the record's result is the room's."""
    return (record.get("result") or {}).get("reason") == "aborted"


class Replay:
    """One recorded game replayed once. ``n`` = its last version; ``turns`` = ``[{"turn", "v"}]``, the first
    version of each turn (turn 0 = the preliminary phase). Raises ReplayMismatch when the log is refused by the
    engine or does not end at the recorded version with a result (the engine's, or the room's for an aborted game)."""

    def __init__(self, engine, record: dict) -> None:
        self.engine = engine
        self.record = record
        self.log = record["log"]
        g = self._new()
        self.keys: dict[int, bytes] = {0: g.snapshot()}
        self.turn_at = [g.view(None)["turn"]]
        self._journal: Journal | None = None
        try:
            for v, (player, action) in enumerate(self.log, 1):
                g.apply(player, action)
                if v % STEP == 0:
                    self.keys[v] = g.snapshot()
                self.turn_at.append(g.view(None)["turn"])
        except engine.EngineError as e:
            raise ReplayMismatch(f"the log is refused at version {len(self.turn_at)}: {e}") from None
        self.n = len(self.log)
        self.final = g
        if g.version != record["version"] or (g.result is None and not _ended_by_the_room(record)):
            raise ReplayMismatch(f"the replay ends at version {g.version}, the record at {record['version']}")
        self.turns = []
        for v, turn in enumerate(self.turn_at):
            if not self.turns or self.turns[-1]["turn"] != turn:
                self.turns.append({"turn": turn, "v": v})

    def _new(self):
        decks = self.record["decks"]
        return self.engine.Game.new(seed=self.record["seed"], deck1=decks[0], deck2=decks[1])

    def game_at(self, v: int):
        """The engine game after version ``v`` (0 <= v <= n)."""
        k = v - v % STEP
        g = self.engine.Game.restore(self.keys[k])
        for player, action in self.log[k:v]:
            g.apply(player, action)
        return g

    def view(self, v: int, viewer: int | None) -> dict:
        """The engine view of ``viewer`` (1, 2 or None = spectator) after version ``v``; its ``log`` is the
        engine's recent-events window (the complete log is :meth:`full_log`)."""
        return self.game_at(v).view(viewer)

    def full_log(self, viewer: int | None) -> list[dict]:
        """Every event ``viewer`` saw, grouped and numbered by turn (server/journal.py shape; built on the first
        call: one more replay pass)."""
        if self._journal is None:
            self._journal = Journal.rebuild(self.engine, self.record["seed"], self.record["decks"], self.log)
        return self._journal.groups[viewer]


class ReplayCache:
    """The last KEEP replayed games: ``await cache.get(game_id)`` -> Replay | None (no such game)."""

    def __init__(self, engine, store, keep: int = KEEP) -> None:
        self.engine, self.store, self.keep = engine, store, keep
        self._games: collections.OrderedDict[str, Replay] = collections.OrderedDict()

    async def get(self, game_id: str) -> Replay | None:
        """The replay of a recorded game, or None. Raises ReplayMismatch for a record that does not replay."""
        replay = self._games.get(game_id)
        if replay is None:
            record = await self.store.get_game(game_id)
            if record is None:
                return None
            replay = await asyncio.to_thread(Replay, self.engine, record)   # seconds for a long game: off the loop
            self._games[game_id] = replay
            while len(self._games) > self.keep:
                self._games.popitem(last=False)
        self._games.move_to_end(game_id)
        return replay
