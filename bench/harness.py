"""Bot-vs-bot games through a real server process, with spectators, checked on every frame.

``python -m bench.harness --games N [--seed S] [--spectators K] [--reconnect P]`` (tests/harness/ runs it on a
small N in CI). Each game: a room on ``python -m server`` (secret random seed, starter decks), a heuristic bot and a
random bot seated, K spectators; every client randomly drops its websocket (probability P after each frame) and
reconnects with its seat token, re-sending an unanswered action with the same id. After the game the harness takes
the seed and action log revealed in the final view's ``replay`` and replays the game in a shadow ``engine.Game``,
version by version, and checks:

1. **No hidden card reaches a viewer** (docs/protocol.md §5): for every raw frame (msgpack bytes as received) at
   version v, no msgpack-encoded instance id (``k<n>``) of a card hidden from that viewer at v and never shown to it
   before, and no pool card id whose card is hidden from it (for pool ids with a single copy in the game: a unique
   marker). Hidden = in a deck, in another player's deal or recruits, or face down and controlled by the other
   player (engine/view.py). The final version is exempt: the replay is public by design.
2. **Diff-applied state equals a fresh view**: after every sync/diff the client's view (minus the room's ``room`` /
   ``replay`` / ``journal`` keys) equals the shadow game's ``view(viewer)`` at that version, its ``journal`` (the
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
from collections import Counter

import httpx
import msgpack

from engine import Game
from bots import heuristic_policy, random_policy
from server.bot import BotBrain
from server.journal import Journal

from .servers import ServerProcess

STRIP = ("room", "replay", "journal")
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
                async with connect(self.url, max_size=16 * 2**20, compression=None) as ws:
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


def _hidden(g: Game, viewer) -> set[str]:
    out = set(g.decks[1]) | set(g.decks[2])
    for p in (1, 2):
        if p != viewer:
            out |= set(g.deals[p]) | set(g.recruits[p])
    for cid in g.board.values():
        c = g.cards[cid]
        if c.hidden and c.controller != viewer:
            out.add(cid)
    return out


def check_game(clients: list[Client]) -> list[str]:
    """Replay the game in a shadow engine and run checks 1, 2 and 4 of the module docstring; returns failures."""
    fails = [f for c in clients for f in c.failures]
    final = clients[0].brain.view
    replay = final.get("replay")
    if replay is None:
        return fails + ["the final view carries no replay"]
    seed, decks, log = replay["seed"], replay["decks"], replay["log"]
    g = Game.new(seed, decks[0], decks[1])
    journal = Journal()
    journal.record(g, None)
    counts = Counter(decks[0] + decks[1])
    unique_pool = {k for k, n in counts.items() if n == 1}
    last_v = len(log)
    by_viewer: dict = {}
    for c in clients:
        frames: dict[int, list[bytes]] = {}
        for v, data in c.raw:
            if v is not None:
                frames.setdefault(v, []).append(data)
        by_viewer.setdefault(c.viewer, []).append((c, frames))
    known = {w: set() for w in by_viewer}
    known_pool = {w: set() for w in by_viewer}
    for v in range(last_v + 1):
        if v > 0:
            p, a = log[v - 1]
            g.apply(p, a)
            journal.record(g, p)
        for w, items in by_viewer.items():
            hidden = _hidden(g, w)
            forbidden = hidden - known[w]
            forbidden_pool = {g.cards[i].defkey for i in hidden if g.cards[i].defkey in unique_pool} - known_pool[w]
            if v < last_v:
                markers = [msgpack.packb(i) for i in forbidden] + [msgpack.packb(k) for k in forbidden_pool]
                for c, frames in items:
                    for data in frames.get(v, ()):
                        leaked = [m for m in markers if m in data]
                        if leaked:
                            fails.append(f"viewer {w} v{v}: hidden marker {msgpack.unpackb(leaked[0])} in a frame")
            fresh, legal = None, None
            for c, _ in items:
                state = c.states.get(v)
                if state is None:
                    continue
                if fresh is None:
                    fresh = g.view(w)
                    legal = g.legal_actions(w) if w in (1, 2) and g.result is None and g.to_act() == w else None
                view = {k: x for k, x in state[0].items() if k not in STRIP}
                if view != fresh:
                    fails.append(f"viewer {w} v{v}: diff-applied view differs from a fresh view")
                if state[0].get("journal") != journal.view(w):
                    fails.append(f"viewer {w} v{v}: the game log (journal) differs from the game's")
                if (state[1] or None) != (legal or None):
                    fails.append(f"viewer {w} v{v}: legal actions differ from the engine's")
            visible = {i for i in g.cards if i not in hidden}
            known[w] |= visible
            known_pool[w] |= {g.cards[i].defkey for i in visible}
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
    names = sorted((await _get(server.http + "/api/decks")))
    decks = [names[seed % len(names)], names[(seed + 1) % len(names)]]
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
    fails = check_game(clients)
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
                r = await play_game(server, s, spectators, reconnect)
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
    print(f"games={len(reports)} failed={bad} versions={sum(r['v'] for r in reports)} "
          f"frames={sum(r['frames'] for r in reports)} reconnects={sum(r['reconnects'] for r in reports)} "
          f"seconds={time.perf_counter() - t0:.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
