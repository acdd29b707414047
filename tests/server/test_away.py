"""The seats away (server/room/away.py, docs/server.md "Leavers and aborts"): the room task sleeps until the next
grace end it has not announced, even when its event loop woke it a little before that instant; a connection's
departure reaches its room even through a full inbox."""
from __future__ import annotations

from server.bus import messages as m
from server.bus.memory import INBOX_SIZE
from server.room.away import Away
from tests.server.harness import seated_room


def test_a_grace_end_not_yet_announced_stays_the_rooms_deadline_after_its_instant_passed():
    away = Away(2.0)
    away.left(2, 100.0)
    assert away.due(101.9995) == []                 # woken half a millisecond early: nothing to announce yet
    assert away.deadline(102.0005) == 102.0         # past, but not announced: the room wakes at once
    assert away.due(102.0005) == [2]
    assert away.deadline(102.0005) is None          # announced: nothing left to wait for


def test_a_returning_seat_is_no_longer_a_deadline():
    away = Away(2.0)
    away.left(1, 10.0)
    away.back(1)
    assert away.deadline(11.0) is None and away.due(13.0) == []


async def test_a_seat_whose_connection_leaves_while_the_rooms_inbox_is_full_is_still_away():
    room = await seated_room("r-flooded", seed=3)
    inbox = await room.bus.mailbox.open_inbox(room.id)
    for _ in range(INBOX_SIZE):                        # a flood the room has not read yet
        await room.bus.mailbox.send(room.id, m.Resync("nobody"))
    await room.bus.mailbox.send(room.id, m.Detach("c2"))          # seat 2's only connection is gone
    while (msg := await inbox.get(0)) is not None:
        await room.handle(msg)
    assert room.audience.seat_conn[2] is None and 2 in room.away.since
