"""The lobby's friends panel keeps what the player holds while its lists change (js/friends.js: updated in place
with dom.js syncChildren): a button held down still acts, once, when released, a name typed in its box stays, and an
open form or question stays. The lists change because another player acts through the API (a friend request, pushed
by the lobby socket). Removing a friend asks first; removing, declining and withdrawing a challenge take the row off
both players' panels and leave the other rows as they are."""
from __future__ import annotations

import json
import secrets
import urllib.request

import pytest
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


def _friend_row(page, friend: dict):
    return page.locator(f"[data-testid=friends] li.friend[data-player='{friend['name']}']")


def _sent(page, method: str, part: str) -> list:
    sent: list = []
    page.on("request", lambda r: sent.append(r.url) if r.method == method and part in r.url else None)
    return sent


def test_removing_a_friend_asks_first_then_removes_them_from_the_panel(server, new_page):
    page, ada, bob = _ada_and_a_friend(server, new_page)
    deletes = _sent(page, "DELETE", "/api/friends/")
    _friend_row(page, bob).locator("[data-testid=friend-remove]").click(timeout=20000)
    expect(_friend_row(page, bob).locator("[data-testid=friend-remove-ask]")).to_contain_text(
        f"Remove {bob['name']} from your friends?")
    assert deletes == []
    with page.expect_response(lambda r: r.request.method == "DELETE" and "/api/friends/" in r.url):
        _friend_row(page, bob).locator("[data-testid=friend-remove-confirm]").click()
    expect(_friend_row(page, bob)).to_have_count(0)
    expect(page.locator(".friends-note")).to_have_text(f"{bob['name']} is no longer your friend.")
    assert _api(server, "GET", "/api/friends", player=ada)["friends"] == [] and len(deletes) == 1


def test_a_friend_removal_taken_back_keeps_the_friend_and_sends_nothing(server, new_page):
    page, ada, bob = _ada_and_a_friend(server, new_page)
    deletes = _sent(page, "DELETE", "/api/friends/")
    _friend_row(page, bob).locator("[data-testid=friend-remove]").click(timeout=20000)
    _friend_row(page, bob).locator("[data-testid=friend-remove-cancel]").click()
    expect(_friend_row(page, bob).locator("[data-testid=friend-remove]")).to_be_visible()
    assert not _friend_row(page, bob).locator("[data-testid=friend-remove-ask]").count()
    assert deletes == [] and [f["name"] for f in _api(server, "GET", "/api/friends", player=ada)["friends"]] \
        == [bob["name"]]


def test_an_open_remove_question_and_a_typed_name_stay_while_the_friends_lists_change(server, new_page):
    page, ada, bob = _ada_and_a_friend(server, new_page)
    page.fill("[data-testid=friend-name]", "Someone I know")
    _friend_row(page, bob).locator("[data-testid=friend-remove]").click(timeout=20000)
    ask = _friend_row(page, bob).locator("[data-testid=friend-remove-ask]").element_handle()
    _someone_asks_to_be_friends(server, page)
    assert ask.evaluate("(el) => el.isConnected")
    assert page.input_value("[data-testid=friend-name]") == "Someone I know"


def _two_friends(server, new_page):
    """Ada's and Bob's lobby pages, the two friends (each added the other) and shown so on both pages: (Ada's page,
    Bob's page, Ada, Bob) with Ada and Bob as {id, secret, name}."""
    ada_page = new_page()
    enter_lobby(ada_page, server, "Ada")
    bob_page = new_page()
    enter_lobby(bob_page, server, "Bob")
    ada, bob = _me(ada_page), _me(bob_page)
    _api(server, "POST", "/api/friends", {"name": bob["name"]}, ada)
    _api(server, "POST", "/api/friends", {"name": ada["name"]}, bob)
    expect(_friend_row(ada_page, bob)).to_have_count(1, timeout=20000)
    expect(_friend_row(bob_page, ada)).to_have_count(1, timeout=20000)
    return ada_page, bob_page, ada, bob


def test_the_removed_friend_sees_it_in_their_own_panel(server, new_page):
    ada_page, bob_page, ada, bob = _two_friends(server, new_page)
    _friend_row(ada_page, bob).locator("[data-testid=friend-remove]").click()
    _friend_row(ada_page, bob).locator("[data-testid=friend-remove-confirm]").click()
    expect(_friend_row(bob_page, ada)).to_have_count(0)


def _challenged_both_ways(server, new_page):
    """Ada's and Bob's lobby pages (_two_friends), each with an open challenge sent to the other and shown on both
    pages: (Ada's page, Bob's page, Ada, Bob)."""
    ada_page, bob_page, ada, bob = _two_friends(server, new_page)
    deck = _api(server, "GET", "/api/decks")[0]["id"]
    for sender, to in ((bob, ada), (ada, bob)):
        _api(server, "POST", "/api/challenges", {"to": to["id"], "deck": {"preset": deck}, "clock": "5+3"}, sender)
    for page in (ada_page, bob_page):
        expect(page.locator("[data-testid=challenge-incoming]")).to_have_count(1, timeout=20000)
        expect(page.locator("[data-testid=challenge-outgoing]")).to_have_count(1, timeout=20000)
    return ada_page, bob_page, ada, bob


def _kept(page):
    """The panel's friend row and both challenge rows as they are now (element handles)."""
    return {sel: page.locator(f"[data-testid=friends] {sel}").element_handle()
            for sel in ("li.friend", "[data-testid=challenge-incoming]", "[data-testid=challenge-outgoing]")}


def _takes_off_both_panels(server, new_page, button: str, row: str, other: str) -> None:
    """Ada clicks ``button`` on her challenge row ``row``: the challenge leaves her panel and Bob's (where it is the
    ``other`` kind of row), the friend rows and the other challenge's rows stay as they are, and the other
    challenge is still open."""
    ada_page, bob_page, ada, bob = _challenged_both_ways(server, new_page)
    ada_rows, bob_rows = _kept(ada_page), _kept(bob_page)
    ada_page.click(f"[data-testid={row}] [data-testid={button}]")
    expect(ada_page.locator(f"[data-testid={row}]")).to_have_count(0)
    expect(bob_page.locator(f"[data-testid={other}]")).to_have_count(0)
    for rows, kept in ((ada_rows, other), (bob_rows, row)):
        assert rows["li.friend"].evaluate("(el) => el.isConnected")
        assert rows[f"[data-testid={kept}]"].evaluate("(el) => el.isConnected")
    still = _api(server, "GET", "/api/friends", player=ada)["challenges"]
    assert len(still["incoming"] + still["outgoing"]) == 1


def test_declining_a_challenge_takes_it_off_both_panels_and_changes_nothing_else(server, new_page):
    _takes_off_both_panels(server, new_page, "challenge-decline", "challenge-incoming", "challenge-outgoing")


def test_withdrawing_a_challenge_takes_it_off_both_panels_and_changes_nothing_else(server, new_page):
    _takes_off_both_panels(server, new_page, "challenge-withdraw", "challenge-outgoing", "challenge-incoming")


@pytest.mark.parametrize("locale, says", [("en-US", "declined your challenge"), ("ru-RU", "Вызов отклонён")])
def test_a_declined_challenge_is_told_to_the_challenger_in_place_of_challenge_sent(server, browser, locale, says):
    ctx = browser.new_context(locale=locale)
    try:
        page = ctx.new_page()
        enter_lobby(page, server, "Ada")
        ada, bob = _me(page), _new_player(server, "Bob")
        _api(server, "POST", "/api/friends", {"name": bob["name"]}, ada)
        _api(server, "POST", "/api/friends", {"name": ada["name"]}, bob)
        page.click(f"li.friend[data-player='{bob['name']}'] [data-testid=challenge-open]", timeout=20000)
        page.click("[data-testid=challenge-send]")
        expect(page.locator("[data-testid=challenge-outgoing]")).to_have_count(1)
        sent = page.inner_text(".friends-note")
        challenge = _api(server, "GET", "/api/friends", player=bob)["challenges"]["incoming"][0]["id"]
        _api(server, "POST", f"/api/challenges/{challenge}/decline", {}, bob)
        expect(page.locator(".friends-note")).to_contain_text(says)
        expect(page.locator(".friends-note")).to_contain_text(bob["name"])
        assert page.inner_text(".friends-note") != sent
        expect(page.locator("[data-testid=challenge-outgoing]")).to_have_count(0)
    finally:
        ctx.close()
