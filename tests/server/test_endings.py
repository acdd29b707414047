"""Every game ends, and fairly (docs/server.md "Clocks", "Leavers and aborts"): the increment once per turn, the
room's passes free, a player away seen at once with the clock held, the win claimed after the grace period, aborts
before the first player's first turn ended, and ratings only for rated games. The fake engine (tests/server/
fake_engine.py): both players keep, then turn 1 is player 1's; an attack gives player 2 a pass; end_turn."""
from __future__ import annotations

from tests.server.harness import Player, create_room, join_seat
from tests.server.play_util import call, new_player
from tests.server.test_reconnect import _closed_code

KEEP = {"act": "choose", "option": "keep"}


async def _two(live, clock=None, autopass2=True, **body):
    """A dealt room with both players connected: (room, a, b, seat-2 token)."""
    room = await create_room(live.http, decks=["A", "B"], clock=clock, **body)
    seat2 = await join_seat(live.http, room["room"], autopass=autopass2)
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    await a.catch_up(b.v)
    return room, a, b, seat2["token"]


async def _to_turn_1(a, b):
    """Both keep: player 1 is to act in turn 1."""
    await a.act(KEEP)
    await b.catch_up(a.v)
    await b.act(KEEP)
    await a.catch_up(b.v)


async def _to_turn_2(a, b):
    """Both keep, player 1 ends turn 1: player 2 is to act in turn 2."""
    await _to_turn_1(a, b)
    await a.act({"act": "end_turn"})
    await b.catch_up(a.v)


async def _post(live, room_id, what, token):
    return await call(live.http, "POST", f"/api/rooms/{room_id}/{what}", None, {} if token is None else {"token": token})


async def _status(live, room_id) -> dict:
    return (await call(live.http, "GET", f"/api/rooms/{room_id}")).json()


# -- clocks ------------------------------------------------------------------------------------------------------
async def test_the_increment_is_added_once_when_the_players_turn_ends(live):
    room, a, b, _ = await _two(live, clock={"base": 100, "increment": 30})
    await _to_turn_1(a, b)
    frame = await a.act({"act": "attack", "source": next(x["source"] for x in a.legal if x["act"] == "attack"),
                         "target": "player"})
    assert frame["clocks"]["1"] <= 100_000            # an action inside the turn adds nothing
    await a.catch_up(a.v + 1)                          # player 2's automatic pass
    before = a.clocks["1"]
    frame = await a.act({"act": "end_turn"})
    assert frame["clocks"]["1"] > before + 29_000 and frame["clocks"]["running"] == 2


async def test_the_rooms_automatic_pass_costs_its_player_no_time(live):
    room, a, b, _ = await _two(live, clock={"base": 100, "increment": 0})
    await _to_turn_1(a, b)
    bank2 = a.clocks["2"]
    attack = await a.act(next(x for x in a.legal if x["act"] == "attack"))
    assert attack["clocks"]["running"] is None         # player 2 is passed for at once: no bank runs
    passed = await a.until(lambda f: f["t"] == "diff")
    assert passed["clocks"]["2"] == bank2 and passed["clocks"]["running"] == 1


async def test_an_away_players_bank_is_held_and_everyone_sees_the_away_notice_at_once(live):
    room, a, b, _ = await _two(live, clock={"base": 100, "increment": 0})
    await _to_turn_2(a, b)
    await b.close()
    told = await a.until(lambda f: f["t"] == "clocks")
    assert told["clocks"]["running"] == 2 and told["clocks"]["held"] is True
    assert 55_000 < told["clocks"]["away"]["2"] <= 60_000
    watcher = await Player.join(live.ws, room["room"], None)
    assert "2" in watcher.clocks["away"]


async def test_a_returning_player_cancels_the_away_notice(live):
    room, a, b, token2 = await _two(live)
    await _to_turn_2(a, b)
    await b.close()
    await a.until(lambda f: f["t"] == "clocks" and "away" in (f["clocks"] or {}))
    await Player.join(live.ws, room["room"], token2)
    await a.until(lambda f: f["t"] == "clocks" and "away" not in (f["clocks"] or {}))
    assert "away" not in (a.clocks or {})


async def test_a_seat_going_away_and_coming_back_tells_the_others_its_clocks_only_never_a_whole_sync(live):
    room, a, b, token2 = await _two(live, clock={"base": 100, "increment": 0})
    await _to_turn_2(a, b)
    watcher = await Player.join(live.ws, room["room"], None)
    seen = len(a.frames), len(watcher.frames)
    v = a.v
    await b.close()
    await a.until(lambda f: f["t"] == "clocks" and "away" in (f["clocks"] or {}))
    await Player.join(live.ws, room["room"], token2)
    back = await a.until(lambda f: f["t"] == "clocks" and "away" not in (f["clocks"] or {}))
    await watcher.until(lambda f: f["t"] == "clocks" and "away" not in (f["clocks"] or {}))
    assert back["v"] == v == a.v
    for p, n in zip((a, watcher), seen):
        assert [f["t"] for f in p.frames[n:]] == ["clocks", "clocks"]


# -- claim -------------------------------------------------------------------------------------------------------
async def test_a_claim_before_the_grace_period_ends_is_refused_and_changes_nothing(live):
    room, a, b, _ = await _two(live)
    await _to_turn_2(a, b)
    await b.close()
    await a.until(lambda f: f["t"] == "clocks")
    before = await _status(live, room["room"])
    r = await _post(live, room["room"], "claim", room["token"])
    assert r.status_code == 409 and r.json()["error"] == "grace_not_over" and "забрать через" in r.json()["message"]
    assert await _status(live, room["room"]) == before


async def test_a_claim_against_a_connected_opponent_is_refused(live):
    room, a, b, _ = await _two(live)
    await _to_turn_2(a, b)
    r = await _post(live, room["room"], "claim", room["token"])
    assert r.status_code == 409 and r.json()["error"] == "opponent_present"


GRACE = 2.0    # s: long enough for both players to connect before the seat never seen would abort the game


async def _left_in_turn_2(live_factory):
    """Player 2 leaves in turn 2 and its grace period ends (the room's announcement): (live, room, a)."""
    live = live_factory(disconnect_grace=GRACE)
    room, a, b, _ = await _two(live)
    await _to_turn_2(a, b)
    await b.close()
    await a.until(lambda f: f["t"] == "clocks" and (f["clocks"] or {}).get("away", {}).get("2") == 0, timeout=10)
    return live, room, a


async def test_a_spectator_cannot_claim_the_win(live_factory):
    live, room, a = await _left_in_turn_2(live_factory)
    for token in (None, "x" * 40):
        r = await _post(live, room["room"], "claim", token)
        assert r.status_code == 409 and r.json()["error"] == "not_a_player" and r.json()["message"]
    assert (await _status(live, room["room"]))["status"] == "playing"


async def test_after_the_grace_period_the_present_player_claims_the_win_as_abandoned(live_factory):
    live, room, a = await _left_in_turn_2(live_factory)
    r = await _post(live, room["room"], "claim", room["token"])
    assert r.status_code == 200 and r.json()["result"] == {"winner": 1, "reason": "abandoned"}
    await a.watch(10)
    assert a.result == {"winner": 1, "reason": "abandoned"} and a.view["room"]["status"] == "finished"


async def test_the_replay_of_a_claimed_win_ends_as_abandoned_as_the_room_says(live_factory):
    import httpx
    live, room, a = await _left_in_turn_2(live_factory)
    assert (await _post(live, room["room"], "claim", room["token"])).status_code == 200
    await a.watch(10)
    async with httpx.AsyncClient(timeout=60) as c:
        game = (await c.get(f"{live.http}/api/games/{room['room']}")).json()
        last = (await c.get(f"{live.http}/api/games/{room['room']}/replay?v={10 ** 6}")).json()
    assert game["result"] == {"winner": 1, "reason": "abandoned"}
    assert last["view"]["result"] == {"winner": 1, "reason": "abandoned"}


async def test_a_seat_whose_second_window_closes_after_displacing_the_first_is_away_and_its_win_can_be_claimed(
        live_factory):
    live = live_factory(disconnect_grace=GRACE)
    room, a, first, token2 = await _two(live, clock={"base": 100, "increment": 0})
    watcher = await Player.join(live.ws, room["room"], None)
    await _to_turn_2(a, first)
    await watcher.catch_up(a.v)
    second = await Player.join(live.ws, room["room"], token2)        # the same seat in a second window
    assert await _closed_code(first) == 4002          # the first window is displaced (close 4002), not away
    await second.close()                                             # the seat's last connection is gone
    for p in (a, watcher):
        told = await p.until(lambda f: f["t"] == "clocks")
        assert 0 < told["clocks"]["away"]["2"] <= GRACE * 1000 and told["clocks"]["held"] is True
    await a.until(lambda f: f["t"] == "clocks" and (f["clocks"] or {}).get("away", {}).get("2") == 0, timeout=10)
    r = await _post(live, room["room"], "claim", room["token"])
    assert r.status_code == 200 and r.json()["result"] == {"winner": 1, "reason": "abandoned"}


# -- abort -------------------------------------------------------------------------------------------------------
async def test_either_player_may_abort_during_the_first_players_first_turn(live):
    room, a, b, token2 = await _two(live)
    await _to_turn_1(a, b)
    r = await _post(live, room["room"], "abort", token2)
    assert r.status_code == 200 and r.json()["result"] == {"winner": None, "reason": "aborted"}
    await a.watch(10)
    assert a.result == {"winner": None, "reason": "aborted"}
    assert (await _status(live, room["room"]))["status"] == "finished"


async def test_an_abort_after_the_first_turn_is_refused_and_changes_nothing(live):
    room, a, b, token2 = await _two(live)
    await _to_turn_2(a, b)
    before = await _status(live, room["room"])
    r = await _post(live, room["room"], "abort", token2)
    assert r.status_code == 409 and r.json()["error"] == "too_late_to_abort" and r.json()["message"]
    assert await _status(live, room["room"]) == before


async def test_a_spectator_cannot_abort(live):
    room, a, b, _ = await _two(live)
    r = await _post(live, room["room"], "abort", None)
    assert r.status_code == 409 and r.json()["error"] == "not_a_player"
    assert (await _status(live, room["room"]))["status"] == "preliminary"


async def test_a_seat_that_never_connects_aborts_the_game_when_its_grace_ends(live_factory):
    live = live_factory(disconnect_grace=0.0)
    room = await create_room(live.http, decks=["A", "B"])
    await join_seat(live.http, room["room"])            # seat 2 taken, never connected
    a = await Player.join(live.ws, room["room"], room["token"])
    if a.result is None:
        await a.watch(10)
    assert a.result == {"winner": None, "reason": "aborted"}


# -- rated or casual ---------------------------------------------------------------------------------------------
async def _rated_games(live, player) -> int:
    board = (await call(live.http, "GET", "/api/leaderboard")).json()["players"]
    return next((row["games"] for row in board if row["player"] == player["id"]), 0)


async def _finish(live, ann, bob, body, abort=False):
    r = await call(live.http, "POST", "/api/rooms", ann, {"deck": "A", **body})
    room = r.json()
    seat2 = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})).json()
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    if abort:
        assert (await _post(live, room["room"], "abort", seat2["token"])).status_code == 200
    else:
        await b.act({"act": "concede"})
    await a.watch(10)
    return room


async def test_only_rated_games_count_for_the_leaderboard(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    await _finish(live, ann, bob, {"rated": False})
    assert await _rated_games(live, ann) == 0
    await _finish(live, ann, bob, {}, abort=True)            # rated by default, but aborted
    assert await _rated_games(live, ann) == 0
    await _finish(live, ann, bob, {})                         # rated by default
    assert await _rated_games(live, ann) == 1


async def test_the_rated_choice_is_shown_and_a_game_against_the_computer_is_never_rated(live):
    ann = await new_player(live.http, "Ann")
    casual = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A", "rated": False})).json()
    assert (await _status(live, casual["room"]))["rated"] is False
    bot = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A", "opponent": "bot", "rated": True})).json()
    assert (await _status(live, bot["room"]))["rated"] is False
    bad = await call(live.http, "POST", "/api/rooms", ann, {"deck": "A", "rated": "yes"})
    assert bad.status_code == 400 and "rated" in bad.json()["message"]


async def test_an_aborted_game_is_served_by_the_games_api_as_aborted(live):
    """An aborted game ends without an engine result (the room ends it): its record is still a game the games API
    replays (docs/server.md "Leavers and aborts": recorded, shown as aborted), never a 500."""
    import httpx
    room, a, b, token2 = await _two(live)
    await _to_turn_1(a, b)
    assert (await _post(live, room["room"], "abort", token2)).status_code == 200
    await a.watch(10)
    async with httpx.AsyncClient(timeout=60) as c:
        game = await c.get(f"{live.http}/api/games/{room['room']}")
        step = await c.get(f"{live.http}/api/games/{room['room']}/replay?v=0")
    assert game.status_code == 200, game.text
    assert game.json()["result"] == {"winner": None, "reason": "aborted"}
    assert step.status_code == 200 and step.json()["v"] == 0
