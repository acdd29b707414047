"""The seats away (server/room/away.py, docs/server.md "Leavers and aborts"): the room task sleeps until the next
grace end it has not announced, even when its event loop woke it a little before that instant."""
from __future__ import annotations

from server.room.away import Away


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
