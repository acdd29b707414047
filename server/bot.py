"""A bot client: ``python -m server.bot --url ws://HOST:PORT/ws --room ID [--token=T] [--policy heuristic|random]``.

:class:`BotBrain` is the transport-free part (used by this websocket client, by the server-side "play against the
computer" seat in server/bot_seat.py and by the harness in bench/harness.py): it keeps the viewer's state from
``sync``/``diff`` frames exactly as docs/protocol.md §4 tells a client to (apply a diff on v-1, ignore an old one,
``resync`` on a gap), and when the game waits for it, builds the next ``action`` frame from a policy of
bots/policies.py (``policy(view, legal, rng) -> action``). Without ``--token`` the bot only watches (a spectator) and
prints the result.

Exit status: 0 when the game ended (the result is printed), 1 when the connection closed before that.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sys

import msgpack

from bots import POLICIES
from protocol import apply

#: Seconds to wait after a ``rate_limited`` answer before acting again (about one token of the default 20/s limit).
RETRY_AFTER = 0.06


class BotBrain:
    """State and decisions of one bot (or a spectator when ``seated`` is False).

    ``policy``: bots/policies.py policy; ``rng``: its random.Random; ``prefix``: action id prefix (ids are
    ``<prefix><n>``, unique per seat as docs/protocol.md §2 requires). Attributes: ``view``, ``v``, ``you``,
    ``legal``, ``result`` (the ``end`` frame's result), ``pending`` (the id of the action awaiting its answer),
    ``retry_after`` (seconds the transport should wait before :meth:`next_frame`, after a ``rate_limited``),
    ``applied`` (own actions accepted), ``errors`` (error frames received).
    """

    def __init__(self, policy=None, rng: random.Random | None = None, prefix: str = "b",
                 max_actions: int | None = None) -> None:
        self.policy, self.rng = policy, rng or random.Random()
        self.prefix, self.max_actions = prefix, max_actions
        self._ids = itertools.count(1)
        self.view: dict | None = None
        self.v: int | None = None
        self.you = None
        self.legal: list | None = None
        self.result: dict | None = None
        self.pending: str | None = None
        self.pending_frame: dict | None = None
        self.awaiting_sync = False
        self.retry_after = 0.0
        self.applied = 0
        self.errors: list[dict] = []

    def on_frame(self, f: dict) -> dict | None:
        """Take one decoded server frame; returns a frame to send at once (a ``resync``) or None.

        Raises ValueError for a diff whose ops do not fit the view (never from a correct server)."""
        t = f.get("t")
        if t == "sync":
            self.view, self.v, self.you, self.legal = f["view"], f["v"], f["you"], f["legal"]
            self.awaiting_sync = False
        elif t == "diff":
            if self.awaiting_sync or self.v is None or f["v"] <= self.v:
                pass           # waiting for a sync, or a repeated answer: already applied
            elif f["v"] != self.v + 1:
                self.awaiting_sync = True
                return {"t": "resync"}
            else:
                self.view, self.v, self.legal = apply(self.view, f["ops"]), f["v"], f["legal"]
            if f.get("id") is not None and f["id"] == self.pending:
                self.pending, self.pending_frame = None, None
                self.applied += 1
        elif t == "end":
            self.result = f["result"]
        elif t == "error":
            self.errors.append(f)
            if f.get("id") is not None and f["id"] == self.pending:
                self.pending, self.pending_frame = None, None
                if f.get("code") == "rate_limited":
                    self.retry_after = RETRY_AFTER
        return None

    @property
    def my_turn(self) -> bool:
        """True when this bot should act now (the game waits for it and no action of its own is unanswered)."""
        return (self.policy is not None and self.result is None and bool(self.legal) and self.pending is None
                and not self.awaiting_sync and self.view is not None and self.view.get("result") is None)

    def next_frame(self, action: dict | None = None) -> dict | None:
        """The next ``action`` frame when :attr:`my_turn`, else None (concedes after ``max_actions`` actions).
        ``action``: the decision when it was made elsewhere (server/bot_pool.py), else the policy decides now."""
        if not self.my_turn:
            return None
        self.retry_after = 0.0
        if self.max_actions is not None and self.applied >= self.max_actions:
            action = {"act": "concede"}
        elif action is None:
            action = self.policy(self.view, self.legal, self.rng)
        self.pending = f"{self.prefix}{next(self._ids)}"
        self.pending_frame = {"t": "action", "id": self.pending, "v": self.v, "action": action}
        return self.pending_frame

    def join_frame(self, room: str, token: str | None) -> dict:
        """The ``join`` frame (``v`` = the last version seen, for a reconnect)."""
        return {"t": "join", "room": room, "token": token, "v": self.v, "pv": 1}


async def run(url: str, room: str, token: str | None, policy_name: str = "heuristic", seed: int | None = None,
              think: float = 0.0) -> dict | None:
    """Play (or watch, without ``token``) one game over a websocket; returns the result or None if closed early.

    ``think``: seconds to wait before each own action (0 = act at once)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed
    brain = BotBrain(POLICIES[policy_name] if token else None, random.Random(seed), prefix="bot")
    async with connect(url, max_size=16 * 2**20, compression=None) as ws:
        await ws.send(msgpack.packb(brain.join_frame(room, token)))
        try:
            while brain.result is None:
                out = brain.on_frame(msgpack.unpackb(await ws.recv()))
                if out is not None:
                    await ws.send(msgpack.packb(out))
                if brain.errors and brain.errors[-1].get("id") is None and brain.v is None:
                    print(f"refused: {brain.errors[-1]['code']}: {brain.errors[-1]['msg']}", file=sys.stderr)
                    return None
                if brain.my_turn:
                    delay = max(brain.retry_after, think)
                    if delay:
                        await asyncio.sleep(delay)
                    frame = brain.next_frame()
                    if frame is not None:
                        await ws.send(msgpack.packb(frame))
        except ConnectionClosed as e:
            print(f"connection closed: {e.rcvd.code if e.rcvd else None}", file=sys.stderr)
            return None
    return brain.result


def main(argv: list[str] | None = None) -> int:
    """CLI entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m server.bot", description="A Berserk bot player over websocket.")
    ap.add_argument("--url", required=True, help="websocket endpoint, e.g. ws://127.0.0.1:8000/ws")
    ap.add_argument("--room", required=True)
    ap.add_argument("--token", default=None,
                    help="seat token from the lobby, written --token=T (a token may begin with '-'); without it "
                         "the bot only watches")
    ap.add_argument("--policy", choices=sorted(POLICIES), default="heuristic")
    ap.add_argument("--seed", type=int, default=None, help="seed of the bot's own random choices")
    ap.add_argument("--think", type=float, default=0.0, help="seconds to wait before each action")
    args = ap.parse_args(argv)
    result = asyncio.run(run(args.url, args.room, args.token, args.policy, args.seed, args.think))
    if result is None:
        return 1
    print(f"result: winner={result['winner']} reason={result['reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
