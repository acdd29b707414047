"""The probes that find the latency tail (event-loop lag, GC pauses, room phases) on /metrics,
and the GC policy (frozen start-up heap, generation-0 threshold, the collector on a timer). Structural only: no
timing asserted."""
from __future__ import annotations

import asyncio
import gc
import sys
import weakref

import httpx
import pytest

from server.app import create_app
from server.metrics import GENERATIONS, PHASES, Histogram, Metrics
from server.probes import Collector, GcTimer, LoopLag, serve_switch_interval, settle_heap
from server.settings import Settings

from tests.server.fake_engine import ENGINE
from tests.server.harness import LiveServer, Player, create_room, join_seat


def _samples(text: str) -> dict[str, float]:
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
            for line in text.splitlines() if line and not line.startswith("#")}


async def test_gc_is_frozen_after_start_up_with_the_configured_threshold(live_factory):
    live_factory(gc_threshold0=12345)
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == 12345


def test_shutdown_unfreezes_and_restores_the_thresholds():
    before = gc.get_threshold()
    with LiveServer(create_app(Settings(gc_threshold0=23456), engine=ENGINE)):
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_a_negative_threshold_is_refused_and_changes_nothing():
    before = gc.get_threshold(), gc.get_freeze_count()
    with pytest.raises(ValueError):
        settle_heap(-1)
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


def test_the_gil_switch_interval_is_the_setting_while_serving_and_restored_at_shutdown():
    before = sys.getswitchinterval()
    with LiveServer(create_app(Settings(switch_interval=0.0007), engine=ENGINE)):
        assert sys.getswitchinterval() == pytest.approx(0.0007)
    assert sys.getswitchinterval() == before


def test_a_switch_interval_that_is_not_positive_is_refused_and_changes_nothing():
    before = sys.getswitchinterval()
    with pytest.raises(ValueError):
        serve_switch_interval(0.0)
    assert sys.getswitchinterval() == before


@pytest.mark.parametrize("bad", [{"gc_threshold0": -1}, {"loop_lag_interval": 0.0}, {"switch_interval": -1.0},
                                 {"gc_young_interval": -0.1}, {"gc_full_interval": 0.0}])
def test_the_app_refuses_probe_settings_that_cannot_work(bad):
    with pytest.raises(ValueError, match=next(iter(bad))):
        create_app(Settings(**bad), engine=ENGINE)


async def test_room_phases_loop_lag_and_gc_pauses_are_on_metrics_after_one_action(live_factory):
    from server.gameapi import real_engine
    live = live_factory(engine=real_engine(), fixed_seed=1)
    room = await create_room(live.http)
    seat2 = await join_seat(live.http, room["room"])
    players = [await Player.join(live.ws, room["room"], room["token"]),
               await Player.join(live.ws, room["room"], seat2["token"])]
    actor = next(p for p in players if p.legal)          # whichever seat the seed lets act first
    await actor.act(actor.legal[0])
    async with httpx.AsyncClient() as c:
        text = (await c.get(live.http + "/metrics")).text
    values = _samples(text)
    for phase in PHASES:
        assert values[f'berserk_room_phase_seconds_count{{phase="{phase}"}}'] >= 1, phase
        assert f'berserk_room_phase_seconds_bucket{{phase="{phase}",le="+Inf"}}' in values
    for g in GENERATIONS:
        assert f'berserk_gc_pause_seconds_count{{generation="{g}"}}' in values
    assert "berserk_event_loop_lag_seconds_count" in values
    assert "# TYPE berserk_room_phase_seconds histogram" in text


def test_gc_timer_records_each_collection_by_generation_until_uninstalled():
    metrics = Metrics()
    timer = GcTimer(metrics)
    timer.install()
    timer.install()                      # idempotent: one hook
    try:
        gc.collect(1)
        assert metrics.gc_pause[1].count == 1
    finally:
        timer.uninstall()
    gc.collect(1)
    assert metrics.gc_pause[1].count == 1 and timer not in gc.callbacks


async def test_loop_lag_probe_records_wake_ups_and_stops():
    metrics = Metrics()
    lag = LoopLag(metrics, interval=0.001)
    lag.start()

    async def woke():
        while metrics.loop_lag.count == 0:
            await asyncio.sleep(0.001)
    await asyncio.wait_for(woke(), 10)
    await lag.stop()
    assert lag.task is None and metrics.loop_lag.count >= 1


def test_labelled_histogram_lines_put_le_after_the_label():
    h = Histogram((0.1,))
    h.observe(0.05)
    assert h.lines("x", 'phase="view"') == ['x_bucket{phase="view",le="0.1"} 1', 'x_bucket{phase="view",le="+Inf"} 1',
                                            'x_sum{phase="view"} 0.050000', 'x_count{phase="view"} 1']


class _Node:
    """A GC-tracked object that can form a reference cycle."""

    def __init__(self) -> None:
        self.other = self


def test_automatic_collection_is_off_while_serving_and_back_at_shutdown():
    assert gc.isenabled()
    with LiveServer(create_app(Settings(), engine=ENGINE)):
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_zero_young_interval_keeps_cpythons_allocation_triggers():
    with LiveServer(create_app(Settings(gc_young_interval=0), engine=ENGINE)):
        assert gc.isenabled()


def test_a_young_collection_reclaims_young_cycles_and_freezes_its_survivors():
    collector = Collector(0.05, 600)
    garbage, kept = weakref.ref(_Node()), _Node()
    try:
        collector.young()
        assert garbage() is None
        assert not any(o is kept for o in gc.get_objects(0) + gc.get_objects(1) + gc.get_objects(2))
    finally:
        gc.unfreeze()


def test_a_full_collection_reclaims_cycles_among_frozen_objects():
    collector = Collector(0.05, 600)
    node = _Node()
    ref = weakref.ref(node)
    try:
        collector.young()                # the cycle is alive: frozen
        del node
        collector.young()                # a young collection no longer sees it
        assert ref() is not None
        collector.full()
        assert ref() is None
    finally:
        gc.unfreeze()


async def test_the_collector_runs_young_and_full_collections_on_its_timer():
    collector = Collector(0.001, 0.002)
    seen = {"young": asyncio.Event(), "full": asyncio.Event()}
    for kind in seen:
        step = getattr(collector, kind)
        setattr(collector, kind, lambda step=step, kind=kind: (step(), seen[kind].set()))
    collector.start()
    try:
        assert not gc.isenabled()
        await asyncio.wait_for(asyncio.gather(seen["young"].wait(), seen["full"].wait()), 10)
    finally:
        await collector.stop()
        gc.unfreeze()
    assert gc.isenabled()


@pytest.mark.parametrize("young, full", [(0.0, 600.0), (0.05, 0.0), (-1.0, 600.0)])
def test_a_collector_with_an_interval_that_is_not_positive_is_refused(young, full):
    with pytest.raises(ValueError):
        Collector(young, full)


def test_a_phase_timed_inside_itself_observes_both_blocks(monkeypatch):
    import types

    import server.metrics
    ticks = iter([1.0, 2.0, 3.0, 4.0])       # outer enters, inner enters, inner leaves, outer leaves
    monkeypatch.setattr(server.metrics, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))
    metrics = Metrics()
    with metrics.phase("encode"):
        with metrics.phase("encode"):
            pass
    hist = metrics.phases["encode"]
    assert (hist.count, hist.sum) == (2, 1.0 + 3.0)
