"""Whole games against the computer in Chromium: at phone size with every click on a visible,
in-view control, and with the set1-rest decks (the new abilities). The two longest browser tests, in a file of their
own so that pytest-xdist (scripts/test, ``--dist loadfile``) runs them beside the other browser files; tests/conftest.py
starts them first among the browser tests.
"""
from __future__ import annotations

import pytest

import json
import re
import urllib.request

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e import driver
from tests.e2e.players import bot_room
from tests.e2e.test_game_layout import VIEWPORTS
from tests.e2e.test_game_page import RAW

MAX_ACTIONS = 700


def test_a_whole_game_against_the_computer_at_phone_size_with_every_click_in_view(bot_server, new_page, artifacts):
    page = new_page()
    page.set_viewport_size(VIEWPORTS["phone"])
    bot_room(bot_server, page)
    policy = driver.Policy(squad=4)
    driver.STRICT["on"] = True
    seen = set()
    try:
        for _ in range(MAX_ACTIONS):
            page.wait_for_function("() => { const c = window.berserkConn; return (c.view && c.view.result)"
                                   " || (c.legal && c.legal.length && c.pendingAction === null); }", timeout=30000)
            s = driver.state(page)
            if s["view"].get("result"):
                break
            if not s["legal"]:
                continue
            key = f"{s['view']['phase']}-{(s['view'].get('prompt') or {}).get('kind')}"
            if key not in seen:
                seen.add(key)
                page.screenshot(path=str(artifacts / f"phone-game-{len(seen):02d}-{key}.png"))
                raw = RAW.findall(page.inner_text("body"))
                assert not raw, (key, raw)
            opened = page.evaluate("window.berserkConn.openedAt")
            try:
                driver.click_action(page, policy.choose(s["legal"], s["view"], s["you"]), s["v"], s)
            except driver.Stale:
                continue               # a frame arrived meanwhile (the bot's pass, a resync): read the page again
            except PlaywrightTimeout:
                # A loaded machine may drop the socket (pong timeout) between reading the state and the click:
                # the page then rebuilds its controls after the resync. Anything else is a missing control.
                now = driver.state(page)
                if now["v"] != s["v"] or now["status"] != "open" or \
                        page.evaluate("window.berserkConn.openedAt") != opened:
                    continue
                raise AssertionError(("no control for the chosen action", now["status"], now["v"],
                                      page.inner_html("[data-testid=controls]")[:2000]))
    finally:
        driver.STRICT["on"] = False
    page.wait_for_selector(".result-banner")
    page.screenshot(path=str(artifacts / "phone-game-99-end.png"))
    result = driver.state(page)["view"]["result"]
    assert result and result["reason"] == "no_creatures", result
    banner = page.inner_text(".result-banner")
    assert not re.search(r"[a-z]+_[a-z]+", banner), banner
    assert not page.js_errors


@pytest.mark.timeout(600)   # a whole game of 250-300 clicks: minutes on a loaded two-core machine
def test_a_game_with_the_new_abilities_decks_is_played_by_clicks_against_the_computer(bot_server, new_page):
    """The set1-rest decks (prophecy, summon, relocation, incarnation, card code...) in the browser: every action
    of a seeded random player, abilities and choices preferred, is made by clicks and answered by the server."""
    import random
    req = urllib.request.Request(bot_server.url + "/api/rooms", method="POST",
                                 data=json.dumps({"opponent": "bot", "deck": "darkness-2023-new",
                                                  "bot_deck": "neutral-mountains-2023-new"}).encode(),
                                 headers={"content-type": "application/json"})
    r = json.load(urllib.request.urlopen(req))
    page = new_page()
    page.goto(bot_server.url + "/")
    page.evaluate("([room, seat, token]) => sessionStorage.setItem('berserk.seat.' + room, JSON.stringify({seat, token}))",
                  [r["room"], r["seat"], r["token"]])
    page.goto(bot_server.url + f"/#/room/{r['room']}")
    driver.wait_version_above(page, None)
    clicked = driver.play_by_clicks(page, random.Random(1), 250)
    assert clicked >= 40 or driver.state(page)["view"].get("result")
    assert not page.js_errors, page.js_errors
