"""Chaos: both players of a room, on different processes, answer every new version at the same moment
("simultaneous cross-process passes"; the frozen-priority failures of other servers). The player to act sends
an action, the other a pass built on the same version: exactly one is applied per version, the other is refused,
nobody waits forever, and both processes end on the same version as the stored log."""
from __future__ import annotations

import asyncio
import itertools
import random

from tests.chaos.probe import record
from tests.server.harness import Player, create_room, join_seat
from tests.server.multiproc import stored_version

_ids = itertools.count(1)
VERSIONS = 30


async def _duel(a: Player, b: Player, seed: int) -> dict:
    rng = random.Random(seed)
    out = {"applied": 0, "refused": {}, "unanswered": 0}
    start = a.v
    while a.v < start + VERSIONS and a.result is None:
        v = a.v
        ids = {}
        for p in (a, b):
            if p.legal:
                choices = [x for x in p.legal if x["act"] != "concede"] or p.legal
                action = rng.choice(choices)
            else:
                action = {"act": "pass"}
            ids[p] = f"x{next(_ids)}"
            await p.send({"t": "action", "id": ids[p], "v": v, "action": action})
        for p in (a, b):
            try:
                f = await p.until(lambda f, i=ids[p]: f.get("id") == i and f["t"] in ("diff", "error"), 10)
            except (asyncio.TimeoutError, TimeoutError):
                out["unanswered"] += 1
                continue
            if f["t"] == "diff":
                out["applied"] += 1
            else:
                out["refused"][f["code"]] = out["refused"].get(f["code"], 0) + 1
        for p in (a, b):
            await p.catch_up(max(a.v, b.v))
    return out


async def test_simultaneous_actions_from_two_processes_apply_exactly_once_per_version(pair):
    redis_server, p1, p2 = pair
    results, equal = [], []
    for seed in range(2):
        room = await create_room(p1.http)
        seat2 = await join_seat(p2.http, room["room"])
        a = await Player.join(p1.ws, room["room"], room["token"])
        b = await Player.join(p2.ws, room["room"], seat2["token"])
        v0 = a.v
        res = await _duel(a, b, seed)
        stored = stored_version(redis_server.client(), room["room"])   # durable before broadcast: never behind
        for p in (a, b):                                                 # the frames of what is stored
            await p.catch_up(stored)
        equal.append(a.v == b.v == stored_version(redis_server.client(), room["room"]))
        res["advanced"] = a.v - v0
        results.append(res)
    applied = sum(r["applied"] for r in results)
    refused: dict[str, int] = {}
    for r in results:
        for k, n in r["refused"].items():
            refused[k] = refused.get(k, 0) + n
    record("simultaneous cross-process actions, 2 rooms x 30 versions", applied=applied,
           versions=sum(r["advanced"] for r in results), refused=refused,
           unanswered=sum(r["unanswered"] for r in results), same_version_everywhere=all(equal))
    assert all(equal) and sum(r["unanswered"] for r in results) == 0
    assert applied <= sum(r["advanced"] for r in results)          # never two applications for one version
    assert set(refused) <= {"not_your_turn", "stale", "illegal_action", "game_over"}
