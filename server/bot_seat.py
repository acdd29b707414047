""""Play against the computer": a server-side bot in seat 2 (POST /api/rooms with ``{"opponent": "bot"}``).

The bot is a connection-less participant inside the server process: it claims seat 2 like the HTTP join does, then
registers a sink on the bus under its own connection id (``"<process id>:bot<n>"``) and talks to the room only
through the room's inbox (``attach``/``action``/``resync`` messages), exactly as a websocket connection does. It is
fed by the room's encoded per-viewer frames (so it sees only seat 2's view) and decides with a policy of
bots/ through :class:`server.bot.BotBrain`; a searching level thinks in a worker process (server/bot_pool.py), so
the room's event loop never waits for it. It waits ``settings.bot_think`` seconds before each action
(a pace for the human opponent). The task ends when the game ends or the room closes the connection; a room restored
after a restart (or adopted from a dead process) gets a new bot in the same seat with the same policy.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time

import msgpack

from bots import POLICIES

from . import bot_pool
from .bot import BotBrain
from .bus import BusError
from .bus import messages as m

log = logging.getLogger("server.bot_seat")
_ids = itertools.count(1)


async def start_bot(hub, room_id: str, policy: str = "heuristic", deck: list | None = None,
                    label: str | None = None, token: str | None = None) -> str:
    """Claim the bot's seat of ``room_id`` (the seat reserved for a bot of this policy, else the free seat 2) with
    ``deck`` (card list; None keeps the seat's deck) and start the bot task (kept in ``hub.bots``); returns the
    bot's connection id. With ``token`` (a restored room's computer seat, server/rooms.py) the seat is taken
    already: the bot attaches with that token.

    Raises BusError when the room cannot be reached, ValueError when no seat is free."""
    if token is None:
        answer = await hub.bus.mailbox.call(room_id, m.Claim(autopass=True, bot=policy, deck=deck, label=label))
        if not answer.get("ok"):
            raise ValueError(answer.get("msg", "The seat is taken."))
        token = answer["token"]
    conn = f"{hub.process_id}:bot{next(_ids)}"
    inbox: asyncio.Queue = asyncio.Queue()
    hub.bus.fanout.attach_conn(conn, lambda frame, close: inbox.put_nowait((frame, close)))
    task = asyncio.get_running_loop().create_task(
        _run(hub, room_id, conn, token, policy, inbox), name=f"bot-{room_id}")
    hub.bots.add(task)
    task.add_done_callback(hub.bots.discard)
    return conn


async def _run(hub, room_id: str, conn: str, token: str, level: str, inbox: asyncio.Queue) -> None:
    brain = BotBrain(POLICIES[level], random.Random(), prefix="bot")
    think = hub.settings.bot_think
    try:
        await hub.bus.mailbox.send(room_id, m.Attach(conn, token, None))
        while brain.result is None:
            frame, close = await inbox.get()
            if frame is not None:
                out = brain.on_frame(msgpack.unpackb(frame))
                if out is not None:
                    await hub.bus.mailbox.send(room_id, m.Resync(conn))
            if close is not None:
                return
            if brain.my_turn and inbox.empty():
                delay = max(brain.retry_after, think)
                if delay:
                    await asyncio.sleep(delay)
                if not inbox.empty():       # the room moved on meanwhile: read first
                    continue
                # a stale answer (the room moved on while it thought) is refused by the room and changes nothing
                f = brain.next_frame(await bot_pool.decide(level, brain.view, brain.legal, brain.rng))
                if f is not None:
                    await hub.bus.mailbox.send(room_id, m.Act(conn, f["id"], f["v"], f["action"],
                                                              time.monotonic()))
    except BusError:
        pass            # the room closed
    except Exception:   # never take the process down
        log.exception("bot in room %s failed", room_id)
    finally:
        hub.bus.fanout.detach_conn(conn)
        try:
            await hub.bus.mailbox.send(room_id, m.Detach(conn))
        except BusError:
            pass
