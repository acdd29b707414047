"""Per-player time banks (server/clock.py) and their effect in a room."""
from __future__ import annotations

import httpx

from server.clock import Clocks, TurnWatch
from tests.server.harness import Player, create_room, join_seat


def test_bank_runs_only_for_the_player_to_act():
    c = Clocks(60, 0, 0)
    c.switch(1, now=100.0)
    assert c.remaining(1, 110.0) == 50 and c.remaining(2, 110.0) == 60


def test_increment_is_added_once_at_the_end_of_the_players_turn_not_per_action():
    c = Clocks(60, 5, 0)
    c.switch(1, now=0.0)
    c.switch(2, now=10.0)                       # an action inside player 1's turn: no increment
    c.switch(1, now=20.0)
    assert c.remaining(1, 20.0) == 50 and c.remaining(2, 20.0) == 50
    c.switch(2, now=30.0, turn_over=1)          # player 1's turn ends
    assert c.remaining(1, 30.0) == 45 and c.remaining(2, 30.0) == 50


def test_the_turn_watch_names_the_player_whose_turn_ended_and_not_the_preliminary_phase():
    w = TurnWatch()
    assert w.ended(0, None) is None and w.ended(1, 2) is None      # the preliminary phase is no turn
    assert w.ended(1, 2) is None                                   # same turn
    assert w.ended(2, 1) == 2 and w.ended(3, 2) == 1


def test_disconnected_player_is_held_for_the_grace_period_then_runs():
    c = Clocks(60, 0, 30)
    c.switch(1, now=0.0)
    c.disconnected(1, now=10.0)
    assert c.remaining(1, 40.0) == 50          # held from 10 to 40
    assert c.remaining(1, 50.0) == 40          # then it runs again
    assert c.deadline(50.0) == 90.0


def test_reconnection_ends_the_hold():
    c = Clocks(60, 0, 30)
    c.switch(1, now=0.0)
    c.disconnected(1, now=10.0)
    c.reconnected(1, now=15.0)
    assert c.remaining(1, 25.0) == 40


def test_expiry_names_the_running_player():
    c = Clocks(10, 0, 0)
    c.switch(2, now=0.0)
    assert c.expired(9.9) is None and c.expired(10.0) == 2


def test_clock_state_round_trips_with_banks_held_after_restore():
    c = Clocks(60, 2, 5)
    c.switch(1, now=0.0)
    d = Clocks.from_state(c.to_state(now=20.0), now=1000.0)
    assert d.remaining(1, 1005.0) == 40 and d.remaining(1, 1010.0) == 35 and d.remaining(2, 1010.0) == 60


async def test_player_who_cannot_pass_loses_on_time(live_factory):
    live = live_factory(clock_min=0.1, disconnect_grace=60.0)    # seat 2 never connects: it would abort after it
    room = await create_room(live.http, decks=["A", "B"], clock={"base": 0.3, "increment": 0})
    seat2 = await join_seat(live.http, room["room"])
    a = await Player.join(live.ws, room["room"], room["token"])
    assert a.legal and not any(x["act"] == "pass" for x in a.legal)   # the deal: no pass
    await a.until(lambda f: f["t"] == "end", timeout=10)
    assert a.result == {"winner": 2, "reason": "time"}
    assert a.view["room"]["result"] == a.result
    del seat2


async def test_empty_bank_passes_where_passing_is_legal(live_factory):
    live = live_factory(clock_min=0.1, disconnect_grace=60.0)
    room = await create_room(live.http, decks=["A", "B"], clock={"base": 2.0, "increment": 0})
    seat2 = await join_seat(live.http, room["room"], autopass=False)
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await a.act({"act": "choose", "option": "keep"})
    await b.catch_up(a.v)
    await b.act({"act": "choose", "option": "keep"})
    await a.catch_up(b.v)
    attack = next(x for x in a.legal if x["act"] == "attack")
    await a.act(attack)
    await b.catch_up(a.v)
    assert b.legal and b.view["phase"] == "response"       # B must answer, only pass is possible, autopass is off
    assert b.clocks["running"] == 2
    # B never answers; the server passes for B once its bank is empty
    frame = await b.until(lambda f: f["t"] == "diff")
    assert b.view["phase"] == "main" and b.clocks["running"] == 1
    assert b.clocks["2"] == 0
    assert frame["v"] == a.v + 1


async def test_clock_state_is_in_every_frame(live):
    room = await create_room(live.http, decks=["A", "B"], clock={"base": 100, "increment": 5})
    async with httpx.AsyncClient() as c:
        await c.post(f"{live.http}/api/rooms/{room['room']}/join")
    a = await Player.join(live.ws, room["room"], room["token"])
    assert set(a.clocks) >= {"1", "2", "running"} and a.clocks["running"] == 1
    assert 0 < a.clocks["1"] <= 100_000 and a.clocks["2"] == 100_000
    frame = await a.act(a.legal[0])
    assert frame["clocks"]["running"] == 2 and frame["clocks"]["1"] > 100_000 - 10_000
