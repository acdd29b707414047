"""Browser helpers for the seat flow: the name dialog of a first visit and the seat hooks (data-testid)."""
from __future__ import annotations

import itertools
import json
import re
import urllib.request

from tests.e2e.driver import wait_version_above


_testers = itertools.count(1)


def name_if_asked(page, name: str | None = None) -> None:
    """Fill in the first-visit name dialog when the page shows it (a browser context remembers the player). Names
    are unique on a server, and the browser tests share one: the name given (default "Tester") gets a number of its
    own ("Ann 7")."""
    name = f"{name or 'Tester'} {next(_testers)}"
    page.wait_for_selector("#player-name, .lobby, .room-page, .game", timeout=30000)
    if page.locator("#player-name").count():
        page.fill("#player-name", name)
        page.click("#player-name-ok")
        page.wait_for_selector("#player-name", state="detached")


def enter_lobby(page, server, name: str | None = None) -> None:
    """Open the lobby (choosing a name on the first visit) and wait for its controls (enabled once the decks are
    known)."""
    page.goto(server.url + "/")
    name_if_asked(page, name)
    page.wait_for_selector("[data-testid=create-room]:not([disabled])")


def room_of(page) -> str:
    """The room id of the page's current room route."""
    page.wait_for_function("location.hash.startsWith('#/room/')", timeout=45000)  # the first game of a run also starts the bot and the store
    return re.match(r"#/room/([^?]+)", page.evaluate("location.hash")).group(1)


def my_seat(page, expected: str, timeout: float = 30000) -> None:
    """Wait until the page's data-testid=my-seat reads ``expected`` ("1", "2" or "spectator")."""
    page.wait_for_function(
        "(want) => { const el = document.querySelector('[data-testid=my-seat]'); return el && el.textContent === want; }",
        arg=expected, timeout=timeout)


def wait_dealt(page, timeout: float = 30000) -> None:
    """Wait until the page's room left the waiting state (both seats and decks known: the game was dealt)."""
    page.wait_for_function(
        "() => { const c = window.berserkConn; return c && c.view && c.view.room && c.view.room.status !== 'waiting'; }",
        timeout=timeout)


def friend_game(new_page, server):
    """Ann creates a game for a friend; Bob opens the invite link and chooses his deck: both see the dealt game.
    Returns (ann, bob, invite url)."""
    ann, bob = new_page(), new_page()
    enter_lobby(ann, server, "Ann")
    ann.click("[data-testid=create-room]")
    room_of(ann)
    link = ann.locator("[data-testid=invite-link]").get_attribute("href")
    bob.goto(link)
    name_if_asked(bob, "Bob")
    my_seat(bob, "2")
    bob.click("#seat-deck-ok")      # seat 2 chooses its own deck, then the deal starts
    wait_dealt(ann)
    wait_dealt(bob)
    return ann, bob, link


def bot_room(server, page, **body) -> str:
    """A room against the server's bot, this page in seat 1 (the seat token kept as the lobby keeps it); ``body``:
    more of the create body (``deck``, ``bot_deck``)."""
    req = urllib.request.Request(server.url + "/api/rooms", data=json.dumps({"opponent": "bot", **body}).encode(),
                                 headers={"content-type": "application/json"}, method="POST")
    r = json.load(urllib.request.urlopen(req))
    page.goto(server.url + "/")
    page.evaluate("([room, seat, token]) => sessionStorage.setItem('berserk.seat.' + room, JSON.stringify({seat, token}))",
                  [r["room"], r["seat"], r["token"]])
    page.goto(server.url + f"/#/room/{r['room']}")
    wait_version_above(page, None)
    return r["room"]


def hold_down(page, selector: str):
    """Press the mouse down on the middle of the element ``selector`` and keep it down (a click under way, to be
    released with ``page.mouse.up()``): the element's handle."""
    target = page.locator(selector)
    handle = target.element_handle()
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    return handle
