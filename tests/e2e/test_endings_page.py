"""Leavers and aborts in Chromium (docs/client.md "Clocks, leavers and aborts"): a player who closes the browser is
shown to the other at once with a countdown, and a seat that does not come back before the first turn ended
aborts the game; either player may abort by a click; after the grace period the player present claims the win by a
click. The clocks show the running one and the low-time warning. A server of this module's own waits
``GRACE`` seconds for a player away."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ServerProcess
from tests.e2e.driver import wait_version_above
from tests.e2e.hidden import record_frames
from tests.helpers import strings
from tests.e2e.players import friend_game, my_seat
from tests.e2e.states import MOUNT

GRACE = 4


@pytest.fixture(scope="module")
def grace_server(artifacts, tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("snapshots-endings"),
                        extra=("--disconnect-grace", str(GRACE), "--create-burst", "50", "--create-per-min", "50"))
    srv.start()
    yield srv
    srv.stop()
    srv.log.close()


def _result(page) -> dict:
    page.wait_for_function("() => window.berserkConn && window.berserkConn.view && window.berserkConn.view.result",
                           timeout=30000)
    return page.evaluate("window.berserkConn.view.result")


def test_either_player_aborts_the_game_before_the_first_turn_by_a_click(grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    bob.click("[data-testid=abort]")
    bob.click("[data-testid=abort-confirm]")
    assert _result(ann) == {"winner": None, "reason": "aborted"}
    assert "aborted" in ann.inner_text(".result-banner") and "Nobody wins" in ann.inner_text(".result-banner")
    assert ann.locator("[data-testid=abort]").count() == 0


def test_a_finished_room_links_to_its_replay_and_its_frames_carry_no_seed_decks_or_moves(grace_server, new_page):
    """The finished room's page offers its replay page (which shows each viewer only its own viewpoint) in place of
    a list of every move; no frame a spectator watching the end or a player opening the finished room receives
    carries the seed, the decks or the moves."""
    ann, bob, link = friend_game(new_page, grace_server)
    room = ann.evaluate("window.berserkConn.room")
    watcher = new_page()
    frames = {"watcher": record_frames(watcher)}
    watcher.goto(grace_server.url + f"/#/room/{room}")
    wait_version_above(watcher, None)
    ann.wait_for_function("() => (window.berserkConn.legal || []).some((a) => a.act === 'concede')")
    ann.click("button[data-act=concede]")
    ann.click("button[data-act=concede-confirm]")
    _result(bob)
    frames["ann"] = record_frames(ann)
    ann.reload()                    # the finished room's sync and end frames
    for page in (ann, bob, watcher):
        _result(page)
        expect(page.locator("[data-testid=finished-replay]")).to_have_attribute("href", f"#/replay/{room}")
        assert page.inner_text("[data-testid=finished-replay]") == "Watch replay"
        assert "replay" not in page.evaluate("Object.keys(window.berserkConn.view)")
    for who, got in frames.items():
        assert got and not {"replay", "seed"} & strings(got), who
    watcher.click("[data-testid=finished-replay]")
    watcher.wait_for_selector("[data-testid=replay-step]")


def test_the_abort_asks_for_a_confirmation_and_can_be_taken_back(grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    bob.click("[data-testid=abort]")
    assert "Really abort the game?" in bob.inner_text("[data-testid=abort-confirm-box]")
    bob.click("[data-testid=abort-cancel]")
    bob.wait_for_selector("[data-testid=abort]")
    assert bob.locator("[data-testid=abort-confirm]").count() == 0
    assert bob.evaluate("window.berserkConn.view.result") is None


def test_an_aborted_game_s_room_bar_says_not_rated(grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    assert ann.inner_text(".room-bar [data-testid=room-rated]") == "rated"
    bob.click("[data-testid=abort]")
    bob.click("[data-testid=abort-confirm]")
    _result(ann)
    ann.wait_for_function("() => document.querySelector('.room-bar [data-testid=room-rated]').textContent"
                          " === 'aborted, not rated'", timeout=10000)


def test_an_aborted_game_is_listed_as_not_rated_among_my_games(grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    room = ann.evaluate("window.berserkConn.room")
    bob.click("[data-testid=abort]")
    bob.click("[data-testid=abort-confirm]")
    _result(ann)
    ann.goto(grace_server.url + "/")
    expect(ann.locator(f"li.room[data-room='{room}'] [data-testid=room-rated]").first).to_have_text(
        "aborted, not rated", use_inner_text=True)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_aborted_game_is_told_on_the_profile_in_the_lobby_s_words(grace_server, new_page, lang):
    ann, bob, _ = friend_game(new_page, grace_server)
    room = ann.evaluate("window.berserkConn.room")
    bob.click("[data-testid=abort]")
    bob.click("[data-testid=abort-confirm]")
    _result(ann)
    ann.evaluate("(lang) => localStorage.setItem('lang', lang)", lang)
    ann.goto(grace_server.url + "/")
    lobby = ann.locator(f"li.room[data-room='{room}'] [data-testid=room-rated]").first
    expect(lobby).to_be_visible()
    words = lobby.inner_text().strip(" ·")
    name = ann.evaluate("JSON.parse(localStorage.getItem('berserk.player')).name")
    ann.goto(grace_server.url + f"/#/player/{name}")
    expect(ann.locator(f"[data-testid=profile] li:has(a.replay[href='#/replay/{room}'])")).to_contain_text(words)


def test_a_player_who_closes_the_browser_is_shown_away_with_a_countdown_then_the_game_is_aborted(grace_server,
                                                                                                new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    bob.context.close()
    ann.wait_for_selector("[data-testid=opponent-away]", timeout=15000)
    text = ann.inner_text("[data-testid=opponent-away]")   # the countdown's end draws the notice anew
    assert text.startswith("Bob") and "has left the game" in text and " s to come back" in text
    # nobody has moved yet: the seat that did not come back aborts the game when its grace period ends
    assert _result(ann) == {"winner": None, "reason": "aborted"}


def test_a_player_whose_second_tab_closes_after_displacing_the_first_is_shown_away_to_the_opponent_and_spectators(
        grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    room = ann.evaluate("window.berserkConn.room")
    sam = new_page()
    sam.goto(grace_server.url + f"/#/room/{room}")
    wait_version_above(sam, None)
    second = bob.context.new_page()        # the same browser: the same seat
    second.goto(grace_server.url + f"/#/room/{room}")
    my_seat(second, "2")
    expect(bob.locator("[data-testid=seat-elsewhere]")).to_be_visible()
    second.close()                         # the seat's last connection is gone; the first tab stays displaced
    for page in (ann, sam):
        expect(page.locator("[data-testid=opponent-away]")).to_contain_text("has left the game")
    assert _result(ann) == {"winner": None, "reason": "aborted"}     # not back before the first turn ended
    expect(bob.locator("[data-testid=seat-elsewhere]")).to_be_visible()


@pytest.fixture
def mount(grace_server, new_page):
    def make(state, paused: bool = False):
        """The game page mounted on ``state``; ``paused``: on a page clock that runs only when the test runs it
        (Playwright's ``page.clock``), from the moment of the mount."""
        page = new_page()
        if paused:
            page.clock.install()
        page.goto(grace_server.url + "/#/nowhere")
        page.wait_for_selector("#app")
        page.evaluate(MOUNT, [state, "en"])
        page.wait_for_selector("#game-under-test .board")
        if paused:
            page.clock.pause_at(page.evaluate("Date.now()") + 1000)
        return page
    return make


def _later_turn_state(states):
    st = dict(states["main_priority"])
    view = dict(st["view"], turn=5, room={"id": "r-away", "status": "playing", "players": {"1": "Ann", "2": "Bob"},
                                          "bots": {}, "result": None})
    return dict(st, view=view)


def test_after_the_grace_period_the_claim_win_button_asks_the_server_for_the_win(states, mount):
    st = _later_turn_state(states)
    page = mount(st, paused=True)      # the grace period ends when the test runs the clock, not on a slow machine
    page.route("**/api/rooms/r-away/claim", lambda route: route.fulfill(status=200, json={"room": "r-away"}))
    opp = 3 - st["you"]
    page.evaluate("""([opp]) => { const c = window.berserkConn; c.room = 'r-away'; c.token = 'seat-token';
      c.clocks = {'1': 300000, '2': 300000, running: opp, held: true, away: {[String(opp)]: 1500}};
      c.clocksAt = performance.now(); window.gamePage.render(); }""", [opp])
    assert "s to come back" in page.inner_text("#game-under-test [data-testid=opponent-away]")
    assert page.locator("[data-testid=claim-win]").count() == 0      # not before the grace period ends
    assert page.locator(f"[data-clock='{opp}'].held").count() == 1   # held, not shown as running
    page.clock.run_for(2000)                                         # the 1.5 s of grace pass
    page.wait_for_selector("#game-under-test [data-testid=claim-win]", timeout=10000)
    notice = page.inner_text("#game-under-test [data-testid=opponent-away]")
    assert "The time to come back is over." in notice
    assert re.search(r"\.\s+[a-z]", notice) is None, notice      # whole sentences: none begins in lower case
    with page.expect_request("**/api/rooms/r-away/claim") as sent:
        page.click("#game-under-test [data-testid=claim-win]")
    assert sent.value.method == "POST" and sent.value.post_data_json == {"token": "seat-token"}
    assert page.locator("[data-testid=abort]").count() == 0          # turn 5: too late to abort


#: counts the page's requests whose path ends with /abort or /claim (window.endingsAsked)
COUNT_ENDINGS = """() => { window.endingsAsked = 0; const f = window.fetch;
    window.fetch = (url, ...rest) => { if (/\\/(abort|claim)$/.test(String(url))) window.endingsAsked += 1;
      return f(url, ...rest); }; }"""


def test_a_double_click_on_the_abort_s_confirmation_asks_the_server_once(grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    bob.click("[data-testid=abort]")
    bob.evaluate(COUNT_ENDINGS)
    bob.dblclick("[data-testid=abort-confirm]")
    assert _result(bob) == {"winner": None, "reason": "aborted"}
    assert bob.evaluate("window.endingsAsked") == 1
    assert bob.locator(".error-toast").count() == 0


def test_a_finished_game_s_page_shows_no_empty_actions_box(grace_server, new_page):
    ann, bob, _ = friend_game(new_page, grace_server)
    bob.click("[data-testid=abort]")
    bob.click("[data-testid=abort-confirm]")
    _result(bob)
    expect(bob.locator(".result-banner")).to_be_visible()
    assert bob.locator("[data-testid=controls]").count() == 0


def test_a_double_click_on_claim_win_asks_the_server_once(states, mount):
    st = _later_turn_state(states)
    page = mount(st, paused=True)
    page.route("**/api/rooms/r-away/claim", lambda route: route.fulfill(status=200, json={"room": "r-away"}))
    opp = 3 - st["you"]
    page.evaluate("""([opp]) => { const c = window.berserkConn; c.room = 'r-away'; c.token = 'seat-token';
      c.clocks = {'1': 300000, '2': 300000, running: opp, held: true, away: {[String(opp)]: 1500}};
      c.clocksAt = performance.now(); window.gamePage.render(); }""", [opp])
    page.clock.run_for(2000)
    page.wait_for_selector("#game-under-test [data-testid=claim-win]", timeout=10000)
    page.evaluate(COUNT_ENDINGS)
    page.dblclick("#game-under-test [data-testid=claim-win]")
    assert page.evaluate("window.endingsAsked") == 1
    expect(page.locator("#game-under-test [data-testid=claim-win]")).to_be_disabled()


def test_the_running_clock_is_highlighted_and_warns_in_its_last_30_seconds(states, mount):
    st = _later_turn_state(states)
    page = mount(st)
    me = st["you"]
    page.evaluate("""([me]) => { const c = window.berserkConn;
      c.clocks = {running: me, held: false, [String(me)]: 25000, [String(3 - me)]: 600000};
      c.clocksAt = performance.now(); window.gamePage.render(); }""", [me])
    mine = page.locator(f"#game-under-test [data-clock='{me}']")
    theirs = page.locator(f"#game-under-test [data-clock='{3 - me}']")
    assert "running" in mine.get_attribute("class") and "low" in mine.get_attribute("class")
    assert "running" not in theirs.get_attribute("class") and "low" not in theirs.get_attribute("class")
    assert theirs.inner_text() == "10:00"
    assert "less than 30 seconds" in mine.get_attribute("aria-label")
