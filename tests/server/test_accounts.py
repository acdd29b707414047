"""Accounts over HTTP: unique names (409 in the request's language), passwords and sign-in on another browser,
sessions that end (sockets closed), throttled failed sign-ins, renames once per 30 days."""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.play_util import call, new_player

PASSWORD = "correct horse battery"


async def _post(live, path, body, player=None, lang="en"):
    headers = dict((player or {}).get("auth", {}), **{"accept-language": lang})
    async with httpx.AsyncClient() as c:
        return await c.post(live.http + path, json=body, headers=headers)


def _as(answer: dict) -> dict:
    return dict(answer, auth={"Authorization": f"Bearer {answer['id']}:{answer['secret']}"})


async def _with_password(live, name):
    p = await new_player(live.http, name)
    r = await call(live.http, "PUT", "/api/players/me/password", p, {"password": PASSWORD})
    assert r.status_code == 200, r.text
    return p


async def _lobby_socket(live, player):
    ws = await connect(live.http.replace("http", "ws") + "/ws/lobby")
    await ws.send(json.dumps({"t": "hello", "auth": f"{player['id']}:{player['secret']}"}))
    assert json.loads(await asyncio.wait_for(ws.recv(), 10))["t"] == "hello"
    return ws


async def test_a_taken_name_is_refused_409_in_the_requests_language(live):
    await new_player(live.http, "Alice")
    for name in ("alice", "\u0410lice", "\uff21\uff4c\uff49\uff43\uff45", " ALICE "):
        en = await _post(live, "/api/players", {"name": name}, lang="en")
        ru = await _post(live, "/api/players", {"name": name}, lang="ru")
        assert en.status_code == ru.status_code == 409 and en.json()["error"] == "name_taken"
        assert "taken" in en.json()["message"] and "занято" in ru.json()["message"]


async def test_invisible_names_are_refused_400(live):
    for name in ("\u3164", "\u2800", "\u200b", "\u3164 \u3164"):
        r = await _post(live, "/api/players", {"name": name}, lang="ru")
        assert r.status_code == 400 and r.json()["error"] == "bad_name" and "им" in r.json()["message"].lower()


async def test_sign_in_with_name_and_password_gives_a_second_session(live):
    ann = await _with_password(live, "Ann")
    r = await _post(live, "/api/sessions", {"name": "ann", "password": PASSWORD})
    assert r.status_code == 201
    second = _as(r.json())
    assert second["id"] == ann["id"] and second["secret"] != ann["secret"]
    for who in (ann, second):
        assert (await call(live.http, "GET", "/api/players/me", who)).json() == {"id": ann["id"], "name": "Ann"}


@pytest.mark.parametrize("body", [{"name": "Ann", "password": "wrong password"}, {"name": "Nobody", "password": PASSWORD},
                                  {"name": 5, "password": PASSWORD}, {"name": "Ann"}, {}, {"name": ["Ann"], "password": {}}])
async def test_a_failed_sign_in_is_refused_and_makes_no_session(live, body):
    await _with_password(live, "Ann")
    r = await _post(live, "/api/sessions", body)
    assert r.status_code in (400, 401) and r.json()["error"] == "sign_in_failed" and r.json()["message"]


async def test_a_player_without_a_password_cannot_be_signed_into(live):
    await new_player(live.http, "Ann")
    r = await _post(live, "/api/sessions", {"name": "Ann", "password": "anything at all"})
    assert r.status_code == 401


async def test_failed_sign_ins_are_throttled_per_name(live):
    await _with_password(live, "Ann")
    for _ in range(5):
        assert (await _post(live, "/api/sessions", {"name": "Ann", "password": "wrong one"})).status_code == 401
    r = await _post(live, "/api/sessions", {"name": "ANN", "password": PASSWORD})
    assert r.status_code == 429 and r.json()["error"] == "throttled" and int(r.headers["retry-after"]) > 0


async def test_failed_sign_ins_are_throttled_per_address(live):
    await _with_password(live, "Ann")
    for i in range(20):
        assert (await _post(live, "/api/sessions", {"name": f"Nobody{i}", "password": "x" * 8})).status_code == 401
    assert (await _post(live, "/api/sessions", {"name": "Ann", "password": PASSWORD})).status_code == 429


async def test_changing_the_password_ends_the_other_sessions_and_closes_their_sockets(live):
    ann = await _with_password(live, "Ann")
    other = _as((await _post(live, "/api/sessions", {"name": "Ann", "password": PASSWORD})).json())
    here, there = await _lobby_socket(live, ann), await _lobby_socket(live, other)
    r = await call(live.http, "PUT", "/api/players/me/password", ann, {"password": "a new password", "current": PASSWORD})
    assert r.status_code == 200 and r.json()["revoked"] == 1
    await asyncio.wait_for(there.wait_closed(), 10)
    assert there.close_code == 4011
    assert (await call(live.http, "GET", "/api/players/me", other)).status_code == 401
    assert (await call(live.http, "GET", "/api/players/me", ann)).status_code == 200
    await here.send(json.dumps({"t": "ping"}))
    assert here.close_code is None
    await here.close()


async def test_a_wrong_current_password_changes_nothing(live):
    ann = await _with_password(live, "Ann")
    r = await call(live.http, "PUT", "/api/players/me/password", ann, {"password": "a new password", "current": "nope"})
    assert r.status_code == 403
    assert (await _post(live, "/api/sessions", {"name": "Ann", "password": PASSWORD})).status_code == 201


async def test_sign_out_everywhere_ends_every_session(live):
    ann = await _with_password(live, "Ann")
    other = _as((await _post(live, "/api/sessions", {"name": "Ann", "password": PASSWORD})).json())
    sock = await _lobby_socket(live, other)
    r = await call(live.http, "POST", "/api/players/me/signout", ann, {"everywhere": True})
    assert r.status_code == 200 and r.json()["revoked"] == 2
    await asyncio.wait_for(sock.wait_closed(), 10)
    assert sock.close_code == 4011
    for who in (ann, other):
        assert (await call(live.http, "GET", "/api/players/me", who)).status_code == 401


async def test_sign_out_needs_a_password(live):
    ann = await new_player(live.http, "Ann")
    r = await call(live.http, "POST", "/api/players/me/signout", ann, {})
    assert r.status_code == 409 and r.json()["error"] == "no_password"
    assert (await call(live.http, "GET", "/api/players/me", ann)).status_code == 200


async def test_short_passwords_are_refused(live):
    ann = await new_player(live.http, "Ann")
    for bad in ("short", 12345678, None, "x" * 129):
        r = await call(live.http, "PUT", "/api/players/me/password", ann, {"password": bad})
        assert r.status_code == 400 and r.json()["error"] == "bad_password"
    assert not (await call(live.http, "GET", "/api/players/me/account", ann)).json()["has_password"]


async def test_a_rename_takes_a_free_name_once_per_30_days(live):
    ann = await new_player(live.http, "Ann")
    await new_player(live.http, "Bob")
    r = await call(live.http, "PATCH", "/api/players/me", ann, {"name": "b\u043eb"})
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    r = await call(live.http, "PATCH", "/api/players/me", ann, {"name": "Anna", "lang": "en"})
    assert r.status_code == 200 and r.json()["name"] == "Anna" and r.json()["lang"] == "en"
    r = await call(live.http, "PATCH", "/api/players/me", ann, {"name": "Annie"})
    assert r.status_code == 409 and r.json()["error"] == "rename_too_soon"
    assert (await call(live.http, "GET", "/api/players/me", ann)).json()["name"] == "Anna"


@pytest.mark.parametrize("body", [{"lang": "de"}, {"name": ""}, {"name": 3}, {"name": "\u2800"}, {"nick": "x"}, [1]])
async def test_a_bad_account_change_changes_nothing(live, body):
    ann = await new_player(live.http, "Ann")
    r = await call(live.http, "PATCH", "/api/players/me", ann, body)
    assert r.status_code == 400
    acc = (await call(live.http, "GET", "/api/players/me/account", ann)).json()
    assert acc["name"] == "Ann" and acc["lang"] is None and acc["name_changed"] is None


async def test_a_lobby_socket_with_bad_credentials_is_closed_4005(live):
    ws = await connect(live.http.replace("http", "ws") + "/ws/lobby")
    await ws.send(json.dumps({"t": "hello", "auth": "nobody:secret"}))
    await asyncio.wait_for(ws.wait_closed(), 10)
    assert ws.close_code == 4005


SHAPES = [[], [1], 1, "x", True, {"name": {"a": 1}}, {"name": ["Ann"], "password": 5}, {"password": []},
          {"everywhere": "yes"}, {"to": {}, "deck": [], "clock": 1}, {"deck": {"preset": []}}, {"lang": ["ru"]},
          {"name": "A" * 10000}, {"x": 1}]
ENDPOINTS = [("POST", "/api/sessions"), ("PATCH", "/api/players/me"), ("PUT", "/api/players/me/password"),
             ("POST", "/api/players/me/signout"), ("POST", "/api/friends"), ("POST", "/api/challenges"),
             ("POST", "/api/challenges/nope/accept"), ("POST", "/api/players")]


async def test_no_body_shape_gets_a_500_or_changes_the_account(live):
    ann = await _with_password(live, "Ann")
    before = (await call(live.http, "GET", "/api/players/me/account", ann)).json()
    async with httpx.AsyncClient() as c:
        for method, path in ENDPOINTS:
            for body in SHAPES:
                r = await c.request(method, live.http + path, json=body, headers=ann["auth"])
                assert 400 <= r.status_code < 500 and r.json()["error"] and r.json()["message"], (path, body)
            r = await c.request(method, live.http + path, content=b"{not json", headers=ann["auth"])
            assert r.status_code == 400, path
    assert (await call(live.http, "GET", "/api/players/me/account", ann)).json() == before
    assert (await call(live.http, "GET", "/api/friends", ann)).json()["outgoing"] == []


ENGLISH_WORDS = ("must", "the", "is", "be", "or", "request", "bad")


@pytest.mark.parametrize("lang, want", [(None, "ru"), ("ru", "ru"), ("en", "en")])
async def test_a_refused_answer_reads_in_one_language(live, lang, want):
    ann = await _with_password(live, "Ann")
    headers = dict(ann["auth"], **({"accept-language": lang} if lang else {}))
    async with httpx.AsyncClient() as c:
        r = await c.post(live.http + "/api/players/me/signout", json={"everywhere": "yes"}, headers=headers)
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    words = set(r.json()["message"].replace("'", " ").replace(".", " ").lower().split())
    cyrillic = any("\u0400" <= ch <= "\u04ff" for ch in r.json()["message"])
    assert cyrillic == (want == "ru") and (want == "en") == bool(words & set(ENGLISH_WORDS))
