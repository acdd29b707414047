"""Acknowledged means durable, also when the store fails (server/store_outage.py): an action whose commit fails is
answered ``unavailable`` and nobody hears of it, the ledger never answers its id, joins are refused, /healthz is 503,
and the room commits the held change on its own once the store writes again."""
from __future__ import annotations

from types import SimpleNamespace

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from server import store_outage
from server.app import create_app
from server.bus.interfaces import BusError
from server.clock import Clocks
from server.gameapi import real_engine
from server.settings import Settings
from server.store_outage import Outage
from tests.server.harness import LiveServer, Player, create_room, join_seat

DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]


class Switch:
    """Makes the store's live-room writes fail (as a full disk or a stopped database does) while ``down``."""

    def __init__(self, store) -> None:
        self.down = False
        self.write = store.write_rooms

        async def write_rooms(items):
            if self.down:
                raise OSError(28, "No space left on device")
            return await self.write(items)
        store.write_rooms = write_rooms


@pytest.fixture
def live(tmp_path):
    app = create_app(Settings(data_dir=str(tmp_path), fixed_seed=3, rate_per_sec=1000.0, rate_burst=1000),
                     engine=real_engine())
    with LiveServer(app) as server:
        server.switch = Switch(app.state.hub.store)
        yield server


async def _seated(live):
    room = await create_room(live.http, decks=DECKS, autopass=False)
    two = await join_seat(live.http, room["room"], autopass=False)
    seats = {1: await Player.join(live.ws, room["room"], room["token"]),
             2: await Player.join(live.ws, room["room"], two["token"])}
    return room["room"], seats


def _health(live) -> int:
    return httpx.get(live.http + "/healthz", timeout=5).status_code


async def _fail_one_action(live, seats):
    """The store goes down; the player to act acts: returns (player, its action frame, the version before)."""
    live.switch.down = True
    p = seats[1].view["to_act"]
    v = seats[p].v
    frame = {"t": "action", "id": "held-1", "v": v, "action": seats[p].legal[0]}
    await seats[p].send(frame)
    answer = await seats[p].until(lambda f: f.get("id") == "held-1")
    return seats[p], frame, v, answer


async def test_an_action_whose_commit_fails_is_answered_unavailable_and_changes_nothing_seen(live):
    _, seats = await _seated(live)
    player, _, v, answer = await _fail_one_action(live, seats)
    assert answer["t"] == "error" and answer["code"] == "unavailable" and answer["v"] == v
    other = seats[3 - player.you]
    notice = await other.until(lambda f: f["t"] == "error")
    assert notice["code"] == "unavailable" and notice["id"] is None and other.v == v


async def test_a_repeated_id_is_not_answered_from_the_ledger_while_its_change_is_held(live):
    _, seats = await _seated(live)
    player, frame, v, _ = await _fail_one_action(live, seats)
    await player.send(frame)
    again = await player.until(lambda f: f.get("id") == "held-1")
    assert again["t"] == "error" and again["code"] == "unavailable" and player.v == v


async def test_healthz_is_503_while_the_store_cannot_be_written(live):
    _, seats = await _seated(live)
    assert _health(live) == 200
    await _fail_one_action(live, seats)
    assert _health(live) == 503


async def test_a_join_while_the_change_is_held_is_refused_with_1013(live):
    rid, seats = await _seated(live)
    await _fail_one_action(live, seats)
    watcher = await Player.join(live.ws, rid, None)
    assert watcher.frames[-1]["t"] == "error" and watcher.frames[-1]["code"] == "unavailable"
    with pytest.raises(ConnectionClosed) as closed:
        await watcher.recv()
    assert closed.value.rcvd.code == 1013


async def test_the_room_commits_the_held_change_once_the_store_is_back_and_play_goes_on(live):
    rid, seats = await _seated(live)
    player, _, v, _ = await _fail_one_action(live, seats)
    live.switch.down = False
    ack = await player.until(lambda f: f.get("id") == "held-1" and f["t"] == "diff", timeout=20)
    assert ack["v"] == v + 1
    await seats[3 - player.you].catch_up(v + 1)
    assert _health(live) == 200
    watcher = await Player.join(live.ws, rid, None)
    assert watcher.v == v + 1


async def test_a_claim_whose_commit_fails_is_undone_and_answered_503(live):
    room = await create_room(live.http, decks=DECKS)
    live.switch.down = True
    async with httpx.AsyncClient(timeout=10) as c:
        r = await c.post(f"{live.http}/api/rooms/{room['room']}/join", json={})
        assert r.status_code == 503 and r.json()["error"] == "unavailable"
        status = (await c.get(f"{live.http}/api/rooms/{room['room']}")).json()
        assert status["seats"]["2"]["taken"] is False and status["status"] == "waiting"
        live.switch.down = False
        again = await c.post(f"{live.http}/api/rooms/{room['room']}/join", json={})
    assert again.status_code == 200 and again.json()["seat"] == 2
    seat2 = await Player.join(live.ws, room["room"], again.json()["token"])
    assert seat2.you == 2 and seat2.view["phase"] is not None


class _Store:
    """A store whose commits fail with ``unavailable`` while ``down``."""

    def __init__(self) -> None:
        self.down, self.logged_v = True, 0

    async def commit(self, carry=None) -> None:
        if self.down:
            raise BusError("unavailable", "The store cannot be written.")


async def test_no_bank_runs_while_the_room_is_held_and_the_clock_resumes_where_it_stood(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(store_outage, "time", SimpleNamespace(monotonic=lambda: now[0]))
    clocks = Clocks(60.0, 0.0, 5.0)
    clocks.switch(1, 100.0)
    room = SimpleNamespace(id="r", v=1, store=_Store(), outage=Outage(), clocks=clocks,
                           metrics=SimpleNamespace(store_held=set()), audience=SimpleNamespace(conns=set()),
                           lobby=SimpleNamespace(publish_moved=_nothing))
    now[0] = 110.0
    assert await store_outage.commit_or_hold(room, None, []) is False
    now[0] = 140.0
    assert clocks.remaining(1, 140.0) == 50.0 and clocks.deadline(140.0) is None
    room.store.down = False
    await store_outage.retry(room)
    assert not room.outage.held
    assert clocks.remaining(1, 140.0) == 50.0 and clocks.remaining(1, 145.0) == 45.0


async def _nothing() -> None:
    return None
