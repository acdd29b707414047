"""The journal finds a version's new events at the end of each view's log (server/journal.py ``Journal.record``,
CPU per client action): the log is in seq order, so only its new tail and the one event before
it are read, and the journal keeps exactly the events past the last one it saw."""
from __future__ import annotations

from types import SimpleNamespace

from server.journal import VIEWERS, Journal


class Event(dict):
    """An event that counts how often its ``seq`` is read."""

    reads = 0

    def get(self, key, default=None):
        if key == "seq":
            Event.reads += 1
        return super().get(key, default)


def _game(version: int, upto: int, window: int = 100):
    log = [Event(type="x", seq=s) for s in range(max(1, upto - window + 1), upto + 1)]
    view = {"turn": 1, "log": log}
    return SimpleNamespace(version=version, view=lambda viewer: view)


def _reads(window: int) -> int:
    journal = Journal()
    journal.record(_game(1, 1000, window), None)
    Event.reads = 0
    journal.record(_game(2, 1002, window), 1)       # two new events at the end of a log of ``window``
    return Event.reads


def test_recording_a_version_reads_only_the_new_tail_of_each_view_log():
    assert _reads(10) == _reads(1000) <= len(VIEWERS) * 6     # whatever the log's length: its tail only


def test_the_journal_keeps_exactly_the_events_after_the_last_seen_one():
    journal = Journal()
    journal.record(_game(1, 100), None)
    journal.record(_game(2, 102), 1)
    journal.record(_game(3, 102), 2)                # nothing new: no entry
    entries = journal.groups[1][-1]["entries"]
    assert [[e["seq"] for e in en["events"]] for en in entries] == [list(range(1, 101)), [101, 102]]
    assert [en["v"] for en in entries] == [1, 2]
