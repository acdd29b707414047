"""Friends (added both ways), their statuses, direct challenges (notification, accept seats both in a new room),
profiles and the leaderboard filter; bad requests change nothing."""
from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect

from tests.server.harness import Player
from tests.server.play_util import call, new_player


async def _friends(live, a, b):
    for x, y in ((a, b), (b, a)):
        r = await call(live.http, "POST", "/api/friends", x, {"name": y["name"]})
        assert r.status_code == 201, r.text


async def _socket(live, player):
    ws = await connect(live.http.replace("http", "ws") + "/ws/lobby")
    await ws.send(json.dumps({"t": "hello", "auth": f"{player['id']}:{player['secret']}"}))
    assert json.loads(await asyncio.wait_for(ws.recv(), 10))["t"] == "hello"
    return ws


async def _frame(ws, kind):
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["t"] == kind:
            return frame


async def test_adding_by_name_makes_a_request_until_the_other_adds_back(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    r = await call(live.http, "POST", "/api/friends", ann, {"name": "BOB"})
    assert r.status_code == 201 and r.json() == {"id": bob["id"], "name": "Bob", "mutual": False}
    mine = (await call(live.http, "GET", "/api/friends", ann)).json()
    assert mine["friends"] == [] and mine["outgoing"] == [{"id": bob["id"], "name": "Bob"}]
    theirs = (await call(live.http, "GET", "/api/friends", bob)).json()
    assert theirs["incoming"] == [{"id": ann["id"], "name": "Ann"}]
    r = await call(live.http, "POST", "/api/friends", bob, {"name": "Ann"})
    assert r.json()["mutual"] is True
    assert [f["name"] for f in (await call(live.http, "GET", "/api/friends", ann)).json()["friends"]] == ["Bob"]


@pytest.mark.parametrize("body, status, code", [({"name": "Nobody"}, 404, "player_not_found"),
                                                ({"name": "ann"}, 400, "friend_self"),
                                                ({"name": 7}, 400, "name_not_text"),
                                                ({"who": "Bob"}, 400, "bad_request"),
                                                ({"name": ""}, 400, "name_required"),
                                                ({"name": "   "}, 400, "name_required"),
                                                ({}, 400, "name_required")])
async def test_bad_friend_requests_change_nothing(live, body, status, code):
    ann = await new_player(live.http, "Ann")
    r = await call(live.http, "POST", "/api/friends", ann, body)
    assert r.status_code == status and r.json()["error"] == code and r.json()["message"]
    assert (await call(live.http, "GET", "/api/friends", ann)).json()["outgoing"] == []


async def test_friends_show_online_then_offline(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _friends(live, ann, bob)
    status = lambda: call(live.http, "GET", "/api/friends", ann)
    assert (await status()).json()["friends"][0]["status"] == "offline"
    ann_ws = await _socket(live, ann)
    bob_ws = await _socket(live, bob)
    await _frame(ann_ws, "friends")                       # Bob came online
    assert (await status()).json()["friends"][0]["status"] == "online"
    await bob_ws.close()
    await _frame(ann_ws, "friends")                       # ... and left
    assert (await status()).json()["friends"][0]["status"] == "offline"
    await ann_ws.close()


async def test_a_challenge_reaches_the_friend_and_accepting_seats_both(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _friends(live, ann, bob)
    bob_ws, ann_ws = await _socket(live, bob), await _socket(live, ann)
    r = await call(live.http, "POST", "/api/challenges", ann, {"to": bob["id"], "deck": "A", "clock": "5+3"})
    assert r.status_code == 201
    c = r.json()
    assert c["from"] == {"id": ann["id"], "name": "Ann"} and c["clock"] == "5+3" and "cards" not in json.dumps(c)
    assert (await _frame(bob_ws, "challenge"))["challenge"]["id"] == c["id"]
    listed = (await call(live.http, "GET", "/api/friends", bob)).json()["challenges"]["incoming"]
    assert [x["id"] for x in listed] == [c["id"]]
    r = await call(live.http, "POST", f"/api/challenges/{c['id']}/accept", bob, {"deck": "B"})
    assert r.status_code == 200 and r.json()["seat"] == 2
    room = r.json()["room"]
    assert (await _frame(ann_ws, "accepted"))["room"] == room
    mine = (await call(live.http, "POST", f"/api/rooms/{room}/join", ann, {})).json()
    assert mine["seat"] == 1
    info = (await call(live.http, "GET", f"/api/rooms/{room}")).json()
    assert info["players"] == {"1": "Ann", "2": "Bob"} and info["clock"] == {"base": 300.0, "increment": 3.0}
    again = await call(live.http, "POST", f"/api/challenges/{c['id']}/accept", bob, {"deck": "B"})
    assert again.status_code == 404                       # accepted once
    p1, p2 = await Player.join(live.ws, room, mine["token"]), await Player.join(live.ws, room, r.json()["token"])
    await p1.close()
    await p2.close()
    await bob_ws.close()
    await ann_ws.close()


async def test_a_friend_in_a_dealt_game_shows_playing_with_a_room_to_watch(live):
    ann, bob, cid = (await new_player(live.http, "Ann"), await new_player(live.http, "Bob"),
                     await new_player(live.http, "Cid"))
    await _friends(live, ann, bob)
    await _friends(live, cid, bob)
    c = (await call(live.http, "POST", "/api/challenges", ann, {"to": bob["id"], "deck": "A", "clock": "none"})).json()
    seat2 = (await call(live.http, "POST", f"/api/challenges/{c['id']}/accept", bob, {"deck": "B"})).json()
    seat1 = (await call(live.http, "POST", f"/api/rooms/{seat2['room']}/join", ann, {})).json()
    p1, p2 = await Player.join(live.ws, seat2["room"], seat1["token"]), await Player.join(live.ws, seat2["room"], seat2["token"])
    for _ in range(100):
        friends = (await call(live.http, "GET", "/api/friends", cid)).json()["friends"]
        if friends[0]["status"] == "playing":
            break
        await asyncio.sleep(0.05)
    assert friends[0] == {"id": bob["id"], "name": "Bob", "status": "playing", "room": seat2["room"]}
    await p1.close()
    await p2.close()


@pytest.mark.parametrize("body, status, code", [
    ({"to": "SELF", "deck": "A"}, 400, "challenge_self"),
    ({"to": "STRANGER", "deck": "A"}, 403, "not_friends"),
    ({"to": "nobody", "deck": "A"}, 404, "player_not_found"),
    ({"to": "FRIEND", "deck": "A", "clock": "1+0"}, 400, "bad_preset"),
    ({"to": "FRIEND", "deck": "no such deck"}, 400, None),
    ({"to": "FRIEND", "deck": "A", "seed": 1}, 400, "bad_request"),
    ({"to": ["FRIEND"], "deck": "A"}, 404, "player_not_found"),
])
async def test_bad_challenges_are_refused_and_change_nothing(live, body, status, code):
    ann, bob, cid = (await new_player(live.http, "Ann"), await new_player(live.http, "Bob"),
                     await new_player(live.http, "Cid"))
    await _friends(live, ann, bob)
    await call(live.http, "POST", "/api/friends", ann, {"name": "Cid"})     # one way only: not friends
    ids = {"SELF": ann["id"], "STRANGER": cid["id"], "FRIEND": bob["id"]}
    body = dict(body, to=ids.get(body["to"], body["to"]) if isinstance(body["to"], str) else body["to"])
    r = await call(live.http, "POST", "/api/challenges", ann, body)
    assert r.status_code == status and r.json()["message"] and (code is None or r.json()["error"] == code)
    for who in (ann, bob, cid):
        assert (await call(live.http, "GET", "/api/friends", who)).json()["challenges"] == {"incoming": [], "outgoing": []}


async def test_only_the_friend_accepts_and_the_sender_may_cancel(live):
    ann, bob, cid = (await new_player(live.http, "Ann"), await new_player(live.http, "Bob"),
                     await new_player(live.http, "Cid"))
    await _friends(live, ann, bob)
    c = (await call(live.http, "POST", "/api/challenges", ann, {"to": bob["id"], "deck": "A"})).json()
    for who in (ann, cid):
        r = await call(live.http, "POST", f"/api/challenges/{c['id']}/accept", who, {"deck": "B"})
        assert r.status_code == 403 and r.json()["error"] == "challenge_not_yours"
    assert (await call(live.http, "DELETE", f"/api/challenges/{c['id']}", bob)).status_code == 403
    r = await call(live.http, "DELETE", f"/api/challenges/{c['id']}", ann)
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    r = await call(live.http, "POST", f"/api/challenges/{c['id']}/accept", bob, {"deck": "B"})
    assert r.status_code == 404 and r.json()["error"] == "challenge_not_found"


async def test_a_declined_challenge_cannot_be_accepted(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _friends(live, ann, bob)
    c = (await call(live.http, "POST", "/api/challenges", ann, {"to": bob["id"], "deck": "A"})).json()
    assert (await call(live.http, "POST", f"/api/challenges/{c['id']}/decline", bob)).json()["status"] == "declined"
    assert (await call(live.http, "POST", f"/api/challenges/{c['id']}/accept", bob, {"deck": "B"})).status_code == 404


async def test_friends_and_challenges_need_a_player(live):
    for method, path in (("GET", "/api/friends"), ("POST", "/api/friends"), ("POST", "/api/challenges"),
                         ("POST", "/api/challenges/x/accept"), ("DELETE", "/api/challenges/x")):
        r = await call(live.http, method, path, None, {})
        assert r.status_code == 401, path


async def test_a_profile_is_found_under_any_confusable_spelling(live):
    ann = await new_player(live.http, "Alice")
    r = await call(live.http, "GET", "/api/profiles/\u0410LICE")
    assert r.status_code == 200
    prof = r.json()
    assert prof["id"] == ann["id"] and prof["name"] == "Alice" and prof["rating"] is None
    assert prof["games"] == {"played": 0, "won": 0, "lost": 0, "drawn": 0} and prof["recent"] == [] and prof["created"]
    assert (await call(live.http, "GET", "/api/profiles/Nobody")).status_code == 404


async def test_the_leaderboard_filters_by_games(live):
    r = await call(live.http, "GET", "/api/leaderboard?min_games=0")
    assert r.status_code == 400
    assert (await call(live.http, "GET", "/api/leaderboard?min_games=3")).json() == {"players": []}


async def test_removing_a_friend_tells_the_removed_players_lobby(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _friends(live, ann, bob)
    bob_ws = await _socket(live, bob)
    ann_ws = await _socket(live, ann)
    await _frame(bob_ws, "friends")            # Ann came online
    r = await call(live.http, "DELETE", f"/api/friends/{bob['id']}", ann)
    assert r.status_code == 204
    await _frame(bob_ws, "friends")
    theirs = (await call(live.http, "GET", "/api/friends", bob)).json()
    assert theirs["friends"] == [] and theirs["outgoing"] == []
    await bob_ws.close()
    await ann_ws.close()


async def test_a_declined_challenge_is_told_to_the_challenger_s_lobby_with_the_friend_s_name(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _friends(live, ann, bob)
    ann_ws = await _socket(live, ann)
    c = (await call(live.http, "POST", "/api/challenges", ann, {"to": bob["id"], "deck": "A", "clock": "5+3"})).json()
    r = await call(live.http, "POST", f"/api/challenges/{c['id']}/decline", bob)
    assert r.status_code == 200
    frame = await _frame(ann_ws, "declined")
    assert frame == {"t": "declined", "challenge": c["id"], "name": "Bob"}
    await ann_ws.close()


async def test_removing_a_friend_ends_the_friendship_both_ways_so_neither_asks_the_other(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _friends(live, ann, bob)
    r = await call(live.http, "DELETE", f"/api/friends/{bob['id']}", ann)
    assert r.status_code == 204
    for who in (ann, bob):
        links = (await call(live.http, "GET", "/api/friends", who)).json()
        assert (links["friends"], links["incoming"], links["outgoing"]) == ([], [], [])


async def test_removing_a_player_whose_request_waits_declines_it(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await call(live.http, "POST", "/api/friends", bob, {"name": "Ann"})
    r = await call(live.http, "DELETE", f"/api/friends/{bob['id']}", ann)
    assert r.status_code == 204
    assert (await call(live.http, "GET", "/api/friends", bob)).json()["outgoing"] == []
