"""A returning player's lobby lays out like a new one (the "you play as" line spans the grid instead of taking a
column), "my games" names the opponent and the player's own deck in words, and every lobby row says in words whether
its game is rated or casual."""
from __future__ import annotations

from tests.e2e.players import enter_lobby, room_of


def test_a_returning_players_lobby_and_my_games_in_words(bot_server, new_page):
    page = new_page("en-US")
    enter_lobby(page, bot_server, "Returner")
    deck = page.locator("#bot-deck option[value^='preset:']").first
    name = deck.inner_text()
    page.select_option("#bot-deck", deck.get_attribute("value"))
    page.click("[data-testid=play-bot]")
    room = room_of(page)
    page.wait_for_selector("[data-testid=prompt]")
    assert page.inner_text(".room-bar [data-testid=room-rated]") == "casual"    # the room page says it too
    page.goto(bot_server.url + "/")
    row = page.locator(f".my-games li.room[data-room='{room}']")
    row.wait_for()
    text = row.inner_text()
    assert "Computer (beginner)" in text and f"your deck: {name}" in text, text
    assert row.locator("[data-testid=room-rated]").inner_text() == "casual"     # a game against the computer
    boxes = page.evaluate("""() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
        return {lobby: r('.lobby').width, who: r('.lobby > .whoami').width, whoHeight: r('.lobby > .whoami').height,
                top: r('.play-modes').top, whoBottom: r('.lobby > .whoami').bottom}; }""")
    assert boxes["who"] > boxes["lobby"] * 0.9 and boxes["whoHeight"] < 60, boxes   # one line across the grid
    assert boxes["top"] >= boxes["whoBottom"], boxes


def _create(page, server, name: str, rated: bool) -> str:
    """Create a room from the lobby form, rated or casual; returns its id."""
    enter_lobby(page, server, name)
    box = page.locator("#create-form [data-testid=rated]")
    if box.is_checked() != rated:
        box.click()
    page.click("[data-testid=create-room]")
    return room_of(page)


def test_the_open_rooms_say_in_words_whether_the_game_is_rated_or_casual(bot_server, new_page):
    rated = _create(new_page(), bot_server, "Ann", True)
    casual = _create(new_page(), bot_server, "Bob", False)
    for locale, words in (("ru-RU", ("рейтинговая", "товарищеская")), ("en-US", ("rated", "casual"))):
        page = new_page(locale)
        enter_lobby(page, bot_server, "Sam")
        for room, word in zip((rated, casual), words):
            label = page.locator(f".rooms li.room[data-room='{room}'] [data-testid=room-rated]")
            label.wait_for()
            assert label.inner_text() == word, (locale, room)


def test_a_game_in_progress_among_my_games_reads_in_progress_not_a_friends_presence(bot_server, new_page):
    """The lobby row's status of a game in play is the lobby's words ("in progress", «идёт игра»); the friends
    panel's "playing" («играет») says what a friend is doing and is another text."""
    for locale, words in (("en-US", "in progress"), ("ru-RU", "идёт игра")):
        page = new_page(locale)
        enter_lobby(page, bot_server, "Inprogress" if locale == "en-US" else "Идущая")
        room = page.evaluate("""async () => (await (await import('/js/api.js')).createRoom(
            {opponent: 'bot', tutorial: 'battle'})).room""")       # the tutorial's battle is in play from its deal
        page.reload()
        row = page.locator(f".my-games li.room[data-room='{room}']")
        row.wait_for()
        assert row.locator(".room-status").inner_text() == words
