"""No bad input gets a 5xx (server/http_guard.py, server/http_body.py): a property test (hypothesis) over every HTTP
route of the app, every method, with fuzzed path parameters, bodies and credentials, on the real engine and a SQLite
store. Each answer is a success or a 4xx in the error shape of docs/server.md (``{"error", "message"}``); a refusal
changes nothing (the lobby's rooms and their setup, the player, its saved decks and the room read the same before and
after; the play of a room a computer opponent plays in goes on by itself). The cases
found by black-box probes are pinned below as examples."""
from __future__ import annotations

import json
import sqlite3
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from sqlalchemy.exc import OperationalError
from starlette.routing import Route

from server.app import create_app
from server.gameapi import real_engine
from server.settings import Settings
from tests.server.harness import LiveServer

WEIRD = ["\t", "\n", "\u202e", "\u200b", "\x00", "\ud800", "\u3164", "\u2800", "\ufeff", "é", "😀", "%", "/", ".."]
TEXT = st.text(max_size=20) | st.sampled_from(WEIRD) | st.lists(st.sampled_from(WEIRD + ["a", " "]), max_size=6).map(
    "".join)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | TEXT,
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(TEXT, kids, max_size=4), max_leaves=12)
FIELDS = st.sampled_from(["decks", "deck", "bot_deck", "clock", "spectators", "autopass", "opponent", "bot", "name",
                          "cards", "lang", "code", "preset", "text"])
BODIES = (st.dictionaries(FIELDS, JSON, max_size=4).map(json.dumps)
          | JSON.map(json.dumps) | st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
PARAMS = st.sampled_from(["<room>", "<deck>", "<ticket>", "<game>", "%00", "a%00b", "%ED%A0%80", "%E2%80%AE",
                          "x" * 300, "..%2F..", "%20", "1"]) | st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12).map(lambda t: quote(t, safe=""))
AUTH = st.sampled_from(["good", "none", "bad", "garbage"])


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    app = create_app(Settings(data_dir=str(tmp_path_factory.mktemp("fuzz")), create_burst=100000,
                              create_per_min=100000.0, max_rooms=100000), engine=real_engine())
    limitless = 10.0 ** 9          # the failed-auth throttle (tested in test_web_security.py) stays out of the way
    app.state.hub.auth_throttle.rates = {"address": (limitless, limitless), "target": (limitless, limitless)}
    with LiveServer(app) as live:
        with httpx.Client(base_url=live.http, timeout=20) as c:
            player = c.post("/api/players", json={"name": "Fuzz"}).json()
            live.auth = {"authorization": f"Bearer {player['id']}:{player['secret']}"}
            deck = c.post("/api/players/me/decks", headers=live.auth, json={"name": "Mine", "cards": []}).json()
            room = c.post("/api/rooms", json={}).json()
            ticket = c.post("/api/queue", headers=live.auth, json={}).json()
            live.ids = {"<room>": room["room"], "<deck>": deck["id"], "<ticket>": ticket.get("ticket", "t"),
                        "<game>": room["room"]}
        yield live


def _routes(app) -> list[tuple[str, str]]:
    out = []
    for route in app.routes:
        if isinstance(route, Route):
            out += [(m, route.path) for m in sorted(route.methods or ()) if m != "HEAD"]
    return out


#: What a room's lobby entry says of its play, which moves on its own while a computer opponent plays in it (a case
#: below creates such a room): a refusal is not to change the rest.
PLAY = ("v", "status", "result", "watching")


def _lobby(rooms: dict) -> str:
    """The lobby's rooms (every list together, by id) without :data:`PLAY` and whether a seat is connected."""
    entries = []
    for r in (r for key in ("waiting", "playing", "finished") for r in rooms.get(key, [])):
        entry = {k: v for k, v in r.items() if k not in PLAY}
        entry["seats"] = {s: seat.get("taken") for s, seat in (r.get("seats") or {}).items()}
        entries.append(entry)
    return json.dumps(sorted(entries, key=lambda e: e["id"]), sort_keys=True)


def _fingerprint(c: httpx.Client, live) -> tuple:
    rooms = c.get("/api/rooms").json()
    return (_lobby(rooms), c.get("/api/players/me", headers=live.auth).text,
            json.dumps(c.get("/api/players/me/decks", headers=live.auth).json(), sort_keys=True),
            c.get(f"/api/rooms/{live.ids['<room>']}").text)


def _headers(live, auth: str) -> dict:
    h = {"content-type": "application/json"}
    if auth == "good":
        h.update(live.auth)
    elif auth == "bad":
        h["authorization"] = "Bearer abcdefgh:" + "x" * 30
    elif auth == "garbage":
        h["authorization"] = b"Bearer \xe9:\xe9"
    return h


def _check(c: httpx.Client, live, method: str, path: str, body: str, auth: str) -> httpx.Response:
    before = _fingerprint(c, live)
    content = body.encode("utf-8", "surrogatepass") if method in ("POST", "PATCH", "PUT", "DELETE") else None
    r = c.request(method, path, content=content, headers=_headers(live, auth))
    assert r.status_code < 500, (method, path, body[:80], r.status_code, r.text[:200])
    if r.status_code >= 400 and r.status_code != 405:
        err = r.json()
        assert {"error", "message"} <= set(err) and isinstance(err["message"], str), (method, path, r.text)
        assert _fingerprint(c, live) == before, (method, path, body[:80], "a refusal changed the state")
    return r


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(route=st.integers(0, 10_000), param=PARAMS, body=BODIES, auth=AUTH)
@example(route=0, param="%00", body="{}", auth="good")
def test_no_route_answers_fuzzed_input_with_a_server_error_and_no_refusal_changes_anything(site, route, param, body,
                                                                                          auth):
    routes = _routes(site.app)
    method, path = routes[route % len(routes)]
    value = site.ids.get(param, param)
    for name in ("room", "deck", "ticket", "game", "id", "player"):
        path = path.replace("{" + name + "}", value)
    with httpx.Client(base_url=site.http, timeout=20) as c:
        _check(c, site, method, path, body, auth)


@pytest.mark.parametrize("name", ["a\tb", "a\nb", "a\u202eb", "a\u200bb", "a\x00b", "a\ud800b"])
def test_a_saved_deck_name_with_a_control_or_invisible_character_is_a_400(site, name):
    body = json.dumps({"name": name, "cards": []})
    with httpx.Client(base_url=site.http, timeout=20) as c:
        r = _check(c, site, "POST", "/api/players/me/decks", body, "good")
    assert r.status_code == 400


@pytest.mark.parametrize("method,path", [("POST", "/api/rooms"), ("POST", "/api/rooms/<room>/join"),
                                         ("POST", "/api/rooms/<room>/deck"), ("POST", "/api/queue"),
                                         ("POST", "/api/decks/validate"), ("POST", "/api/decks/export")])
def test_a_lone_surrogate_deck_is_a_400(site, method, path):
    path = path.replace("<room>", site.ids["<room>"])
    with httpx.Client(base_url=site.http, timeout=20) as c:
        r = _check(c, site, method, path, '{"deck": "\\ud800"}', "good")
    assert r.status_code == 400


@pytest.mark.parametrize("bot", [[], {}, 1, None, "no-such-bot"])
def test_a_room_with_a_malformed_bot_is_a_400(site, bot):
    with httpx.Client(base_url=site.http, timeout=20) as c:
        r = _check(c, site, "POST", "/api/rooms", json.dumps({"bot": bot, "opponent": "bot"}), "none")
    assert r.status_code in (201, 400)
    assert bot in (None,) or r.status_code == 400


@pytest.mark.parametrize("path", ["/api/rooms/%00", "/api/games/%00", "/api/players/me/decks/%00",
                                  "/api/queue/%00"])
def test_a_nul_in_a_path_parameter_is_a_400(site, path):
    with httpx.Client(base_url=site.http, timeout=20) as c:
        r = c.get(path, headers=site.auth)
    assert r.status_code == 400 and r.json()["error"] == "bad_request"


def test_creating_a_player_while_the_disk_is_full_is_a_503_not_a_500(site):
    store = site.app.state.hub.store
    real = store.create_player

    async def full(*a, **k):
        raise OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
    store.create_player = full
    try:
        r = httpx.post(site.http + "/api/players", json={"name": "Disk"}, timeout=20)
    finally:
        store.create_player = real
    assert r.status_code == 503 and r.json()["error"] == "unavailable"
