"""Bot-vs-bot games through a real server process, with spectators, checked on every frame.

``python -m bench.harness --games N [--seed S] [--spectators K] [--reconnect P]`` (tests/harness/ runs it on a
small N in CI). Each game: a room on ``python -m server`` (secret random seed, two of the preconstructed decks), a heuristic bot and a
random bot seated, K spectators; every client randomly drops its websocket (probability P after each frame) and
reconnects with its seat token, re-sending an unanswered action with the same id. After the game the harness reads
the seed, decks and action log from the server's record of the game (its SQL store, :func:`recorded_game`: no frame
carries them) and replays the game in a shadow ``engine.Game``, version by version, and checks:

1. **No hidden card reaches a viewer** (docs/protocol.md §5), by bench/leaks.py's model of every legitimate reveal
   (``revealed`` to all, ``peeked`` and ``looked`` to their player): no raw frame (msgpack bytes as received) at
   version v carries the instance id (``k<n>``) of a card hidden from that viewer at v that it never legitimately
   knew, nor the pool id of such a card when the pool id is unique in the game; no event of the client's view or
   journal names a face-down card's alias with that card's id or pool id, or was rewritten from an id to an alias.
   Hidden = in a deck, in another player's deal or recruits, or face down and controlled by the other player
   (engine/view.py). The final version too: a finished room's frames reveal nothing more.
2. **Diff-applied state equals a fresh view**: after every sync/diff the client's view (minus the room's ``room`` /
   ``journal`` keys) equals the shadow game's ``view(viewer)`` at that version, its ``journal`` (the
   complete log, server/journal.py) equals a journal fed with the shadow game, and its ``legal`` equals
   ``legal_actions(viewer)`` (or nil when it is not asked).
3. **Reconnects resume exactly**: a reconnect's sync at the version the client left equals the view it had; every
   client ends at the same version with the same result.
4. **Replay**: ``Game.replay(seed, decks, log)`` reaches the final version and result, and its views equal the
   clients' final views.

Prints one line per game and a summary; exit status 1 on any failed check.
"""
from __future__ import annotations

import argparse
import asyncio
import copy
import random
import sys
import time

import httpx
import msgpack

from engine import Game
from bots import heuristic_policy, random_policy
from server.bot import BotBrain
from server.journal import Journal

from .leaks import LeakModel
from .servers import ServerProcess

STRIP = ("room", "journal")
MAX_ACTIONS = 400


class Client:
    """One harness client: a BotBrain (a spectator when ``policy`` is None) over a websocket, recording every raw
    frame and the state after every change of version."""

    def __init__(self, url: str, room: str, token: str | None, viewer, policy, rng: random.Random,
                 reconnect: float) -> None:
        self.url, self.room, self.token, self.viewer = url, room, token, viewer
        self.brain = BotBrain(policy, rng, prefix=f"p{viewer}-", max_actions=MAX_ACTIONS)
        self.rng, self.reconnect = rng, reconnect
        self.raw: list[tuple[int | None, bytes]] = []         # (frame v, bytes)
        self.states: dict[int, tuple[dict, list | None]] = {}  # v -> (view, legal) as the client holds it
        self.reconnects = 0
        self.failures: list[str] = []

    def _record(self) -> None:
        b = self.brain
        if b.v is not None and b.view is not None:
            self.states[b.v] = (copy.deepcopy(b.view), copy.deepcopy(b.legal))

    async def run(self, timeout: float) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed
        b = self.brain
        async with asyncio.timeout(timeout):
            while b.result is None:
                left_at = (b.v, copy.deepcopy(b.view))
                try:
                    ws = await connect(self.url, max_size=16 * 2**20, compression=None)
                except (TimeoutError, OSError):         # a loaded machine: the handshake timed out; try again
                    self.reconnects += 1
                    continue
                async with ws:
                    await ws.send(msgpack.packb(b.join_frame(self.room, self.token)))
                    first = True
                    try:
                        while b.result is None:
                            data = await ws.recv()
                            f = msgpack.unpackb(data)
                            self.raw.append((f.get("v"), data))
                            out = b.on_frame(f)
                            if first and f["t"] == "sync":
                                first = False
                                if left_at[0] is not None and f["v"] == left_at[0] and f["view"] != left_at[1]:
                                    self.failures.append(f"viewer {self.viewer}: resumed view at v{f['v']} differs")
                                if b.pending_frame is not None:        # retry the unanswered action, same id
                                    await ws.send(msgpack.packb(b.pending_frame))
                            self._record()
                            if out is not None:
                                await ws.send(msgpack.packb(out))
                            if b.result is None and self.rng.random() < self.reconnect:
                                self.reconnects += 1
                                break                                  # drop the socket, reconnect
                            if b.my_turn:
                                if b.retry_after:
                                    await asyncio.sleep(b.retry_after)
                                frame = b.next_frame()
                                if frame is not None:
                                    await ws.send(msgpack.packb(frame))
                    except ConnectionClosed:
                        self.reconnects += 1


def _check_viewer(g: Game, model: LeakModel, journal: Journal, w, items, v: int) -> list[str]:
    """Checks 1 and 2 of the module docstring for viewer ``w``'s clients at version ``v``."""
    fails = []
    for c, frames in items:
        for data in frames.get(v, ()):
            fails += [f"v{v}: {f}" for f in model.check_bytes(g, w, data)]
    fresh, legal = None, None
    for c, _ in items:
        state = c.states.get(v)
        if state is None:
            continue
        if fresh is None:
            fresh = g.view(w)
            legal = g.legal_actions(w) if w in (1, 2) and g.result is None and g.to_act() == w else None
        view = {k: x for k, x in state[0].items() if k not in STRIP}
        fails += [f"v{v}: {f}" for f in model.check_view(g, w, dict(view, journal=state[0].get("journal")))]
        if view != fresh:
            fails.append(f"viewer {w} v{v}: diff-applied view differs from a fresh view")
        if state[0].get("journal") != journal.view(w):
            fails.append(f"viewer {w} v{v}: the game log (journal) differs from the game's")
        if (state[1] or None) != (legal or None):
            fails.append(f"viewer {w} v{v}: legal actions differ from the engine's")
    return fails


async def recorded_game(server: ServerProcess, room_id: str) -> dict | None:
    """The server's record of the finished game ``room_id`` (server/store ``get_game``: ``seed``, ``decks``, ``log``
    among others), read from the server process's SQLite store (``server.data_dir``), or None when it has none."""
    from server.settings import Settings
    from server.store import open_store
    store = open_store(Settings(data_dir=server.data_dir))
    await store.start()
    try:
        return await store.get_game(room_id)
    finally:
        await store.close()


def check_game(clients: list[Client], record: dict | None) -> list[str]:
    """Replay the game of ``record`` (the server's record of it, :func:`recorded_game`) in a shadow engine and run
    checks 1, 2 and 4 of the module docstring; returns failures."""
    fails = [f for c in clients for f in c.failures]
    final = clients[0].brain.view
    if record is None:
        return fails + ["the server recorded no game"]
    seed, decks, log = record["seed"], record["decks"], record["log"]
    g = Game.new(seed, decks[0], decks[1])
    journal = Journal()
    journal.record(g, None)
    model = LeakModel(g)
    last_v = len(log)
    by_viewer: dict = {}
    for c in clients:
        frames: dict[int, list[bytes]] = {}
        for v, data in c.raw:
            if v is not None:
                frames.setdefault(v, []).append(data)
        by_viewer.setdefault(c.viewer, []).append((c, frames))
    for v in range(last_v + 1):
        if v > 0:
            p, a = log[v - 1]
            g.apply(p, a)
            journal.record(g, p)
            model.observe(g)
        for w, items in by_viewer.items():
            fails += _check_viewer(g, model, journal, w, items, v)
    again = Game.replay(seed, decks[0], decks[1], log)
    if again.version != last_v or again.snapshot() != g.snapshot():
        fails.append("seed + log do not replay to the same final state")
    for c in clients:
        b = c.brain
        if b.v != last_v:
            fails.append(f"viewer {c.viewer} ended at v{b.v}, the game at v{last_v}")
        if b.result != final["room"]["result"]:
            fails.append(f"viewer {c.viewer} got result {b.result}")
        if {k: x for k, x in b.view.items() if k not in STRIP} != again.view(c.viewer):
            fails.append(f"viewer {c.viewer}: final view differs from the replay's")
    return fails


async def play_game(server: ServerProcess, seed: int, spectators: int = 1, reconnect: float = 0.02,
                    timeout: float = 300.0) -> dict:
    """One checked game (see the module docstring); returns ``{"seed", "v", "result", "reconnects", "frames",
    "failures", "seconds"}``."""
    rng = random.Random(seed)
    names = [d["id"] for d in sorted((await _get(server.http + "/api/decks")), key=lambda d: d["name"]["en"])]
    n = len(names)
    decks = [names[seed % n], names[(seed // n + seed + 1) % n]]   # every preconstructed deck, in varied pairs
    t0 = time.perf_counter()
    async with httpx.AsyncClient() as c:
        room = (await c.post(server.http + "/api/rooms", json={"decks": decks})).json()
        seat2 = (await c.post(f"{server.http}/api/rooms/{room['room']}/join", json={})).json()
    h = 1 + seed % 2
    pols = {h: heuristic_policy, 3 - h: random_policy}
    tokens = {1: room["token"], 2: seat2["token"]}
    clients = [Client(server.ws, room["room"], tokens[p], p, pols[p], random.Random(rng.random()), reconnect)
               for p in (1, 2)]
    clients += [Client(server.ws, room["room"], None, None, None, random.Random(rng.random()), reconnect)
                for _ in range(spectators)]
    await asyncio.gather(*(cl.run(timeout) for cl in clients))
    # in a thread: a long game's check holds the CPU for seconds, which would time out the other games' connects
    record = await recorded_game(server, room["room"])
    fails = await asyncio.to_thread(check_game, clients, record)
    return {"seed": seed, "v": clients[0].brain.v, "result": clients[0].brain.result,
            "reconnects": sum(c.reconnects for c in clients), "frames": sum(len(c.raw) for c in clients),
            "failures": fails, "seconds": time.perf_counter() - t0}


async def _get(url: str):
    async with httpx.AsyncClient() as c:
        return (await c.get(url)).json()


async def run_games(games: int, seed: int = 1, spectators: int = 1, reconnect: float = 0.02,
                    parallel: int = 2, out=print) -> list[dict]:
    """Start a server process, play ``games`` checked games (``parallel`` at a time); returns the reports."""
    reports: list[dict] = []
    with ServerProcess(rate_per_sec=1000, rate_burst=1000) as server:
        sem = asyncio.Semaphore(parallel)

        async def one(s: int) -> None:
            async with sem:
                try:
                    r = await play_game(server, s, spectators, reconnect)
                except Exception as e:                  # one broken game is a failure of that game, not the run
                    r = {"seed": s, "v": None, "result": None, "reconnects": 0, "frames": 0, "seconds": 0.0,
                         "failures": [f"the game could not be played: {e!r}"[:300]]}
            reports.append(r)
            out(f"game seed={r['seed']} v={r['v']} result={r['result']} reconnects={r['reconnects']} "
                f"frames={r['frames']} failures={len(r['failures'])} seconds={r['seconds']:.1f}")
            for f in r["failures"][:10]:
                out("  FAIL " + f)
        await asyncio.gather(*(one(seed + i) for i in range(games)))
    return reports


def main(argv: list[str] | None = None) -> int:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m bench.harness")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spectators", type=int, default=2)
    ap.add_argument("--reconnect", type=float, default=0.02, help="probability to drop after each frame")
    ap.add_argument("--parallel", type=int, default=2)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    reports = asyncio.run(run_games(args.games, args.seed, args.spectators, args.reconnect, args.parallel))
    bad = sum(1 for r in reports if r["failures"])
    print(f"games={len(reports)} failed={bad} versions={sum(r['v'] or 0 for r in reports)} "
          f"frames={sum(r['frames'] for r in reports)} reconnects={sum(r['reconnects'] for r in reports)} "
          f"seconds={time.perf_counter() - t0:.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
