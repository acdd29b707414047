"""The tutorial's rooms (server/tutorial.py): created with ``"tutorial"`` against the computer, dealt from their
fixed position (and from nothing else), never recorded nor listed publicly (their player sees them in their own
games), aborted by their player at any turn, aborted soon when their learner never connects, closed soon once
their game is over and their learner gone; a bad part or no computer opponent is refused."""
from __future__ import annotations

import re

import httpx
import pytest

import engine
from server.gameapi import real_engine
from server.tutorial import BATTLE, PRELIM_DECKS, new_game
from tests.server.harness import Player
from tests.server.play_util import call, new_player


async def _post(live, body):
    async with httpx.AsyncClient() as c:
        return await c.post(live.http + "/api/rooms", json=body)


async def _battle(live, player: dict | None = None):
    """A battle part's room created by ``player`` (None: nobody named) and its seat 1 connected once the prepared
    position is dealt: ``(seat answer {"room", "seat", "token"}, Player)``."""
    seat = (await call(live.http, "POST", "/api/rooms", player, {"opponent": "bot", "tutorial": "battle"})).json()
    p = await Player.join(live.ws, seat["room"], seat["token"])
    if (p.view or {}).get("phase") != "main":     # the bot seat is taken a moment after the room is created
        await p.until(lambda f: (p.view or {}).get("phase") == "main")
    return seat, p


async def test_a_tutorial_needs_a_known_part_and_the_computer(live_factory):
    live = live_factory(engine=real_engine(), bot_think=0.0)
    for body in ({"opponent": "bot", "tutorial": "nope"}, {"tutorial": "battle"}):
        r = await _post(live, body)
        assert r.status_code == 400 and r.json()["error"] == "bad_request", body


async def test_the_battle_room_starts_from_its_prepared_position(live_factory):
    live = live_factory(engine=real_engine(), bot_think=0.0)
    r = await _post(live, {"opponent": "bot", "tutorial": "battle"})
    assert r.status_code == 201, r.text
    p = await Player.join(live.ws, r.json()["room"], r.json()["token"])
    if (p.view or {}).get("phase") != "main":     # the bot seat is taken a moment after the room is created
        await p.until(lambda f: (p.view or {}).get("phase") == "main")
    cells = {c["cell"]: c["card"] for c in p.view["cards"].values() if c.get("zone") == "battlefield"}
    want = {c["cell"]: c["card"] for c in BATTLE["setup"]["cards"] if c["zone"] == "battlefield"}
    assert cells == want and p.view["active"] == 1 and p.view["turn"] == 1


async def test_a_tutorial_room_is_listed_only_among_its_players_own_games_and_ends_as_aborted(live_factory):
    """Neither the lobby's rooms nor its replays list a learner's practice; the part the tutorial ends (it aborts
    the room when moving on) reads aborted, nobody's win, never a concession."""
    live = live_factory(engine=real_engine(), bot_think=0.0)
    ann = await new_player(live.http, "Ann")
    seat, p = await _battle(live, ann)
    room = seat["room"]
    listed = lambda body: [i["id"] for k in ("waiting", "playing", "finished") for i in body[k]]
    assert room not in listed((await call(live.http, "GET", "/api/rooms")).json())
    assert room in [i["id"] for i in (await call(live.http, "GET", "/api/players/me/games", ann)).json()["live"]]
    r = await call(live.http, "POST", f"/api/rooms/{room}/abort", None, {"token": seat["token"]})
    assert r.status_code == 200 and r.json()["result"] == {"winner": None, "reason": "aborted"}, r.text
    assert room not in listed((await call(live.http, "GET", "/api/rooms")).json())
    mine = (await call(live.http, "GET", "/api/players/me/games", ann)).json()["finished"]
    assert next(i for i in mine if i["id"] == room)["result"] == {"winner": None, "reason": "aborted"}


def test_a_tutorial_room_may_be_aborted_after_the_first_turn_unlike_a_game():
    from types import SimpleNamespace

    from server.room.endings import abort_refusal
    from server.room.status import RoomStatus
    room = lambda options: SimpleNamespace(status=RoomStatus.PLAYING, closed=False, game=SimpleNamespace(turn=4),
                                           options=options)
    assert abort_refusal(room({"tutorial": "prelim"}), 1) is None
    assert abort_refusal(room({}), 1)["code"] == "too_late_to_abort"


def test_the_prelim_part_deals_the_whole_fixed_deck():
    g = new_game(engine, {"tutorial": "prelim"}, 1, [])
    dealt = sorted(c["card"] for c in g.view(1)["cards"].values() if c.get("owner") == 1 and c.get("zone") == "deal")
    assert dealt == sorted(PRELIM_DECKS[0])


def test_a_room_without_a_tutorial_deals_a_new_game_from_its_seed_and_decks():
    decks = [list(d) for d in list(engine.starter_decks().values())[:2]]
    g = new_game(engine, {}, 5, decks)
    assert g.snapshot() == engine.Game.new(seed=5, deck1=decks[0], deck2=decks[1]).snapshot()


def test_a_tutorial_room_restored_without_its_journal_keeps_its_game_log():
    """A room whose snapshot was taken before the deal rebuilds its journal on restore: from the tutorial's
    position, as it was dealt, not from a new game of its seed and decks."""
    import random

    from engine.selfplay import random_action
    from server.bus import memory_bus
    from server.metrics import Metrics
    from server.room import Room, hash_token
    from server.settings import Settings

    opts = {"decks": [None, None], "clock": None, "spectators": True, "tutorial": "battle"}
    room, _ = Room.create("tut", opts, engine, memory_bus(), Settings(fixed_seed=3), Metrics())
    room.seats.tokens[2] = hash_token("two")
    blob = room.snapshot()                   # before the deal: no game, no journal
    room.decks = [[], []]
    room.deal()
    rng, g = random.Random(3), room.game
    for _ in range(12):
        if g.result is None:
            room.apply(g.to_act(), random_action(rng, g.legal_actions(g.to_act())))
    entries = [room.store.log_entry()]
    restored = Room.restore(blob, engine, None, Settings(fixed_seed=3), Metrics(), entries)
    assert restored.v == room.v and not restored.journals.held
    assert restored.journal.groups == room.journal.groups and restored.journal.view(1)


async def test_a_tutorial_room_whose_learner_stays_away_past_the_grace_ends_as_aborted_after_the_first_turn(
        live_factory):
    """The learner closed the page in the computer's turn (past the abort window of a game): once the grace is over
    the room ends as aborted, nobody's win, rather than the computer playing on alone until the learner's time runs
    out."""
    live = live_factory(engine=real_engine(), bot_think=0.0, disconnect_grace=0.2)
    seat = (await _post(live, {"opponent": "bot", "tutorial": "battle"})).json()
    p = await Player.join(live.ws, seat["room"], seat["token"])
    if not any(a["act"] == "end_turn" for a in p.legal or []):
        await p.until(lambda f: any(a["act"] == "end_turn" for a in p.legal or []))
    watcher = await Player.join(live.ws, seat["room"], None)
    assert (await p.act({"act": "end_turn"}))["t"] == "diff"
    await p.close()                           # the learner's page is gone; the computer's turn 2 goes on
    await watcher.watch(30)
    assert watcher.result == {"winner": None, "reason": "aborted"}
    assert watcher.view["turn"] >= 2


async def test_the_battle_room_is_in_play_from_its_first_view_as_its_position_is_a_turn_of_a_game(live_factory):
    """The battle part is dealt at turn 1 of its game (RULES: the preliminary phase is turn 0, over before the
    position): its room reads "playing", in the view and the room's info, before anyone acts."""
    live = live_factory(engine=real_engine(), bot_think=0.0)
    seat, p = await _battle(live)
    info = (await call(live.http, "GET", f"/api/rooms/{seat['room']}")).json()
    assert p.view["room"]["status"] == "playing" and info["status"] == "playing", (p.view["room"], info)
    assert info["v"] == 0 and p.view["room"]["tutorial"] == "battle"


async def test_the_prelim_room_is_in_its_preliminary_phase_until_the_battle_begins(live_factory):
    live = live_factory(engine=real_engine(), bot_think=0.0)
    seat = (await _post(live, {"opponent": "bot", "tutorial": "prelim"})).json()
    p = await Player.join(live.ws, seat["room"], seat["token"])
    if (p.view or {}).get("room", {}).get("status") == "waiting":
        await p.until(lambda f: p.view["room"]["status"] != "waiting")
    assert p.view["room"]["status"] == "preliminary"


@pytest.mark.parametrize("lang, cyrillic", [("ru", True), ("en", False)])
async def test_a_tutorial_room_offers_no_rematch_and_refuses_one_in_words(live_factory, lang, cyrillic):
    """A finished tutorial room is a practice from a fixed position: the rematch is refused with its code and a
    sentence in the asker's language, and no rematch room is made."""
    live = live_factory(engine=real_engine(), bot_think=0.0)
    ann = await new_player(live.http, "Ann")
    seat, p = await _battle(live, ann)
    room = seat["room"]
    await p.act({"act": "concede"})
    if p.result is None:
        await p.watch(10)
    async with httpx.AsyncClient() as c:
        r = await c.post(f"{live.http}/api/rooms/{room}/rematch", json={},
                         headers={**ann["auth"], "accept-language": lang})
    body = r.json()
    assert r.status_code == 409 and body["error"] == "tutorial_no_rematch", r.text
    assert bool(re.search("[а-яё]", body["message"], re.I)) == cyrillic, body
    info = (await call(live.http, "GET", f"/api/rooms/{room}")).json()
    assert info.get("rematch") is None and info["status"] == "finished"


# -- a learner who never comes, a learner who has gone ------------------------------------------------------------
def _tutorial_room(settings=None):
    """A battle part's room on the memory bus, dealt while nobody is connected: ``(room, seat-1 token, the Attach
    of seat 2's connection b)`` (the computer's seat, token "two"). ``settings``: a 600 s grace by default, so that
    a minute is well inside it."""
    from server.bus import memory_bus
    from server.bus import messages as m
    from server.metrics import Metrics
    from server.room import Room, hash_token
    from server.settings import Settings

    opts = {"decks": [None, None], "clock": None, "spectators": True, "tutorial": "battle"}
    settings = settings or Settings(fixed_seed=3, disconnect_grace=600.0)
    room, one = Room.create("tut", opts, engine, memory_bus(), settings, Metrics())
    room.seats.tokens[2] = hash_token("two")
    room.decks = [[], []]
    room.deal()
    return room, one, m.Attach("b", "two")


async def test_a_tutorial_room_whose_learner_never_connects_is_aborted_long_before_the_grace_period_ends():
    """The learner closed the page before its game connection was made: the room waits a short while for a first
    connection (the room wakes for it), then ends as aborted, rather than for a whole grace period."""
    import time

    from server.room import clocks as timers
    from server.room.endings import on_grace_over
    room, _, bot = _tutorial_room()
    await room.audience.attach(bot)
    now = time.monotonic()
    assert timers.timeout(room) < 60
    await on_grace_over(room, now + 60)           # a minute: a tenth of this room's grace period
    assert room.result == {"winner": None, "reason": "aborted"}


async def test_a_tutorial_learner_who_connected_and_left_is_waited_for_the_whole_grace_period():
    import time

    from server.bus import messages as m
    from server.room.endings import on_grace_over
    room, one, bot = _tutorial_room()
    await room.audience.attach(bot)
    await room.audience.attach(m.Attach("c1", one))
    await room.audience.detach("c1")
    await on_grace_over(room, time.monotonic() + 60)
    assert room.result is None


class _Later:
    """Stands for the ``time`` module of server/room/clocks.py: its monotonic clock ``ahead`` seconds ahead."""

    def __init__(self, ahead: float) -> None:
        import time
        self.ahead, self.time = ahead, time

    def monotonic(self) -> float:
        return self.time.monotonic() + self.ahead


async def _finished_tutorial(learner_stays: bool):
    """A tutorial room its learner aborted (the game is over, the guide shows it); the learner's connection then
    left unless ``learner_stays``."""
    from server.bus import messages as m
    from server.room import endings
    room, one, bot = _tutorial_room()
    await room.audience.attach(bot)
    await room.audience.attach(m.Attach("c1", one))
    await endings.abort(room, 1)
    assert room.finished_at is not None
    if not learner_stays:
        await room.audience.detach("c1")
    return room


async def test_a_finished_tutorial_room_closes_soon_after_its_learner_has_gone(monkeypatch):
    from server.room import clocks as timers
    room = await _finished_tutorial(learner_stays=False)
    monkeypatch.setattr(timers, "time", _Later(120))      # two minutes on: far inside the hour of a replay
    assert timers.timeout(room) == 0
    await timers.tick(room)
    assert room.closed and room.gone


async def test_a_finished_tutorial_room_stays_while_its_learner_reads_the_end(monkeypatch):
    from server.room import clocks as timers
    room = await _finished_tutorial(learner_stays=True)
    monkeypatch.setattr(timers, "time", _Later(120))
    await timers.tick(room)
    assert not room.closed


async def test_a_tutorial_room_whose_computer_never_sat_down_closes_soon(monkeypatch):
    """Its creation was answered with an error (no computer opponent could be seated): no learner will come."""
    from server.bus import memory_bus
    from server.metrics import Metrics
    from server.room import Room
    from server.room import clocks as timers
    from server.settings import Settings

    opts = {"decks": [None, None], "clock": None, "spectators": True, "tutorial": "prelim"}
    room, _ = Room.create("tut", opts, engine, memory_bus(), Settings(fixed_seed=3), Metrics())
    monkeypatch.setattr(timers, "time", _Later(120))      # two minutes on: far inside waiting_timeout
    await timers.tick(room)
    assert room.closed and room.gone
