"""The relay's version filter (server/bus/redis/relay.py): pub/sub may lose frames, so every relayed frame is checked."""
from __future__ import annotations

from server.bus.messages import Attach
from server.bus.redis.relay import DROP, GAP, PASS, RelayConn


def conn(last=None) -> RelayConn:
    return RelayConn("room", Attach("c1"), last=last)


def test_next_version_passes_and_advances():
    c = conn(5)
    assert c.check(6, False) == PASS and c.last == 6


def test_repeated_or_older_diff_is_dropped():
    c = conn(5)
    assert c.check(5, False) == DROP and c.check(3, False) == DROP and c.last == 5


def test_skipped_version_is_a_gap():
    c = conn(5)
    assert c.check(7, False) == GAP and c.last == 5


def test_diff_before_any_sync_is_a_gap():
    assert conn().check(4, False) == GAP


def test_sync_resets_but_never_goes_back():
    c = conn(5)
    assert c.check(9, True) == PASS and c.last == 9
    assert c.check(8, True) == DROP and c.last == 9
    assert c.check(9, True) == PASS


def test_unversioned_frames_always_pass():
    c = conn(5)
    assert c.check(None, False) == PASS and c.last == 5
