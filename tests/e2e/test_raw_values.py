"""No raw value on any page, in either language: a walk through the lobby, a game against the computer (player and
spectator, every card's detail), the result, "my games", the replay, the leaderboard, the deck builder and the
rules page, in Russian and in English, failing on snake_case words, null / undefined / NaN, negative crystals and
words of the other language (tests/e2e/rawtext.py)."""
from __future__ import annotations

import pytest

from tests.e2e import driver
from tests.e2e.players import enter_lobby, room_of
from tests.e2e.rawtext import card_names, problems
from tests.e2e.states import MOUNT

#: how many of the game's actions the walk plays by clicks before conceding (the deal, the squad, the placement,
#: the first moves of the battle)
WALK_ACTIONS = 40

HOVER_ALL = """() => { for (const el of document.querySelectorAll('[data-card]')) {
  el.dispatchEvent(new MouseEvent('mouseenter')); } }"""


def _summary(found: list) -> list:
    """One line per distinct (where, language, kind, word), with one excerpt."""
    seen = {}
    for f in found:
        seen.setdefault(f[:4], f[4])
    return [(*k, v) for k, v in list(seen.items())[:40]]


def _lang(page) -> str:
    return page.evaluate("document.documentElement.lang")


def _switch(page) -> None:
    before = _lang(page)
    page.click("#lang")
    page.wait_for_function("(l) => document.documentElement.lang !== l", arg=before)


def _both(page, names, where: str, found: list) -> None:
    """Check the page in its language, switch, check in the other, switch back."""
    for _ in range(2):
        if page.locator("[data-testid=deck-errors]").count():   # the validator's messages, asked again
            page.wait_for_selector("[data-testid=deck-errors] li")
        found += [(where, _lang(page), *p) for p in problems(page, _lang(page), names)]
        _switch(page)


@pytest.fixture(scope="module")
def names(bot_server):
    return card_names(bot_server.url) + ["Walker", "Watcher"]


def test_no_raw_value_on_any_page_in_either_language(bot_server, new_page, names, artifacts):
    found: list = []
    page = new_page("ru-RU")
    enter_lobby(page, bot_server, "Walker")
    _both(page, names, "lobby", found)
    page.click("[data-testid=play-bot]")
    room = room_of(page)
    driver.wait_version_above(page, None)
    watcher = new_page("ru-RU")
    watcher.goto(f"{bot_server.url}/#/room/{room}?watch=1")
    driver.wait_version_above(watcher, None)
    policy = driver.Policy(squad=3)
    my_move = ("() => { const c = window.berserkConn; return c.view && (c.view.result"
               " || (c.legal && c.legal.length && !c.pendingAction)); }")
    for n in range(WALK_ACTIONS):
        page.wait_for_function(my_move)
        phase = driver.state(page)["view"]["phase"]
        found += [(f"game {phase}", _lang(page), *p) for p in problems(page, _lang(page), names)]
        if n % 8 == 0:
            page.evaluate(HOVER_ALL)
            _both(page, names, f"game {phase}", found)
            _both(watcher, names, f"spectator {phase}", found)
        page.wait_for_function(my_move)
        s = driver.state(page)
        if s["view"].get("result"):
            break
        if not s["legal"] or s["pending"]:      # moved on between the wait and the read
            continue
        try:
            driver.click_action(page, policy.choose(s["legal"], s["view"], s["you"]), s["v"], s)
        except driver.Stale:
            continue
    page.screenshot(path=str(artifacts / "raw-values-game.png"))
    page.wait_for_function(my_move)         # the computer may be acting: the concession is offered on our move
    s = driver.state(page)
    if not s["view"].get("result"):
        driver.click_action(page, next(i for i, a in enumerate(s["legal"]) if a["act"] == "concede"))
    page.wait_for_selector(".result-banner")
    _both(page, names, "result", found)
    page.wait_for_function("async (room) => (await fetch('/api/games/' + encodeURIComponent(room))).ok", arg=room)
    page.goto(bot_server.url + "/")
    page.wait_for_selector(f".my-games li.room[data-room='{room}']")
    _both(page, names, "lobby with my games", found)
    page.goto(f"{bot_server.url}/#/replay/{room}")
    page.wait_for_selector("[data-testid=replay-step]")
    page.click("[data-testid=replay-last]")
    page.wait_for_selector(".result-banner")
    _both(page, names, "replay", found)
    page.goto(f"{bot_server.url}/#/leaderboard")
    page.wait_for_selector(".leaderboard-page")
    _both(page, names, "leaderboard", found)
    page.goto(f"{bot_server.url}/#/decks")
    page.wait_for_selector("[data-testid=deck-builder] .db-pool .db-card")
    for row in page.locator(".db-pool .db-card").all()[:40]:
        row.dispatch_event("mouseenter")
        found += [("builder detail", _lang(page), *p) for p in problems(page, _lang(page), names)]
    _both(page, names, "builder", found)
    page.goto(f"{bot_server.url}/#/rules")
    page.wait_for_selector("[data-testid=rules-help]")
    _both(page, names, "rules", found)
    assert not found, _summary(found)
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("situation", ["main_priority", "exchange", "fight_logged", "fight_dice", "first_roll", "triggers",
                                       "acquired"])
def test_no_raw_value_on_the_game_page_in_the_middle_of_a_battle(states, bot_server, new_page, names, situation):
    page = new_page()
    page.goto(bot_server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    found: list = []
    for lang in ("ru", "en"):
        page.evaluate(MOUNT, [states[situation], lang])
        page.wait_for_selector("#game-under-test .board")
        page.evaluate(HOVER_ALL)
        found += [(situation, lang, *p) for p in problems(page, lang, names)]
        page.evaluate("() => { window.gamePage.destroy(); document.getElementById('game-under-test').remove(); }")
    assert not found, _summary(found)
