"""Players get an id and a secret for a valid display name; names are validated and shown."""
from __future__ import annotations

import pytest

from server.names import NAME_MAX, BadName, clean_name
from tests.server.harness import Player
from tests.server.play_util import call, new_player


@pytest.mark.parametrize("raw", ["", "   ", "a" * (NAME_MAX + 1), "bad\x00name", "tab\tname", "new\nline",
                                 "rtl\u202eoverride", "zero\u200bwidth", 42, None, ["Ann"]])
def test_bad_names_are_refused(raw):
    with pytest.raises(BadName):
        clean_name(raw)


def test_names_are_normalized_and_trimmed():
    assert clean_name("  Иван   Грозный ") == "Иван Грозный"


@pytest.mark.parametrize("raw", ["Ann", "Иван Грозный", "Tester 7", "Ｊｏｓｅ", "José", "李小龙", "हिन्दी", "Ёжик 2"])
def test_letters_digits_and_spaces_make_a_name(raw):
    assert clean_name(raw) == " ".join(raw.split())


@pytest.mark.parametrize("raw", ["<b>bold</b>", "a_b", "Ann!", "x.y", "⠀", "☺", "Ann (2)", "a-b"])
def test_a_name_with_anything_but_letters_digits_and_spaces_is_refused(raw):
    with pytest.raises(BadName) as e:
        clean_name(raw)
    assert e.value.text("ru") and str(e.value) and e.value.code == "bad_name"


async def test_sign_up_and_rename_refuse_markup_in_a_name_in_the_requests_language(live):
    r = await call(live.http, "POST", "/api/players", body={"name": "<b>bold</b>"})
    assert r.status_code == 400 and r.json()["error"] == "bad_name"
    assert r.json()["message"] == "В имени могут быть только буквы, цифры и пробелы."
    ann = await new_player(live.http, "Ann")
    r = await call(live.http, "PATCH", "/api/players/me", ann, {"name": "<b>Ann</b>"})
    assert r.status_code == 400 and r.json()["error"] == "bad_name"
    assert (await call(live.http, "GET", "/api/players/me", ann)).json()["name"] == "Ann"


async def test_creating_a_player_returns_id_secret_and_the_clean_name(live):
    p = await new_player(live.http, "  Ann  ")
    assert p["name"] == "Ann" and len(p["secret"]) >= 24 and p["id"]
    r = await call(live.http, "GET", "/api/players/me", p)
    assert r.status_code == 200 and r.json() == {"id": p["id"], "name": "Ann"}


async def test_bad_name_gets_400_bad_name(live):
    for body in ({"name": ""}, {"name": "x" * 100}, {"name": "a\x07b"}, {"name": 5}, {}):
        r = await call(live.http, "POST", "/api/players", body=body)
        assert r.status_code == 400 and r.json()["error"] == "bad_name", body
    r = await call(live.http, "POST", "/api/players", body={"name": "Ann", "admin": True})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"


async def test_wrong_secret_is_unauthorized(live):
    p = await new_player(live.http)
    forged = {"auth": {"Authorization": f"Bearer {p['id']}:{'x' * 32}"}}
    assert (await call(live.http, "GET", "/api/players/me", forged)).status_code == 401
    garbage = {"auth": {"Authorization": "Bearer nonsense"}}
    assert (await call(live.http, "POST", "/api/rooms", garbage, {})).status_code == 401


async def test_names_reach_the_lobby_the_board_and_spectators(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A"})).json()
    seat2 = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})).json()
    assert seat2["seat"] == 2
    info = (await call(live.http, "GET", f"/api/rooms/{room['room']}")).json()
    assert info["players"] == {"1": "Ann", "2": "Bob"} and "owners" not in info
    listed = (await call(live.http, "GET", "/api/rooms")).json()
    assert all("owners" not in i for k in ("waiting", "playing", "finished") for i in listed[k])
    s = await Player.join(live.ws, room["room"], None)
    assert s.view["room"]["players"] == {"1": "Ann", "2": "Bob"}
    await s.close()


async def test_my_games_lists_the_rooms_a_player_sits_in(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    mine = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A"})).json()
    await call(live.http, "POST", "/api/rooms", bob, {"deck": "A"})
    games = (await call(live.http, "GET", "/api/players/me/games", ann)).json()
    assert [g["id"] for g in games["live"]] == [mine["room"]] and games["live"][0]["seat"] == 1
    assert (await call(live.http, "GET", "/api/players/me/games")).status_code == 401


async def test_a_name_kept_before_the_letters_digits_and_spaces_rule_still_signs_in_and_shows(live):
    from server.store import hash_secret
    row = await live.app.state.hub.store.create_player("<b>Old_name!", hash_secret("s" * 32))
    old = {"auth": {"Authorization": f"Bearer {row['id']}:{'s' * 32}"}}
    r = await call(live.http, "GET", "/api/players/me", old)
    assert r.status_code == 200 and r.json()["name"] == "<b>Old_name!"
    assert (await call(live.http, "GET", "/api/profiles/%3Cb%3EOld_name%21")).json()["name"] == "<b>Old_name!"


async def test_my_games_show_the_players_under_the_names_they_have_now(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    live_room = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A"})).json()["room"]
    await call(live.http, "POST", f"/api/rooms/{live_room}/join", bob, {"deck": "B"})
    ended = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A"})).json()
    await call(live.http, "POST", f"/api/rooms/{ended['room']}/join", bob, {"deck": "B"})
    a = await Player.join(live.ws, ended["room"], ended["token"])
    await a.act({"act": "concede"})
    await a.close()
    assert (await call(live.http, "PATCH", "/api/players/me", ann, {"name": "Anna"})).status_code == 200
    games = (await call(live.http, "GET", "/api/players/me/games", bob)).json()
    rooms = {g["id"]: g for rows in games.values() for g in rows}
    assert rooms[live_room]["players"]["1"] == "Anna"
    assert rooms[ended["room"]]["players"]["1"] == "Anna"
