"""bench/all.py's report (structure only; its figures are measured by running it, never asserted in tests): the
generated section of docs/performance.md is replaced in place, the plot is a well-formed SVG, and the room phases are
the means of the measurement window only."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from bench.all import BEGIN, END, markdown, phase_means, svg_plot, write_doc


def _result() -> dict:
    row = dict(rooms=10, samples=5, p50=0.004, p99=0.03, max=0.05, kb_per_room=None,
               cpu={"servers": [0.1], "generator": 0.01}, joined=30, connections=30, failures={}, error_frames={},
               server_errors=0, phases_us={"apply": 80.0}, restored_v=None, rooms_acting=10)
    return {"command": "python -m bench.all", "json": "/tmp/x.json", "plot": "docs/bench-all.svg",
            "args": {"think": 1.0, "seconds": 8.0},
            "machine": {"when_utc": "now", "cpu": "cpu", "cores": 2, "load_avg_at_start": [1.0], "python": "3.11",
                        "packages": {"redis": "8"}, "redis_server": None},
            "engine": {"games": 1, "actions": 10, "actions_per_s": 100, "fresh_us": 1.0, "mid_us": 2.0,
                       "mid_over_fresh": 2.0},
            "protocol": {"fresh": {"samples": 3, "server_us": 2.0, "floor_us": 1.0, "time_ratio": 2.0,
                                   "diff_bytes_median": 10, "full_bytes_median": 100, "bytes_ratio": 0.1}},
            "floors": {"ws_echo": {"p50": 0.0001, "p99": 0.0003}, "redis_ping": {"p50": 0.0001, "p99": 0.0002},
                       "fanout": [{"rooms": 10, "p50": 0.0002, "p99": 0.002, "us_per_action": 120}]},
            "servers": [dict(row, setup="one", kind="fresh"), dict(row, setup="redis", kind="fresh", p50=0.005),
                        dict(row, setup="one", kind="mid", restored_v=[60, 400])]}


def test_the_generated_section_is_replaced_in_place(tmp_path):
    doc = tmp_path / "performance.md"
    doc.write_text("# Performance\n\nkept\n")
    write_doc(str(doc), markdown(_result()))
    first = doc.read_text()
    assert first.startswith("# Performance\n\nkept\n") and first.count(BEGIN) == 1 and first.count(END) == 1
    assert "| two over Redis | 10 | fresh | 5.00 ms |" in first and "+1.00 ms" in first
    doc.write_text(first + "\nafter\n")
    write_doc(str(doc), markdown(_result()))
    again = doc.read_text()
    assert again.count(BEGIN) == 1 and again.endswith("\nafter\n")


def test_each_server_level_is_shown_against_the_fan_out_floor_of_its_room_count(tmp_path):
    text = markdown(_result())
    assert "| 10 | 0.20 ms | 2.00 ms | 120 us |" in text
    assert "| one process | 10 | fresh | 4.00 ms | 30.00 ms | 40.0x | 100.0x | 15.0x |" in text


def test_a_level_where_rooms_never_acted_in_the_window_is_not_ok():
    result = _result()
    result["servers"][1]["rooms_acting"] = 4
    text = markdown(result)
    assert "| two over Redis | 10 | fresh |" in text and "6 rooms never acted |" in text
    assert text.count("| yes |") == 2


def test_the_plot_is_an_svg_with_one_point_per_measured_level_and_percentile(tmp_path):
    path = tmp_path / "plot.svg"
    svg_plot(_result(), str(path))
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    circles = [e for e in root.iter() if e.tag.endswith("circle")]
    assert len(circles) == 2 * 4          # 3 measured setups + the echo floor, p50 and p99 each, one level


def test_the_room_phase_means_count_only_the_calls_made_within_the_window():
    key = 'berserk_room_phase_seconds_{}{{phase="{}"}}'
    before = {key.format("count", "encode"): 900, key.format("sum", "encode"): 4.5,    # joins: 5 ms Sync frames
              key.format("count", "commit"): 10, key.format("sum", "commit"): 1.0}
    after = {key.format("count", "encode"): 1000, key.format("sum", "encode"): 4.502,
             key.format("count", "commit"): 14, key.format("sum", "commit"): 1.0008}
    got = phase_means(before, after)
    assert got["encode"] == 20.0 and got["commit"] == 200.0 and got["apply"] is None


def test_redis_time_per_action_counts_a_scripts_inner_commands_and_carried_publishes_once():
    from bench.redis_cost import per_action
    window = {"actions": 2, "calls": {"evalsha": 4, "xadd": 4, "publish": 4}, "carried": 2,
              "usec": {"evalsha": 80, "xadd": 20, "publish": 8}, "bytes_in": 100, "used_memory": 0}
    assert per_action(window)["redis_us"] == 42.0        # (80 + 8 * 2/4) / 2: xadd and 2 publishes ran in scripts


def test_a_several_process_row_is_named_with_its_placement_and_shows_its_relayed_rooms():
    result = _result()
    result["servers"].append(dict(result["servers"][1], placement="room", rooms_relayed=[0, 0],
                                  cpu_us_per_action=900))
    text = markdown(result)
    row = next(ln for ln in text.splitlines() if ln.startswith("| two over Redis (room) | 10 | fresh |"))
    assert row.endswith("| 900 us | 0, 0 | yes |")


def test_the_servers_cpu_per_action_is_their_cpu_over_the_actions_acknowledged_in_the_window():
    from bench.all import cpu_us_per_action
    assert cpu_us_per_action({"cpu": {"servers": [0.5, 0.3]}, "actions": 100}, 10.0) == 80000
    assert cpu_us_per_action({"cpu": {"servers": [0.5]}, "actions": 0}, 10.0) is None


def test_room_placement_of_restored_rooms_on_several_processes_needs_each_rooms_owner():
    import asyncio
    import pytest
    from bench.server_latency import measure_rooms
    with pytest.raises(ValueError, match="owner"):
        asyncio.run(measure_rooms([object(), object()], 1, 1.0, 1.0, premade=[{"room": "r", "token": "a",
                                                                                "token2": "b"}], placement="room"))
