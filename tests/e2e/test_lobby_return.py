"""A returning player's lobby lays out like a new one (the "you play as" line spans the grid instead of taking a
column), and "my games" names the opponent and the player's own deck in words."""
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
    page.goto(bot_server.url + "/")
    row = page.locator(f".my-games li.room[data-room='{room}']")
    row.wait_for()
    text = row.inner_text()
    assert "Computer (strong)" in text and f"your deck: {name}" in text, text
    boxes = page.evaluate("""() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
        return {lobby: r('.lobby').width, who: r('.lobby > .whoami').width, whoHeight: r('.lobby > .whoami').height,
                top: r('.play-modes').top, whoBottom: r('.lobby > .whoami').bottom}; }""")
    assert boxes["who"] > boxes["lobby"] * 0.9 and boxes["whoHeight"] < 60, boxes   # one line across the grid
    assert boxes["top"] >= boxes["whoBottom"], boxes
