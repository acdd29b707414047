"""The lobby's creating buttons: one click, one room (a double click sends one request; the button is disabled and
says it is working while it is in flight), and a pasted deck code that is no deck told in words, the pasted text
kept."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.players import enter_lobby, hold_down, room_of


def _hold_posts(page, path: str) -> list:
    """Hold every POST to ``path`` (routes kept unanswered in the list returned; other methods go through)."""
    held: list = []
    page.route(f"**{path}", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    return held


def _working(page, testid: str) -> None:
    button = page.locator(f"[data-testid={testid}]")
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_have_text("Working…")


@pytest.mark.parametrize("testid", ["create-room", "play-bot", "tutorial-start"])
def test_a_double_click_on_a_button_that_creates_a_room_creates_one_room(server, new_page, testid):
    page = new_page()
    enter_lobby(page, server, "Dora")
    held = _hold_posts(page, "/api/rooms")
    with page.expect_request(lambda r: r.method == "POST" and "/api/rooms" in r.url):
        page.dblclick(f"[data-testid={testid}]")
    _working(page, testid)
    assert len(held) == 1
    held[0].continue_()
    room_of(page)
    assert len(held) == 1


def test_a_double_click_on_quick_play_takes_one_place_in_the_queue(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Dora")
    held = _hold_posts(page, "/api/queue")
    with page.expect_request(lambda r: r.method == "POST" and "/api/queue" in r.url):
        page.dblclick("[data-testid=quick-play]")
    _working(page, "quick-play")
    held[0].continue_()
    page.wait_for_selector(".queue-status")
    assert len(held) == 1
    page.click(".queue-status button.cancel")        # leave the queue: no other test is paired with this page
    page.wait_for_selector("[data-testid=quick-play]:not([disabled])")


def _paste(page, text: str) -> None:
    """Paste ``text`` into the computer form's deck box."""
    page.select_option("#bot-deck", "paste")
    page.fill("#bot-deck ~ textarea.dc-paste", text)


def _new_waiting_room(server) -> str:
    """A room made by someone else through the API, waiting for a player: the lobby's next refresh lists it."""
    req = urllib.request.Request(server.url + "/api/rooms", data=b"{}", headers={"content-type": "application/json"},
                                 method="POST")
    return json.load(urllib.request.urlopen(req))["room"]


def test_a_click_on_create_held_down_while_the_lobby_refreshes_its_lists_creates_one_room(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Dora")
    posts: list = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and "/api/rooms" in r.url else None)
    form = page.locator("#create-form").element_handle()
    hold_down(page, "[data-testid=create-room]")
    room = _new_waiting_room(server)
    page.wait_for_selector(f".rooms li.room[data-room='{room}']")   # the periodic refresh drew the new list
    assert form.evaluate("(f) => f.isConnected")
    with page.expect_request(lambda r: r.method == "POST" and "/api/rooms" in r.url, timeout=10000):
        page.mouse.up()
    room_of(page)
    assert len(posts) == 1


def test_a_pasted_deck_code_stays_in_its_box_while_the_lobby_refreshes_its_lists(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Dora")
    _paste(page, "BRK1pasted")
    pasted = page.locator("#bot-deck ~ textarea.dc-paste").element_handle()
    room = _new_waiting_room(server)
    page.wait_for_selector(f".rooms li.room[data-room='{room}']")
    assert pasted.evaluate("(box) => box.isConnected && box.value") == "BRK1pasted"


@pytest.mark.parametrize("locale, says", [("en-US", "The deck code (or card list) is not valid"),
                                          ("ru-RU", "Код колоды (или список карт) не подходит")])
def test_a_pasted_deck_code_that_is_no_deck_is_told_as_not_valid_and_stays_pasted(server, new_page, locale, says):
    page = new_page(locale)
    enter_lobby(page, server, "Dora")
    _paste(page, "garbage!!!")
    page.click("[data-testid=play-bot]")
    expect(page.locator(".error-toast")).to_contain_text(says)
    expect(page.locator("#bot-deck ~ textarea.dc-paste")).to_have_value("garbage!!!")
    expect(page.locator("[data-testid=play-bot]")).to_be_enabled()
    assert "#/room/" not in page.url


def test_an_empty_paste_is_refused_before_anything_is_sent(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Dora")
    posts: list = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    _paste(page, "")
    page.click("[data-testid=play-bot]")
    expect(page.locator(".error-toast")).to_contain_text("Paste a deck code (or a card list) first.")
    assert posts == []


def _drop_first_answer(page, path: str) -> list:
    """The first POST to ``path`` reaches the server but its answer is lost (the connection drops); later ones go
    through. Returns the Idempotency-Key header of each POST, in order."""
    keys: list = []

    def handle(route):
        if route.request.method != "POST":
            return route.continue_()
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()                 # the server answers...
            return route.abort("connectionreset")     # ...and the page never hears it
        return route.continue_()
    page.route(f"**{path}", handle)
    return keys


@pytest.mark.parametrize("testid", ["create-room", "play-bot", "tutorial-start"])
def test_a_create_whose_answer_is_lost_is_sent_again_with_its_key_and_makes_one_room(server, new_page, testid):
    page = new_page()
    enter_lobby(page, server, "Dora")
    keys = _drop_first_answer(page, "/api/rooms")
    page.click(f"[data-testid={testid}]")
    room = room_of(page)
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1], keys
    mine = page.evaluate("async () => (await (await import('/js/api.js')).myGames()).live.map((r) => r.id)")
    assert mine == [room], mine


def test_two_clicks_send_two_keys(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Dora")
    keys: list = []
    page.on("request", lambda r: keys.append(r.headers.get("idempotency-key"))
            if r.method == "POST" and r.url.endswith("/api/rooms") else None)
    page.click("[data-testid=create-room]")
    room_of(page)
    page.go_back()
    page.wait_for_selector("[data-testid=create-room]:not([disabled])")
    page.click("[data-testid=create-room]")
    room_of(page)
    assert len(keys) == 2 and all(keys) and keys[0] != keys[1], keys
