"""The lobby's friends panel keeps what the player holds while its lists change (js/friends.js: updated in place
with dom.js syncChildren): a button held down still acts, once, when released, and a name typed in its box stays.
The lists change because another player acts through the API (a friend request, pushed by the lobby socket)."""
from __future__ import annotations

import json
import secrets
import urllib.request

from playwright.sync_api import expect

from tests.e2e.players import enter_lobby, hold_down, room_of


def _api(server, method: str, path: str, body: dict | None = None, player: dict | None = None):
    headers = {"content-type": "application/json"}
    if player:
        headers["authorization"] = f"Bearer {player['id']}:{player['secret']}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(server.url + path, data=data, headers=headers,
                                                       method=method)) as r:
        raw = r.read()
    return json.loads(raw) if raw else None


def _new_player(server, name: str) -> dict:
    """A player made through the API: {id, secret, name} (names are unique on the shared server)."""
    return _api(server, "POST", "/api/players", {"name": f"{name} {secrets.token_hex(3)}"})


def _me(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('berserk.player'))")


def _someone_asks_to_be_friends(server, page) -> None:
    """Another player adds the page's player by name; the page's panel lists the request."""
    _api(server, "POST", "/api/friends", {"name": _me(page)["name"]}, _new_player(server, "Zed"))
    page.wait_for_selector("[data-testid=friends] [data-testid=friend-add-back]", timeout=20000)


def _ada_and_a_friend(server, new_page):
    """Ada in the lobby and Bob, a player made through the API, friends (each added the other): (Ada's page,
    Ada, Bob) with Ada and Bob as {id, secret, name}."""
    page = new_page()
    enter_lobby(page, server, "Ada")
    ada, bob = _me(page), _new_player(server, "Bob")
    _api(server, "POST", "/api/friends", {"name": bob["name"]}, ada)
    _api(server, "POST", "/api/friends", {"name": ada["name"]}, bob)
    return page, ada, bob


def _posts(page, part: str) -> list:
    posts: list = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and part in r.url else None)
    return posts


def test_a_name_typed_in_the_friends_box_stays_while_the_panel_lists_change(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Ada")
    page.fill("[data-testid=friend-name]", "Someone I know")
    box = page.locator("[data-testid=friend-name]").element_handle()
    _someone_asks_to_be_friends(server, page)
    assert box.evaluate("(el) => el.isConnected && el.value") == "Someone I know"


def test_a_click_on_add_held_down_while_the_friends_lists_change_adds_the_friend_once(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Ada")
    bob = _new_player(server, "Bob")
    posts = _posts(page, "/api/friends")
    page.fill("[data-testid=friend-name]", bob["name"])
    button = hold_down(page, "[data-testid=friend-add]")
    _someone_asks_to_be_friends(server, page)
    assert button.evaluate("(el) => el.isConnected")
    with page.expect_request(lambda r: r.method == "POST" and "/api/friends" in r.url, timeout=10000):
        page.mouse.up()
    expect(page.locator(".friends-note")).to_contain_text(f"Added {bob['name']}")
    assert len(posts) == 1
    outgoing = _api(server, "GET", "/api/friends", player={**_me(page)})["outgoing"]
    assert [p["name"] for p in outgoing] == [bob["name"]]


def test_a_click_on_accept_held_down_while_the_friends_lists_change_accepts_the_challenge_once(server, new_page):
    page, ada, bob = _ada_and_a_friend(server, new_page)
    deck = _api(server, "GET", "/api/decks")[0]["id"]
    _api(server, "POST", "/api/challenges", {"to": ada["id"], "deck": {"preset": deck}, "clock": "5+3"}, bob)
    page.wait_for_selector("[data-testid=challenge-incoming] [data-testid=challenge-accept]", timeout=20000)
    posts = _posts(page, "/accept")
    button = hold_down(page, "[data-testid=challenge-accept]")
    _someone_asks_to_be_friends(server, page)
    assert button.evaluate("(el) => el.isConnected")
    page.mouse.up()
    room_of(page)
    assert len(posts) == 1


def test_an_open_challenge_form_keeps_its_choices_while_the_friends_lists_change(server, new_page):
    page, ada, bob = _ada_and_a_friend(server, new_page)
    page.click(f"li.friend[data-player='{bob['name']}'] [data-testid=challenge-open]", timeout=20000)
    page.select_option("[data-testid=challenge-clock]", "5+3")
    form = page.locator("[data-testid=challenge]").element_handle()
    _someone_asks_to_be_friends(server, page)
    assert form.evaluate("(f) => f.isConnected && f.querySelector('[data-testid=challenge-clock]').value") == "5+3"
