"""bench/gc_threshold.py: what each ``--policies`` item sets on the server."""
from __future__ import annotations

import pytest

from bench.gc_threshold import policy_settings


def test_timed_keeps_the_server_defaults():
    assert policy_settings("timed") == {}


def test_timed_with_seconds_sets_the_young_collection_interval():
    assert policy_settings("timed:0.05") == {"gc_young_interval": 0.05}


def test_a_number_turns_the_timer_off_and_sets_that_threshold():
    assert policy_settings("10000") == {"gc_young_interval": 0, "gc_threshold0": 10000}


def test_an_unknown_policy_is_refused():
    with pytest.raises(ValueError):
        policy_settings("often")
