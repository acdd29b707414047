"""axe-core finds no serious or critical violation on any page (lobby, deck builder, game, replay, leaderboard,
rules, page not found), in Russian and in English, at desktop and phone size, experimental rules included
(label-content-name-mismatch on the game page, scrollable-region-focusable on the replay)."""
from __future__ import annotations

import pytest

from tests.e2e.players import enter_lobby, room_of
from tests.e2e.states import MOUNT
from tests.e2e.test_game_layout import VIEWPORTS, _axe_path

AXE_RUN = """() => axe.run(document, {resultTypes: ['violations'],
  rules: {'label-content-name-mismatch': {enabled: true}}})"""


def _axe(page) -> list:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(_axe_path()))
    res = page.evaluate(AXE_RUN)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in res["violations"]
            if v["impact"] in ("serious", "critical")]


@pytest.fixture(scope="module")
def finished_room(bot_server, module_page):
    """A game against the computer, a few moves in, then conceded: its room id (for the replay)."""
    page = module_page()
    enter_lobby(page, bot_server, "Axe")
    page.click("[data-testid=play-bot]")
    room = room_of(page)
    page.wait_for_selector("[data-testid=prompt]")
    page.click("button[data-act=concede]")
    page.click("button[data-act=concede-confirm]")
    page.wait_for_selector(".result-banner")
    page.wait_for_function("async (room) => (await fetch('/api/games/' + encodeURIComponent(room))).ok", arg=room)
    return room


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_no_serious_violation_on_any_page_in_either_language(bot_server, new_page, finished_room, size):
    page = new_page("ru-RU")
    page.set_viewport_size(VIEWPORTS[size])
    enter_lobby(page, bot_server, "Axe2")
    page.click("[data-testid=play-bot]")
    room_of(page)
    page.wait_for_selector("[data-testid=prompt]")
    game_url = page.url
    pages = {"lobby": ("/", "[data-testid=create-room]"), "builder": ("/#/decks", "[data-testid=deck-builder] .db-card"),
             "replay": (f"/#/replay/{finished_room}", "[data-testid=replay-step]"),
             "leaderboard": ("/#/leaderboard", ".leaderboard-page"), "rules": ("/#/rules", "[data-testid=rules-help]"),
             "not_found": ("/#/no-such-page", "[data-testid=not-found]")}
    found = []
    for lang in ("ru", "en"):
        page.goto(game_url)
        page.wait_for_selector("[data-testid=prompt]")
        if page.evaluate("document.documentElement.lang") != lang:
            page.click("#lang")
        found += [("game", lang, *v) for v in _axe(page)]
        for name, (path, ready) in pages.items():
            page.goto(bot_server.url + path)
            page.wait_for_selector(ready)
            found += [(name, lang, *v) for v in _axe(page)]
    assert not found, found


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_no_serious_violation_on_the_board_in_battle(states, server, new_page, size):
    page = new_page()
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    found = []
    for situation in ("main_priority", "exchange", "defender"):
        for lang in ("ru", "en"):
            page.evaluate(MOUNT, [states[situation], lang])
            found += [(situation, lang, *v) for v in _axe(page)]
            page.evaluate("() => { window.gamePage.destroy(); document.getElementById('game-under-test').remove(); }")
    assert not found, found
