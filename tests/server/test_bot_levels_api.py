"""The computer's level in room bodies (server/bot_levels.py): the four levels are accepted, anything else is a 400
``unknown_level`` naming them, and quick play offers a level near the player's rating."""
from __future__ import annotations

import httpx
import pytest

from tests.server.test_game_real import DECKS


def _real(live_factory, **kw):
    from server.gameapi import real_engine
    return live_factory(engine=real_engine(), bot_think=0.0, **kw)


@pytest.mark.parametrize("bad", ["genius", "", "RANDOM", 3, True, [], {}, ["expert"], {"level": "expert"}])
async def test_an_unknown_level_is_a_400_listing_the_levels(live_factory, bad):
    live = _real(live_factory)
    async with httpx.AsyncClient() as c:
        r = await c.post(live.http + "/api/rooms", json={"opponent": "bot", "bot": bad, "decks": DECKS})
        rooms = (await c.get(live.http + "/api/rooms")).json()
    body = r.json()
    assert r.status_code == 400 and body["error"] == "unknown_level"
    assert body["levels"] == ["beginner", "casual", "strong", "expert"]
    assert all(lv in body["message"] for lv in body["levels"])
    assert rooms["waiting"] == [] and rooms["playing"] == []        # nothing was created


@pytest.mark.parametrize("level", ["beginner", "casual"])
async def test_a_level_seats_the_computer(live_factory, level):
    live = _real(live_factory)
    async with httpx.AsyncClient() as c:
        r = await c.post(live.http + "/api/rooms", json={"opponent": "bot", "bot": level, "decks": DECKS})
        info = (await c.get(f"{live.http}/api/rooms/{r.json()['room']}")).json()
    assert r.status_code == 201
    assert info["bots"] == {"1": None, "2": level}


async def test_quick_play_offers_a_new_player_the_beginner(live_factory):
    from tests.server.harness import Player
    from tests.server.play_util import call, new_player
    live = live_factory(queue_bot_after=0.0, bot_think=0.0)
    ann = await new_player(live.http, "Ann")
    ticket = (await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})).json()["ticket"]
    r = await call(live.http, "POST", f"/api/queue/{ticket}/bot", ann, {})
    p = await Player.join(live.ws, r.json()["room"], r.json()["token"])
    assert p.view["room"]["bots"] == {"1": None, "2": "beginner"}


async def test_quick_play_refuses_an_unknown_level(live_factory):
    from tests.server.play_util import call, new_player
    live = live_factory(queue_bot_after=0.0, bot_think=0.0)
    ann = await new_player(live.http, "Ann")
    ticket = (await call(live.http, "POST", "/api/queue", ann, {"deck": "A"})).json()["ticket"]
    r = await call(live.http, "POST", f"/api/queue/{ticket}/bot", ann, {"bot": {}})
    assert r.status_code == 400 and r.json()["error"] == "unknown_level"
