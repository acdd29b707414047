"""Messages for a room this process no longer runs (it closed, or was handed over, while the message was on its
way): each is answered instead of dropped, so every websocket join gets an answer (docs/reliability.md "Joins racing
a room's end").

On Redis a message is published to the room's inbox channel; the publish counts this process's subscription until
the room's unsubscribe has reached Redis, so the sender believes it delivered. :func:`answer_orphans` hooks the
mailbox's ``on_orphan``: a join gets ``unavailable`` and the close 1013 (the browser reconnects; the retry finds the
room's next owner, or ``room_not_found`` once it is gone), a call (claim, deck, rematch, status) the answer
``unavailable`` (HTTP 503), an action ``unavailable`` with its id.
"""
from __future__ import annotations

import asyncio
import logging

from protocol.messages import Error

from . import wire
from .bus import messages as m

log = logging.getLogger("berserk.orphans")
SENTENCE = "The room is closing or moving to another server; try again."


async def answer(bus, room_id: str, msg) -> None:
    """Answer one orphaned message ``msg`` of room ``room_id`` (module docstring). Never raises."""
    try:
        if getattr(msg, "reply_to", ""):
            await bus.mailbox.reply(msg.reply_to, {"ok": False, "code": "unavailable", "msg": SENTENCE})
        elif isinstance(msg, m.Attach):
            await bus.fanout.deliver([msg.conn], wire.encode(Error.of("unavailable", msg=SENTENCE)),
                                     wire.CLOSE_SERVER_FULL)
        elif isinstance(msg, m.Act):
            await bus.fanout.deliver([msg.conn], wire.encode(Error.of("unavailable", msg=SENTENCE, id=msg.id)))
    except Exception:
        log.exception("room %s: a message that came after its end could not be answered", room_id)


def answer_orphans(bus) -> None:
    """Hook :func:`answer` into ``bus.mailbox.on_orphan`` when the mailbox has that hook (the Redis bus)."""
    if not hasattr(bus.mailbox, "on_orphan"):
        return
    tasks: set = set()

    def on_orphan(room_id: str, msg) -> None:
        task = asyncio.get_running_loop().create_task(answer(bus, room_id, msg))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    bus.mailbox.on_orphan = on_orphan
