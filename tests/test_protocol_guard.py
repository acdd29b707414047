"""Abuse policy: bad frames are answered and tolerated up to a limit, then the connection is closed with 4xxx."""
from protocol import Guard
from protocol.errors import CLOSE_ABUSE, CLOSE_CODES, CLOSE_RATE_LIMITED, ERRORS, ProtocolError

import pytest


def test_burst_is_admitted_then_limited():
    g = Guard(rate=1.0, burst=3)
    assert [g.admit(0.0) for _ in range(4)] == [True, True, True, False]


def test_tokens_refill_with_time():
    g = Guard(rate=2.0, burst=1)
    assert (g.admit(0.0), g.admit(0.1), g.admit(0.6)) == (True, False, True)


def test_a_few_malformed_frames_keep_the_connection():
    g = Guard(max_strikes=3)
    for _ in range(3):
        g.record("malformed_frame")
    assert g.close_code is None


def test_repeated_malformed_frames_close_with_abuse_code():
    g = Guard(max_strikes=3)
    for _ in range(4):
        g.record("unknown_message")
    assert g.close_code == CLOSE_ABUSE == 4006


def test_game_refusals_are_not_strikes():
    g = Guard(max_strikes=0)
    for code in ("stale", "illegal_action", "not_your_turn"):
        g.record(code)
    assert g.close_code is None


def test_repeated_rate_limiting_closes_with_rate_code():
    g = Guard(rate=0.0, burst=0, max_limited=2)
    for _ in range(3):
        g.admit(0.0)
    assert g.close_code == CLOSE_RATE_LIMITED == 4007


def test_rate_limited_count_decays_over_time():
    g = Guard(rate=0.0, burst=0, max_limited=2, limited_decay=1.0)
    for t in (0.0, 0.0, 3.0, 3.0, 6.0, 6.0):      # two limited frames every 3 s: forgiven faster than they come
        g.admit(t)
    assert g.close_code is None


def test_backing_off_client_is_never_closed():
    g = Guard(rate=20.0, burst=2, max_limited=5)
    t, admitted = 0.0, 0
    for _ in range(2000):                         # an instant bot: tries, and on rate_limited waits one token time
        if g.admit(t):
            admitted += 1
        else:
            t += 1 / 20.0
    assert admitted >= 999 and g.close_code is None


def test_flood_faster_than_the_decay_still_closes():
    g = Guard(rate=1.0, burst=1, max_limited=10, limited_decay=1.0)
    for i in range(100):                          # 10 frames/s against 1/s allowed and 1/s forgiven
        g.admit(i / 10)
    assert g.close_code == CLOSE_RATE_LIMITED


def test_close_codes_are_private_use():
    assert all(4000 <= code <= 4999 for code in CLOSE_CODES)


def test_unknown_error_code_cannot_be_raised():
    with pytest.raises(ValueError):
        ProtocolError("no_such_code")


def test_every_error_code_has_a_sentence():
    assert all(isinstance(s, str) and s.endswith(".") for s in ERRORS.values())
