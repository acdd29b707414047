"""The SQL store fails under a live single process (server/store_outage.py): PostgreSQL stopped mid-game, the SQLite
disk full (a small tmpfs). Each time: the action that cannot be committed is answered ``unavailable``, /healthz is
503, the room commits it by itself once the store is back; then the store fails again, a change is held, the process
is killed (``kill -9``) and started again: every acknowledged action is there, the held one is not.

The full disk is a real one: a 16 MB tmpfs mounted for the test (the suite runs as root, as CI does) holding the
data directory, filled up with a file; freeing the file brings the store back."""
from __future__ import annotations

import errno
import os
import random
import subprocess
import tempfile

import httpx
import pytest

from tests.chaos.probe import record
from tests.server.harness import Player, create_room, join_seat
from tests.server.multiproc import ServerProc, wait_for
from tests.store.postgres import PostgresServer

DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]
SETTINGS = dict(fixed_seed=5, rate_per_sec=1000.0, rate_burst=1000, snapshot_every=1000)
MAX_TRIES = 400           # actions tried before the store must have failed one


class Game:
    """Both seats of one room; ``acked`` = [(v, view of seat 1)] after every acknowledged action."""

    def __init__(self, server) -> None:
        self.server = server
        self.rng = random.Random(5)
        self.unavailable = 0
        self.games = 0

    @classmethod
    async def start(cls, server) -> "Game":
        game = cls(server)
        await game.new_room()
        return game

    async def new_room(self) -> None:
        """A new room with both seats connected; ``acked`` starts afresh (it is this room's)."""
        room = await create_room(self.server.http, decks=DECKS, autopass=False)
        two = await join_seat(self.server.http, room["room"], autopass=False)
        self.room, self.tokens = room["room"], {1: room["token"], 2: two["token"]}
        self.seats = {p: await Player.join(self.server.ws, self.room, self.tokens[p]) for p in (1, 2)}
        self.acked: list[tuple[int, dict]] = []
        self.games += 1

    async def step(self) -> dict:
        """One random legal action of the seat to act (never a concession; a game that ended by the rules is
        followed by a new room); returns its answer."""
        if self.seats[1].view["result"] is not None or self.seats[1].view["to_act"] is None:
            for s in self.seats.values():
                await s.close()
            await self.new_room()
        p = self.seats[1].view["to_act"]
        answer = await self.seats[p].act(self.rng.choice([a for a in self.seats[p].legal if a["act"] != "concede"]))
        if answer["t"] == "diff":
            for s in self.seats.values():
                await s.catch_up(answer["v"])
            self.acked.append((answer["v"], self.seats[1].view))
        elif answer["code"] == "unavailable":
            self.unavailable += 1
        return answer

    async def play(self, n: int) -> None:
        for _ in range(n):
            assert (await self.step())["t"] == "diff"

    async def until_held(self) -> dict:
        """Act until an action is answered ``unavailable`` (the store failed); returns that answer."""
        for _ in range(MAX_TRIES):
            answer = await self.step()
            if answer["t"] == "error":
                assert answer["code"] == "unavailable", answer
                return answer
        pytest.fail(f"the store never failed an action in {MAX_TRIES} tries")


def _health(server) -> int | None:
    try:
        return httpx.get(server.http + "/healthz", timeout=5).status_code
    except httpx.HTTPError:
        return None


async def _outage_then_kill(start, fail, back, name: str) -> None:
    """The scenario of the module docstring; ``start()`` a healthy server on the store, ``fail()`` / ``back()``
    break and mend the store."""
    server = start()
    try:
        game = await Game.start(server)
        await game.play(10)
        fail()
        held = await game.until_held()
        player = next(s for s in game.seats.values() if s.you == game.seats[1].view["to_act"])
        assert held["v"] == player.v
        wait_for(lambda: _health(server) == 503, 15, "/healthz 503 while the store cannot be written")
        back()
        ack = await player.until(lambda f: f.get("id") == held["id"] and f["t"] == "diff", timeout=30)
        for s in game.seats.values():
            await s.catch_up(ack["v"])
        game.acked.append((ack["v"], game.seats[1].view))
        wait_for(lambda: _health(server) == 200, 15, "/healthz 200 once the store writes again")
        await game.play(5)
        fail()
        await game.until_held()
    finally:
        server.kill()                                                       # kill -9 with the change held
    back()
    for s in game.seats.values():
        await s.close()
    again = start()
    try:
        last_v, last_view = game.acked[-1]
        seat1 = await Player.join(again.ws, game.room, game.tokens[1])
        assert seat1.v == last_v and seat1.view == last_view
        record(f"store fault ({name})", acknowledged=len(game.acked), lost=0, unavailable=game.unavailable,
               resumed_at=seat1.v, rooms=game.games)
    finally:
        again.stop()


async def test_postgresql_stopped_mid_game_then_kill_9_loses_no_acknowledged_action():
    with PostgresServer() as pg:
        await _outage_then_kill(lambda: ServerProc("", database=pg.url, **SETTINGS).wait_healthy(),
                                pg.stop, pg.start, "PostgreSQL stopped")


class FullDisk:
    """A 16 MB tmpfs holding the data directory; :meth:`fill` takes its free space, :meth:`free` gives it back."""

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="berserk-tmpfs-")
        out = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", self.dir], capture_output=True,
                             text=True)
        if out.returncode != 0:
            pytest.fail(f"cannot mount a tmpfs (the chaos suite runs as root): {out.stderr.strip()}")
        self.data = os.path.join(self.dir, "data")
        self.filler = os.path.join(self.dir, "filler")

    def fill(self) -> None:
        """Write zeros until the tmpfs refuses (ENOSPC). Unbuffered: a buffered file would keep the refused part of
        a short write and raise ENOSPC again when closed."""
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            block = bytes(64 * 1024)
            while True:
                os.write(fd, block)
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise
        finally:
            os.close(fd)

    def free(self) -> None:
        if os.path.exists(self.filler):
            os.unlink(self.filler)

    def close(self) -> None:
        subprocess.run(["umount", "-l", self.dir], capture_output=True)
        os.rmdir(self.dir)


async def test_a_full_sqlite_disk_then_kill_9_loses_no_acknowledged_action():
    disk = FullDisk()
    try:
        await _outage_then_kill(lambda: ServerProc("", data_dir=disk.data, **SETTINGS).wait_healthy(),
                                disk.fill, disk.free, "SQLite disk full")
    finally:
        disk.close()
