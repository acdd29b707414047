"""One sha256 of everything seeded rooms send, for "frames unchanged" before and after a change (docs/performance.md
"What is measured").

Drives real rooms (server.room ``Room`` on the memory bus, no sockets) through their inbox handler with fixed seeds
and deterministic actions: a creator in seat 1, a spectator, chat, a claim of seat 2 and a deck choice, random
legal actions with a repeated action id, a stale one and a spectator resync every tenth action, a reconnect of seat
2, a concession, two rematch asks, a late spectator, then ``Room.snapshot_sync`` of the final snapshot and a restored
room's lobby entry. Every frame delivered (decoded, with its connections, close code and version), every reply and
every lobby entry is hashed, without the wall-time ``clocks`` and ``created`` fields; the seat token and the rematch
id, which are random, are masked.

``python -m bench.frame_hash [--rooms 5] [--steps 120] [--other DIR]``: prints the hash of this checkout, and with
``--other DIR`` (e.g. ``git archive <commit> | tar -x -C DIR``) the hash of that checkout in a subprocess, and
whether they are equal. Run with ``BERSERK_PURE=1`` in both, or with the same engine build.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import subprocess
import sys

import msgpack


def _clean(x):
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items() if k not in ("clocks", "created")}
    if isinstance(x, list):
        return [_clean(v) for v in x]
    return x


def _recording_bus(got: list):
    """A memory bus whose fan-out, replies and lobby entries are recorded into ``got`` instead of delivered."""
    from server.bus import memory_bus
    bus = memory_bus()

    async def deliver(conns, data, close=None, **kw):
        frame = None if data is None else _clean(msgpack.unpackb(data, strict_map_key=False))
        got.append((sorted(conns), frame, close, kw.get("v"), kw.get("full")))

    async def deliver_all(room, sends, carry=None):      # recorded as the frames delivered one by one
        for conns, data, v, full in sends:
            await deliver(conns, data, room=room, v=v, full=full)

    async def reply(to, answer):
        got.append(("reply", _clean(answer)))

    async def put(room_id, info):
        got.append(("lobby", _clean(info)))
    bus.fanout.deliver, bus.mailbox.reply, bus.lobby.put = deliver, reply, put
    bus.fanout.deliver_all = deliver_all
    return bus


async def _room(seed: int, steps: int, h) -> int:
    """Play one seeded room into ``h``; returns the frames and answers recorded."""
    import engine as ENGINE
    from server.bus import messages as m
    from server.metrics import Metrics
    from server.room import Room
    from server.settings import Settings
    got: list = []
    decks = sorted(ENGINE.starter_decks())
    opts = {"decks": [decks[seed % len(decks)], None], "clock": {"base": 600, "increment": 5}, "spectators": True}
    room, token1 = Room.create(f"r{seed}", opts, ENGINE, _recording_bus(got), Settings(fixed_seed=seed), Metrics(),
                               player="pA", name="Ann")
    handle = getattr(room, "handle", None) or room._handle      # older checkouts: the private name
    await handle(m.Attach("c1", token1))
    await handle(m.Attach("s", None))
    await handle(m.Say("s", "hello"))
    await handle(m.Claim(autopass=bool(seed % 2), reply_to="x", player="pB", bot=None, name="Bob"))
    token2 = next(g[1]["token"] for g in reversed(got) if g[0] == "reply" and g[1].get("token"))
    for g in got:
        if g[0] == "reply" and g[1].get("token") == token2:
            g[1]["token"] = "T"
    await handle(m.Attach("c2", token2))
    await handle(m.ChooseDeck(token2, ENGINE.load_deck(decks[(seed + 1) % len(decks)]), "lbl"))
    await handle(m.Say("c1", "hi"))
    await handle(m.Status(reply_to="y"))
    rng = random.Random(seed)
    for n in range(1, steps + 1):
        p = room.game.to_act()
        if room.versions.game.result is not None or p is None:
            break
        legal = room.versions.game.legal_actions(p)
        action = rng.choice([a for a in legal if a.get("act") != "concede"] or legal)
        await handle(m.Act(f"c{p}", f"a{n}", room.v, action, None))
        if n % 10 == 0:
            await handle(m.Act(f"c{p}", f"a{n}", room.v - 1, action, None))    # a repeated id
            await handle(m.Act(f"c{p}", f"s{n}", 0, action, None))              # a stale version
            await handle(m.Resync("s"))
        if n == 15:
            await handle(m.Detach("c2"))
            await handle(m.Attach("c2", token2))
    await handle(m.Act("c1", "cc", room.v, {"act": "concede"}, None))
    await handle(m.Rematch(player="pA", reply_to="z"))
    await handle(m.Rematch(player="pB", reply_to="z2"))
    await handle(m.Attach("late", None))
    snap = room.snapshot()
    frames = Room.snapshot_sync(snap, None, ENGINE, Settings(fixed_seed=seed))
    got.append(("snapshot_sync", [_clean(msgpack.unpackb(f, strict_map_key=False)) for f, _, _ in frames]))
    restored = Room.restore(snap, ENGINE, _recording_bus([]), Settings(fixed_seed=seed), Metrics())
    got.append(("restored", restored.v, restored.status.value, _clean(restored.info())))
    for g in got:
        h.update(repr(g).replace(room.rematch or "\0", "RM").encode())
    return len(got)


def measure(rooms: int, steps: int) -> str:
    """The hex sha256 over ``rooms`` seeded rooms (seeds 1..rooms) of up to ``steps`` actions each."""
    h = hashlib.sha256()
    for seed in range(1, rooms + 1):
        asyncio.run(_room(seed, steps, h))
    return h.hexdigest()


def _in(root: str, rooms: int, steps: int) -> str:
    code = (f"import sys; sys.path.insert(0, {root!r}); sys.path.insert(1, {os.path.dirname(__file__)!r}); "
            f"import frame_hash; print(frame_hash.measure({rooms}, {steps}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=5)
    ap.add_argument("--steps", type=int, default=120)
    ap.add_argument("--other", help="another checkout to hash in a subprocess")
    args = ap.parse_args(argv)
    mine = measure(args.rooms, args.steps)
    print(f"this checkout: {mine}")
    if args.other:
        theirs = _in(os.path.abspath(args.other), args.rooms, args.steps)
        print(f"{args.other}: {theirs}")
        print("frames equal" if mine == theirs else "FRAMES DIFFER")


if __name__ == "__main__":
    main()
