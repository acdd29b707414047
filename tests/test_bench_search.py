"""bench.search_speed: the expert's decisions it times are reproducible (the same positions and choices in every
run, which the alternating comparison relies on) and run within their iteration budget. No timing is asserted."""
from __future__ import annotations

from bench import search_speed


def test_the_same_positions_are_decided_the_same_way_in_every_run():
    first, second = search_speed.decide(2, 3, 5), search_speed.decide(2, 3, 5)
    assert first["digest"] == second["digest"]
    assert [d["action"] for d in first["decisions"]] == [d["action"] for d in second["decisions"]]


def test_each_decision_searches_within_its_iteration_budget():
    run = search_speed.decide(3, 4, 5)
    assert len(run["decisions"]) == 3
    assert all(1 <= d["iterations"] <= 4 for d in run["decisions"])
    assert search_speed.summary(run)["iterations"] == sum(d["iterations"] for d in run["decisions"])
