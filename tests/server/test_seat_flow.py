"""The deal waits for both seats and both decks, the invite's first opener takes seat 2,
concede at any time, clock presets (including no clock), rematch with seats swapped."""
from __future__ import annotations

import pytest

from tests.server.harness import Player
from tests.server.play_util import call, new_player


async def _room(live, creator, body=None):
    r = await call(live.http, "POST", "/api/rooms", creator, body or {"deck": "A"})
    assert r.status_code == 201, r.text
    return r.json()


async def test_nothing_is_dealt_until_the_second_seat_is_taken(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    a = await Player.join(live.ws, room["room"], room["token"])
    assert a.view["room"]["status"] == "waiting" and a.view["cards"] == {} and a.view["to_act"] is None
    assert a.view["room"]["players"] == {"1": "Ann", "2": None}
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["status"] != "waiting")
    assert a.view["cards"] and a.view["room"]["players"] == {"1": "Ann", "2": "Bob"}


async def test_a_seat_without_a_deck_waits_for_its_choice(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    seat2 = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {})).json()
    info = (await call(live.http, "GET", f"/api/rooms/{room['room']}")).json()
    assert info["status"] == "waiting" and info["seats"]["2"]["taken"] and info["open"] is False
    listed = (await call(live.http, "GET", "/api/rooms")).json()
    assert room["room"] not in [i["id"] for i in listed["waiting"]]
    bad = await call(live.http, "POST", f"/api/rooms/{room['room']}/deck", None, {"token": "x" * 40, "deck": "B"})
    assert bad.status_code == 409 and bad.json()["error"] == "unauthorized"
    ok = await call(live.http, "POST", f"/api/rooms/{room['room']}/deck", None, {"token": seat2["token"], "deck": "B"})
    assert ok.status_code == 200 and ok.json()["seat"] == 2
    info = (await call(live.http, "GET", f"/api/rooms/{room['room']}")).json()
    assert info["status"] == "preliminary" and info["decks"] == [None, None]


async def test_the_first_opener_takes_seat_2_and_later_ones_are_refused(live):
    ann, bob, cid = (await new_player(live.http, "Ann"), await new_player(live.http, "Bob"),
                     await new_player(live.http, "Cid"))
    room = await _room(live, ann)
    first = await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    later = await call(live.http, "POST", f"/api/rooms/{room['room']}/join", cid, {"deck": "B"})
    assert first.json()["seat"] == 2 and later.status_code == 409 and later.json()["error"] == "seat_taken"
    again = await call(live.http, "POST", f"/api/rooms/{room['room']}/join", ann, {})
    assert again.json()["seat"] == 1           # the creator gets its own seat back, never seat 2


async def test_a_player_may_concede_while_the_other_is_to_act(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    seat2 = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})).json()
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    assert b.view["to_act"] == 1 and not b.legal
    answer = await b.act({"act": "concede"})
    assert answer["t"] == "diff"
    await a.watch(10)
    assert a.result == {"winner": 1, "reason": "concede"}


async def test_a_room_without_a_clock_sends_no_clocks(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann, {"deck": "A", "clock": None})
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    a = await Player.join(live.ws, room["room"], room["token"])
    assert not set(a.clocks or {}) & {"1", "2", "running"} and a.view["room"]["clock"] is None
    answer = await a.act({"act": "choose", "option": "keep"})
    assert answer["clocks"] == {"away": {"2": answer["clocks"]["away"]["2"]}}   # no banks: only Bob's absence


async def test_a_clock_preset_is_kept_by_the_room(live):
    ann = await new_player(live.http, "Ann")
    room = await _room(live, ann, {"deck": "A", "clock": {"base": 300, "increment": 5}})
    info = (await call(live.http, "GET", f"/api/rooms/{room['room']}")).json()
    assert info["clock"] == {"base": 300.0, "increment": 5.0}


async def test_rematch_swaps_seats_and_starts_when_both_ask(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    seat2 = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})).json()
    a = await Player.join(live.ws, room["room"], room["token"])
    early = await call(live.http, "POST", f"/api/rooms/{room['room']}/rematch", ann, {})
    assert early.status_code == 409 and early.json()["error"] == "not_finished"
    await a.act({"act": "concede"})
    r1 = await call(live.http, "POST", f"/api/rooms/{room['room']}/rematch", ann, {})
    assert r1.status_code == 200 and r1.json()["seat"] == 2
    new = r1.json()["room"]
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch"] == new)
    assert (await call(live.http, "GET", f"/api/rooms/{new}")).json()["status"] == "waiting"
    r2 = await call(live.http, "POST", f"/api/rooms/{room['room']}/rematch", bob, {"deck": "A"})
    assert r2.json() == {"room": new, "seat": 1, "token": r2.json()["token"]}
    info = (await call(live.http, "GET", f"/api/rooms/{new}")).json()
    assert info["players"] == {"1": "Bob", "2": "Ann"} and info["decks"] == [None, None]
    assert info["status"] == "preliminary"
    stranger = await new_player(live.http, "Cid")
    r3 = await call(live.http, "POST", f"/api/rooms/{room['room']}/rematch", stranger, {})
    assert r3.status_code == 409 and r3.json()["error"] == "not_a_player"
    del seat2


async def test_a_rematch_names_the_players_as_they_are_called_now(live):
    ann, bob, old, _ = await _finished(live)
    renamed = await call(live.http, "PATCH", "/api/players/me", bob, {"name": "Boris"})
    assert renamed.status_code == 200
    new = (await call(live.http, "POST", f"/api/rooms/{old}/rematch", ann, {})).json()["room"]
    assert (await call(live.http, "GET", f"/api/rooms/{new}")).json()["players"] == {"1": "Boris", "2": "Ann"}
    await call(live.http, "PATCH", "/api/players/me", ann, {"name": "Anna"})      # renamed after the offer
    await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {"deck": "A"})
    info = (await call(live.http, "GET", f"/api/rooms/{new}")).json()
    assert info["players"] == {"1": "Boris", "2": "Anna"}     # the room kept for her learnt her new name
    await call(live.http, "POST", f"/api/rooms/{new}/join", ann, {})
    assert (await call(live.http, "GET", f"/api/rooms/{new}")).json()["players"] == {"1": "Boris", "2": "Anna"}


async def test_rematch_against_the_computer_seats_the_bot_again(live_factory):
    live = live_factory(bot_think=0.0)
    ann = await new_player(live.http, "Ann")
    room = await _room(live, ann, {"deck": "A", "opponent": "bot", "bot": "random"})
    a = await Player.join(live.ws, room["room"], room["token"])
    assert a.view["room"]["status"] != "waiting"        # the bot sat down before the creator connected
    await a.act({"act": "concede"})
    r = await call(live.http, "POST", f"/api/rooms/{room['room']}/rematch", ann, {})
    assert r.status_code == 200 and r.json()["seat"] == 2
    info = (await call(live.http, "GET", f"/api/rooms/{r.json()['room']}")).json()
    assert info["bots"] == {"1": "random", "2": None} and info["status"] != "waiting"


@pytest.mark.parametrize("reason", ["time", "abandoned"])
async def test_a_player_cannot_dress_a_concession_up_as_a_loss_on_time_or_an_abandonment(live, reason):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    a = await Player.join(live.ws, room["room"], room["token"])
    await a.act({"act": "concede", "reason": reason})
    await a.watch(10)
    assert a.result["reason"] != reason


async def test_deck_labels_stay_hidden_from_the_lobby_until_the_game_ends_except_the_players_own(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    listed = (await call(live.http, "GET", "/api/rooms")).json()
    row = next(i for i in listed["playing"] if i["id"] == room["room"])
    assert row["decks"] == [None, None]
    mine = (await call(live.http, "GET", "/api/players/me/games", bob)).json()
    assert next(i for i in mine["live"] if i["id"] == room["room"])["decks"] == [None, "B"]


def test_a_finished_rooms_lobby_entry_names_both_decks():
    from server.lobby import public_info
    entry = {"id": "r", "status": "finished", "decks": ["A", "B"], "owners": {"1": "p1", "2": "p2"}}
    assert public_info(entry) == {"id": "r", "status": "finished", "decks": ["A", "B"]}


async def test_a_rooms_status_names_the_seat_kept_for_the_asking_player_of_a_rematch(live):
    ann, bob, _, new, _ = await _rematch_offered(live)
    assert (await call(live.http, "GET", f"/api/rooms/{new}", bob)).json()["yours"] == 1
    assert (await call(live.http, "GET", f"/api/rooms/{new}", ann)).json()["yours"] == 2
    stranger = await new_player(live.http, "Cid")
    assert "yours" not in (await call(live.http, "GET", f"/api/rooms/{new}", stranger)).json()
    assert "yours" not in (await call(live.http, "GET", f"/api/rooms/{new}")).json()


async def _finished(live):
    """Ann and Bob finished a game (Ann conceded): (ann, bob, room id, Ann's socket)."""
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    a = await Player.join(live.ws, room["room"], room["token"])
    await a.act({"act": "concede"})
    return ann, bob, room["room"], a


async def _rematch_offered(live):
    """Ann and Bob finished a game; Ann asked for a rematch: (ann, bob, old room id, new room id, Ann's socket)."""
    ann, bob, old, a = await _finished(live)
    new = (await call(live.http, "POST", f"/api/rooms/{old}/rematch", ann, {})).json()["room"]
    return ann, bob, old, new, a


async def test_a_declined_rematch_closes_its_room_and_the_finished_room_says_who_declined(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    r = await call(live.http, "POST", f"/api/rooms/{old}/rematch/decline", bob, {})
    assert r.status_code == 200 and r.json() == {"room": new}
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_declined"] == 2)
    assert (await call(live.http, "GET", f"/api/rooms/{new}")).status_code == 404
    again = await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {})
    assert again.status_code == 409 and again.json()["error"] == "rematch_declined"


async def test_the_finished_room_names_the_seat_that_asked_for_the_rematch(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch"] == new)
    assert a.view["room"]["rematch_by"] == 1                       # Ann's seat
    await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {})
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_started"])
    assert a.view["room"]["rematch_by"] == 1                       # Bob's acceptance does not make him the asker


async def test_a_finished_room_restored_from_its_snapshot_still_knows_who_asked_for_the_rematch(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    from server.metrics import Metrics
    from server.room import Room
    hub = live.app.state.hub
    room = Room.restore(hub.rooms.rooms[old].snapshot(), hub.engine, None, hub.settings, Metrics())
    assert room.rematch_by == 1


async def test_a_rematch_both_players_sat_down_to_cannot_be_declined(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {})
    r = await call(live.http, "POST", f"/api/rooms/{old}/rematch/decline", bob, {})
    assert r.status_code == 409 and r.json()["error"] == "rematch_started"
    assert (await call(live.http, "GET", f"/api/rooms/{old}")).json()["rematch"] == new
    assert a.view["room"]["rematch_declined"] is None


async def test_the_finished_room_knows_its_rematch_started_once_both_players_sat_down(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    assert a.view["room"]["rematch_started"] is False
    await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {})
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_started"])
    assert a.view["room"]["rematch"] == new and a.view["room"]["rematch_declined"] is None


async def test_a_rematch_seat_taken_from_the_new_rooms_link_tells_the_finished_room_it_started(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    watcher = await Player.join(live.ws, old, None)
    await call(live.http, "POST", f"/api/rooms/{new}/join", bob, {})
    await watcher.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_started"])


async def test_a_finished_room_restored_from_its_snapshot_still_knows_its_rematch_started(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {})
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_started"])
    from server.metrics import Metrics
    from server.room import Room
    hub = live.app.state.hub
    room = Room.restore(hub.rooms.rooms[old].snapshot(), hub.engine, None, hub.settings, Metrics())
    assert room.rematch_started is True


async def _asker_in_the_rematch_room(live):
    """Ann asked for a rematch and waits in its room (seat 2): (ann, bob, old room id, Ann's socket there)."""
    ann, bob, old, _ = await _finished(live)
    seat = (await call(live.http, "POST", f"/api/rooms/{old}/rematch", ann, {})).json()
    return ann, bob, old, await Player.join(live.ws, seat["room"], seat["token"])


@pytest.mark.parametrize("who, seat", [("bob", 1), ("ann", 2)])
async def test_a_declined_rematch_room_names_the_seat_that_declined_it_before_it_closes(live, who, seat):
    ann, bob, old, a = await _asker_in_the_rematch_room(live)
    assert a.you == 2 and a.view["room"]["rematch_declined"] is None
    await call(live.http, "POST", f"/api/rooms/{old}/rematch/decline", {"ann": ann, "bob": bob}[who], {})
    await a.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_declined"] == seat)


async def test_a_rematch_room_its_asker_aborts_before_the_deal_withdraws_the_offer_in_the_finished_room(live):
    ann, bob, old, _ = await _finished(live)
    seat = (await call(live.http, "POST", f"/api/rooms/{old}/rematch", ann, {})).json()
    watcher = await Player.join(live.ws, old, None)
    r = await call(live.http, "POST", f"/api/rooms/{seat['room']}/abort", ann, {"token": seat["token"]})
    assert r.status_code == 200 and r.json()["result"] is None
    await watcher.until(lambda f: f["t"] == "sync" and f["view"]["room"]["rematch_declined"] == 1)   # Ann's seat
    accept = await call(live.http, "POST", f"/api/rooms/{old}/rematch", bob, {})
    assert accept.status_code == 409 and accept.json()["error"] == "rematch_declined"


async def test_only_a_player_may_decline_a_rematch(live):
    ann, bob, old, new, a = await _rematch_offered(live)
    stranger = await new_player(live.http, "Cid")
    r = await call(live.http, "POST", f"/api/rooms/{old}/rematch/decline", stranger, {})
    assert r.status_code == 409 and r.json()["error"] == "not_a_player"
    assert (await call(live.http, "GET", f"/api/rooms/{new}")).status_code == 200


async def _finished_then_renamed(live, watch: bool = False):
    """Ann and Bob finished a game (Ann conceded), then Bob renamed himself Boris: the room id (and, with
    ``watch``, a spectator of the finished room who joined before the rename)."""
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = await _room(live, ann)
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    a = await Player.join(live.ws, room["room"], room["token"])
    await a.act({"act": "concede"})
    watcher = await Player.join(live.ws, room["room"], None) if watch else None
    assert (await call(live.http, "PATCH", "/api/players/me", bob, {"name": "Boris"})).status_code == 200
    return (room["room"], watcher) if watch else room["room"]


async def test_a_live_rooms_page_and_status_name_a_renamed_player_as_they_are_called_now(live):
    room, watcher = await _finished_then_renamed(live, watch=True)
    await watcher.until(lambda f: f["t"] == "sync" and f["view"]["room"]["players"]["2"] == "Boris")
    assert (await call(live.http, "GET", f"/api/rooms/{room}")).json()["players"] == {"1": "Ann", "2": "Boris"}


async def test_the_lobbys_finished_rooms_name_a_renamed_player_as_they_are_called_now(live):
    room = await _finished_then_renamed(live)
    finished = (await call(live.http, "GET", "/api/rooms")).json()["finished"]
    assert next(i for i in finished if i["id"] == room)["players"] == {"1": "Ann", "2": "Boris"}


async def test_a_recorded_games_summary_names_a_renamed_player_as_they_are_called_now(live):
    room = await _finished_then_renamed(live)
    game = await call(live.http, "GET", f"/api/games/{room}")
    assert game.status_code == 200 and game.json()["names"] == {"1": "Ann", "2": "Boris"}


async def test_in_a_dealt_game_only_a_seated_player_gets_a_token_for_its_seat(live):
    ann, bob, cid = (await new_player(live.http, "Ann"), await new_player(live.http, "Bob"),
                     await new_player(live.http, "Cid"))
    room = await _room(live, ann)
    await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})
    assert (await call(live.http, "GET", f"/api/rooms/{room['room']}")).json()["status"] != "waiting"
    stranger = await call(live.http, "POST", f"/api/rooms/{room['room']}/join", cid, {})
    anonymous = await call(live.http, "POST", f"/api/rooms/{room['room']}/join", None, {})
    again = await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {})
    assert stranger.status_code == 409 and stranger.json()["error"] == "seat_taken"
    assert anonymous.status_code == 409 and anonymous.json()["error"] == "seat_taken"
    assert again.status_code == 200 and again.json()["seat"] == 2
    b = await Player.join(live.ws, room["room"], again.json()["token"])
    assert b.you == 2
    await b.close()
