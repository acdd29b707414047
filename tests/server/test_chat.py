"""Players' chat, a separate spectators' chat, length and rate limits, plain text."""
from __future__ import annotations

import asyncio

import pytest

from server.chat import BURST, CHAT_MAX, ChatRefused, RoomChat, clean_text
from tests.server.harness import Player
from tests.server.play_util import call, new_player


async def _room_with_spectator(live):
    ann, bob = await new_player(live.http, "Ann"), await new_player(live.http, "Bob")
    room = (await call(live.http, "POST", "/api/rooms", ann, {"deck": "A"})).json()
    seat2 = (await call(live.http, "POST", f"/api/rooms/{room['room']}/join", bob, {"deck": "B"})).json()
    a = await Player.join(live.ws, room["room"], room["token"])
    b = await Player.join(live.ws, room["room"], seat2["token"])
    s = await Player.join(live.ws, room["room"], None)
    b.token = seat2["token"]
    return a, b, s


def _chats(p: Player) -> list[dict]:
    return [f for f in p.frames if f["t"] == "chat"]


async def _drain(p: Player, seconds: float = 0.3) -> None:
    try:
        await p.until(lambda f: False, seconds)
    except (TimeoutError, asyncio.TimeoutError):
        pass


async def test_a_players_message_reaches_the_other_player_and_not_the_spectators(live):
    a, b, s = await _room_with_spectator(live)
    await a.send({"t": "chat", "text": "<b>hi</b>"})
    line = await b.until(lambda f: f["t"] == "chat")
    assert line == {"t": "chat", "channel": "players", "seat": 1, "name": "Ann", "text": "<b>hi</b>", "n": 1}
    await _drain(s)
    assert _chats(s) == []


async def test_a_spectators_message_never_reaches_a_seat_during_the_game(live):
    a, b, s = await _room_with_spectator(live)
    s2 = await Player.join(live.ws, a.view["room"]["id"], None)
    await s.send({"t": "chat", "text": "his hand is weak"})
    line = await s2.until(lambda f: f["t"] == "chat")
    assert line["channel"] == "spectators" and line["seat"] is None
    await _drain(a)
    await _drain(b)
    assert _chats(a) == [] and _chats(b) == []


async def test_a_returning_player_gets_the_players_chat_history_and_a_late_spectator_does_not(live):
    a, b, s = await _room_with_spectator(live)
    await a.send({"t": "chat", "text": "gl hf"})
    await b.until(lambda f: f["t"] == "chat")
    await b.close()
    back = await Player.join(live.ws, a.view["room"]["id"], b.token)
    await _drain(back)
    assert [f["text"] for f in _chats(back)] == ["gl hf"]
    late = await Player.join(live.ws, a.view["room"]["id"], None)
    await _drain(late)
    assert _chats(late) == []


async def test_a_chat_flood_is_limited_and_the_room_keeps_running(live):
    a, b, s = await _room_with_spectator(live)
    for i in range(BURST + 5):
        await a.send({"t": "chat", "text": f"spam {i}"})
    await _drain(a, 0.5)
    await _drain(b, 0.2)
    codes = [e["code"] for e in a.errors]
    assert len(_chats(b)) == BURST and codes.count("chat_limited") == 5
    answer = await a.act({"act": "choose", "option": "keep"})
    assert answer["t"] == "diff"


async def test_empty_long_or_control_messages_are_refused(live):
    a, b, s = await _room_with_spectator(live)
    for text in ("", "   ", "x" * (CHAT_MAX + 1), "bell\x07"):
        await a.send({"t": "chat", "text": text})
    await _drain(a, 0.5)
    assert [e["code"] for e in a.errors] == ["bad_message"] * 4
    await _drain(b, 0.2)
    assert _chats(b) == []


def test_clean_text_refuses_invisible_characters():
    for text in ("a\u202eb", "a\u200bb", "\n"):
        with pytest.raises(ChatRefused):
            clean_text(text)
    assert clean_text("  привет ") == "привет"


def test_rate_bucket_refills_over_time():
    chat = RoomChat()
    for i in range(BURST):
        chat.post("c", 1, "Ann", "x", 0.0)
    with pytest.raises(ChatRefused):
        chat.post("c", 1, "Ann", "x", 0.0)
    assert chat.post("c", 1, "Ann", "x", 10.0).n == BURST + 1


@pytest.mark.parametrize("text", ["\u3164", "\u3164\u3164 \u3164", "\u2800\u2800", "\uffa0", "\u115f\u1160"])
def test_a_line_without_a_visible_character_is_refused(text):
    with pytest.raises(ChatRefused) as e:
        clean_text(text)
    assert e.value.code == "bad_message"


def test_a_line_with_one_visible_character_among_fillers_is_kept():
    assert clean_text("\u3164a") == "\u3164a"


def test_many_connections_from_one_address_share_its_rate_limit():
    chat = RoomChat()
    sent = 0
    for i in range(40):
        try:
            chat.post(f"c{i}", None, "", "hi", 0.0, addr="10.0.0.1")
            sent += 1
        except ChatRefused as e:
            assert e.code == "chat_limited"
    assert sent == BURST


def test_a_rooms_channel_has_a_rate_limit_across_all_its_addresses():
    from server.chat import ROOM_BURST
    chat = RoomChat()
    sent = 0
    for i in range(40):
        try:
            chat.post(f"c{i}", None, "", "hi", 0.0, addr=f"10.0.0.{i}")
            sent += 1
        except ChatRefused:
            pass
    assert sent == ROOM_BURST


def test_the_room_limit_of_one_channel_leaves_the_other_channel_alone():
    from server.chat import ROOM_BURST
    chat = RoomChat()
    for i in range(ROOM_BURST):
        chat.post(f"s{i}", None, "", "hi", 0.0, addr=f"10.0.1.{i}")
    assert chat.post("p1", 1, "Ann", "hi", 0.0, addr="10.0.2.1").channel == "players"
