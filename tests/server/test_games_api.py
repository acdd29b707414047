"""Finished games are recorded in the store and replayed step by step (server/games_api.py, server/replay.py):
whole games through the real engine and a real uvicorn, a spectator watching live as the reference."""
from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from server.store import hash_secret
from server.store.sql import SqlStore
from server.app import create_app
from server.settings import Settings
from tests.server.harness import LiveServer, Player, create_room, join_seat

DECKS = ["Forests-Mountains (classic 2003)", "Steppes-Swamps (2023 relaunch cards)"]


def random_bot(seed: int):
    rng = random.Random(seed)
    return lambda legal, view: rng.choice([a for a in legal if a["act"] != "concede"] or legal)


class Spectator(Player):
    """A spectator that remembers its view at every version it saw."""

    seen: dict

    async def recv(self, timeout: float = 10.0) -> dict:
        frame = await super().recv(timeout)
        if frame["t"] in ("sync", "diff") and self.view is not None:
            self.seen = getattr(self, "seen", {})
            self.seen[self.v] = {k: v for k, v in self.view.items() if k not in ("room", "journal")}
            self.journal = self.view["journal"]
        return frame


@pytest.fixture(scope="module")
async def finished(tmp_path_factory):
    """A real game between two registered players, played to its end with a spectator watching (once for the
    module): ``(live, room id, spectator, {"ann": (id, secret), "bob": ...})``."""
    from server.gameapi import real_engine
    tmp_path = tmp_path_factory.mktemp("games")
    settings = Settings(rate_per_sec=1000.0, rate_burst=1000, fixed_seed=3, data_dir=str(tmp_path))
    with LiveServer(create_app(settings, engine=real_engine())) as live:
        yield await _play(live, tmp_path)


async def _play(live, tmp_path):
    side = SqlStore(f"sqlite+aiosqlite:///{tmp_path}/berserk.sqlite3")     # the same file, the test's own engine
    await side.start()
    ann = await side.create_player("Ann", hash_secret("ann-secret"))
    bob = await side.create_player("Bob", hash_secret("bob-secret"))
    await side.close()
    room = await create_room(live.http, decks=DECKS)
    seat2 = await join_seat(live.http, room["room"])
    live.app.state.hub.rooms.rooms[room["room"]].seats.players.update({1: ann["id"], 2: bob["id"]})  # play's seat flow
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    s = await Spectator.join(live.ws, room["room"], None)
    await asyncio.gather(a.play(random_bot(1), 400, timeout=120), b.play(random_bot(2), 400, timeout=120),
                         s.watch(120))
    for p in (a, b, s):
        await p.close()
    return live, room["room"], s, {"ann": (ann["id"], "ann-secret"), "bob": (bob["id"], "bob-secret")}


async def _get(live, path: str, **headers) -> httpx.Response:
    async with httpx.AsyncClient(timeout=60) as c:     # the first request of a game replays it
        return await c.get(live.http + path, headers=headers)


async def test_a_finished_game_is_listed_for_both_players_with_its_result(finished):
    live, room, s, who = finished
    for name in ("ann", "bob"):
        games = (await _get(live, f"/api/games?player={who[name][0]}")).json()["games"]
        assert [g["id"] for g in games] == [room]
        assert games[0]["result"] == s.result and games[0]["version"] == s.v
        assert games[0]["names"] == {"1": "Ann", "2": "Bob"} and games[0]["rated"] is True
        assert games[0]["duration"] >= 0 and games[0]["started"] > 0


async def test_one_game_comes_with_its_turns_but_never_its_seed_or_log(finished):
    live, room, s, _ = finished
    game = (await _get(live, f"/api/games/{room}")).json()
    assert game["n"] == s.v and game["result"] == s.result
    assert not {"seed", "decks", "log"} & set(game)
    assert game["turns"][0] == {"turn": 0, "v": 0}
    assert [t["turn"] for t in game["turns"]] == sorted(t["turn"] for t in game["turns"])


async def test_a_rated_game_moves_both_players_on_the_leaderboard(finished):
    live, _, s, who = finished
    board = (await _get(live, "/api/leaderboard")).json()["players"]
    assert {r["player"] for r in board} == {who["ann"][0], who["bob"][0]}
    assert [r["rank"] for r in board] == [1, 2] and all(r["games"] == 1 for r in board)
    if s.result["winner"] in (1, 2):
        winner = who["ann" if s.result["winner"] == 1 else "bob"][0]
        assert board[0]["player"] == winner and board[0]["rating"] > 1500 > board[1]["rating"]


async def test_each_replayed_version_is_what_the_spectator_saw_then(finished):
    live, room, s, _ = finished
    versions = sorted(v for v in s.seen if v % 9 == 0) + [s.v]
    for v in versions:
        body = (await _get(live, f"/api/games/{room}/replay?v={v}")).json()
        assert body["v"] == v and body["n"] == s.v
        assert body["view"] == s.seen[v], f"version {v}"


async def test_the_replay_reproduces_the_recorded_final_state(finished):
    live, room, s, _ = finished
    body = (await _get(live, f"/api/games/{room}/replay?v={10 ** 6}")).json()
    assert body["v"] == s.v
    assert body["view"] == s.seen[s.v] and body["view"]["result"] == s.result


async def test_a_seat_replay_is_for_that_seats_player_only(finished):
    live, room, _, who = finished
    url = f"/api/games/{room}/replay?v=5&seat=1"
    assert (await _get(live, url)).json()["error"] == "unauthorized"
    wrong = await _get(live, url, authorization=f"Bearer {who['ann'][0]}:not-the-secret")
    assert wrong.status_code == 401
    other = await _get(live, url, authorization=f"Bearer {who['bob'][0]}:{who['bob'][1]}")
    assert (other.status_code, other.json()["error"]) == (403, "forbidden")
    own = await _get(live, url, authorization=f"Bearer {who['ann'][0]}:{who['ann'][1]}")
    assert own.status_code == 200 and own.json()["view"]["viewer"] == 1


async def test_the_replay_log_is_complete_and_numbered_by_turn(finished):
    live, room, s, _ = finished
    groups = (await _get(live, f"/api/games/{room}/log")).json()["log"]
    entries = [e for g in groups for e in g["entries"]]
    vs = [e["v"] for e in entries]
    assert vs == sorted(set(vs)) and vs[0] == 0 and vs[-1] == s.v      # each version once, in order, to the end
    turns = [g["turn"] for g in groups]
    assert turns == sorted(set(turns))
    assert sum(len(e["events"]) for e in entries) > len(s.seen[s.v]["log"])   # more than the view's window
    assert groups == s.journal                      # the room's own complete log is the same one
    assert all(ev.get("to") not in (1, 2) for e in entries for ev in e["events"])   # no seat-only event, spectator


@pytest.mark.parametrize("path, code", [
    ("/api/games", "bad_request"),
    ("/api/games?player=x&limit=abc", "bad_request"),
    ("/api/games?player=x&limit=0", "bad_request"),
    ("/api/games?player=x&before=soon", "bad_request"),
    ("/api/games/nope", "game_not_found"),
    ("/api/games/nope/replay?v=1", "game_not_found"),
    ("/api/games/nope/log", "game_not_found"),
    ("/api/games/nope/replay?v=-1", "bad_request"),
    ("/api/games/nope/replay?seat=3", "bad_request"),
    ("/api/leaderboard?limit=1000", "bad_request"),
    ("/api/leaderboard?offset=-1", "bad_request"),
])
async def test_bad_input_gets_a_4xx_with_a_code(live, path, code):
    r = await _get(live, path)
    assert 400 <= r.status_code < 500 and r.json()["error"] == code


@pytest.mark.parametrize("logged, reason", [
    ({"act": "concede"}, "concession"),                         # a claimed win recorded before its reason was logged
    ({"act": "concede", "reason": "abandoned"}, "abandoned")])
def test_a_recorded_claimed_win_replays_with_the_reason_its_log_gives(logged, reason):
    from engine import load_deck
    from server.gameapi import real_engine
    from server.replay import Replay
    record = {"seed": 7, "decks": [load_deck(DECKS[0]), load_deck(DECKS[1])], "log": [[2, logged]], "version": 1,
              "result": {"winner": 1, "reason": "abandoned"}}
    replay = Replay(real_engine(), record)
    assert replay.view(replay.n, None)["result"] == {"winner": 1, "reason": reason}
