"""Browser end-to-end: the step-by-step replay of a recorded game (server/static/js/replay.js) and the leaderboard
page (js/leaderboard.js), against the real server: a game is played to its end by two pages, then replayed."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM_ARGS  # noqa: F401  (the session browser is configured there)
from tests.e2e.driver import Policy, state
from tests.e2e.hidden import assert_shows_none, hidden_from_spectator, shown_counts
from tests.e2e.test_browser_game import create_room, join_room, play, watch_room


def _get(server, path: str, player: dict | None = None):
    """GET path as JSON; ``player``: {"id", "secret"} sent as the request's player (a seat's replay)."""
    headers = {"authorization": f"Bearer {player['id']}:{player['secret']}"} if player else {}
    with urllib.request.urlopen(urllib.request.Request(server.url + path, headers=headers), timeout=5) as r:
        return json.loads(r.read())


@pytest.fixture(scope="module")
def recording(server, module_page, artifacts):
    """A game played to its end (by concession after a few battle actions) and recorded: ``(room, game, players)``
    with ``game`` = GET /api/games/<room> and ``players``: seat -> the {"id", "secret"} of the player who played it
    (their page's, replay.js PLAYER_KEY). One game for the module: replaying it changes nothing of it (the tests only
    open their own replay pages)."""
    a, b, c = module_page(), module_page(), module_page()
    room = create_room(a, server)
    join_room(b, server, room)
    watch_room(c, server, room)
    play({1: a, 2: b}, c, artifacts, Policy(squad=1), prefix="replayed")
    players = {p: json.loads(pg.evaluate("localStorage.getItem('berserk.player')")) for p, pg in ((1, a), (2, b))}
    return room, _get(server, f"/api/games/{room}"), players


@pytest.fixture(scope="module")
def recorded(recording):
    """``(room, game)`` of :func:`recording`."""
    return recording[:2]


def _open(page, server, room: str):
    page.goto(f"{server.url}/#/replay/{room}")
    page.wait_for_function("() => window.berserkConn && window.berserkConn.v === 0")


def _v(page) -> int:
    return page.evaluate("window.berserkConn.v")


def test_the_replay_steps_forward_and_back_one_version_at_a_time(recorded, server, new_page):
    room, game = recorded
    page = new_page()
    _open(page, server, room)
    for want in (1, 2, 3):
        page.click("[data-testid=replay-next]")
        page.wait_for_function("(v) => window.berserkConn.v === v", arg=want)
    page.click("[data-testid=replay-prev]")
    page.wait_for_function("() => window.berserkConn.v === 2")
    page.click("[data-testid=replay-last]")
    page.wait_for_function("(n) => window.berserkConn.v === n", arg=game["n"])
    assert page.get_attribute(".result-banner", "data-winner") == str(game["result"]["winner"])
    assert not page.js_errors, page.js_errors


def test_the_replay_jumps_to_the_first_version_of_a_chosen_turn(recorded, server, new_page):
    room, game = recorded
    page = new_page()
    _open(page, server, room)
    target = game["turns"][-1]
    page.select_option("[data-testid=replay-turn]", str(target["v"]))
    page.wait_for_function("(v) => window.berserkConn.v === v", arg=target["v"])
    assert page.evaluate("window.berserkConn.turn") == target["turn"]


#: page.add_init_script: the version of every replay step the page asks the server for (GET .../replay?v=<n>)
#: collects in ``window.askedSteps``, in the order asked; the answer for the step ``window.heldStep`` (when set) is
#: held back until the test calls ``window.releaseStep()`` (a step still under way)
ASKED_STEPS = """(() => { const fetch0 = window.fetch; window.askedSteps = []; window.heldStep = null;
  window.fetch = (...args) => { const m = /\\/replay\\?v=(\\d+)/.exec(String(args[0]));
    if (!m) return fetch0(...args);
    const v = Number(m[1]); window.askedSteps.push(v);
    if (v !== window.heldStep) return fetch0(...args);
    return new Promise((resolve) => { window.releaseStep = () => resolve(fetch0(...args)); }); }; })()"""
#: ms between two steps at each speed (replay.js SPEEDS)
STEP_MS = {"1": 700, "4": 175}


def _frozen(page, server, room: str):
    """Open the replay with ASKED_STEPS and the page's clock installed, then stopped: from then on the page's timers
    fire only when the test runs the clock on (``page.clock.run_for``); its requests are answered as usual. Returns
    the play/pause button's locator."""
    page.add_init_script(ASKED_STEPS)
    page.clock.install()
    _open(page, server, room)
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    page.evaluate("window.askedSteps.length = 0")       # the opening step 0 is not the test's
    return page.locator("[data-testid=replay-play]")


def _shows_step(page, v: int) -> None:
    """Wait until the replay's step counter shows step ``v`` ("Step 12 of 34 · turn 3")."""
    expect(page.locator("[data-testid=replay-step]")).to_have_text(re.compile(rf"^Step {v} of \d+"))


def _asked(page) -> list[int]:
    """The steps the page has asked the server for since :func:`_frozen` (ASKED_STEPS), in order."""
    return page.evaluate("window.askedSteps")


def test_the_replay_plays_forward_by_itself_at_the_chosen_speed(recorded, server, new_page):
    room, _ = recorded
    page = new_page()
    play = _frozen(page, server, room)
    page.select_option("[data-testid=replay-speed]", "4")
    play.click()
    expect(play).to_have_attribute("aria-label", "Pause")
    page.clock.run_for(1)                          # the first step is asked at once
    for v in (1, 2, 3):
        _shows_step(page, v)
        page.clock.run_for(STEP_MS["4"] - 1)
        assert _asked(page) == list(range(1, v + 1))            # the next step waits the chosen speed's time...
        page.clock.run_for(1)
        assert _asked(page) == list(range(1, v + 2))            # ...and no longer
    _shows_step(page, 4)


@pytest.mark.parametrize("under_way", [False, True], ids=["step_scheduled", "step_asked"])
def test_a_pause_stops_the_replay_at_the_step_it_shows(recorded, server, new_page, under_way):
    room, _ = recorded
    page = new_page()
    play = _frozen(page, server, room)
    if under_way:
        page.evaluate("window.heldStep = 2")
    play.click()
    page.clock.run_for(1)
    _shows_step(page, 1)
    if under_way:                                  # step 2 is asked for, its answer held back
        page.clock.run_for(STEP_MS["1"])
        assert _asked(page) == [1, 2]
    play.click()                                   # pause
    expect(play).to_have_attribute("aria-label", "Play")
    stopped = 2 if under_way else 1
    if under_way:                                  # a step asked for before the pause lands after it: shown
        page.evaluate("window.releaseStep()")
    _shows_step(page, stopped)
    page.clock.run_for(10 * STEP_MS["1"])
    assert _asked(page) == list(range(1, stopped + 1))             # no step asked after the pause
    assert _v(page) == stopped
    _shows_step(page, stopped)
    expect(play).to_have_attribute("aria-label", "Play")


#: the ways a card is hidden from a spectator: in a deal, among the recruits, face down on the battlefield
HIDING_ZONES = ("deal", "recruits", "battlefield")


def _first_hidden(server, room: str, game: dict, players: dict) -> dict[str, tuple[int, dict, dict]]:
    """zone of HIDING_ZONES -> ``(v, hidden, seats)`` at the first version where a seat's replay shows a card there
    face up that the spectator's replay does not: ``hidden`` those cards (id -> definition key), ``seats`` seat ->
    that seat's view (from the replay API)."""
    found: dict = {}
    for v in range(game["n"] + 1):
        seen = _get(server, f"/api/games/{room}/replay?v={v}")["view"]
        seats = {p: _get(server, f"/api/games/{room}/replay?v={v}&seat={p}", players[p])["view"] for p in (1, 2)}
        hidden = hidden_from_spectator(seats.values(), seen)
        for zone in HIDING_ZONES:
            here = {cid: key for cid, key in hidden.items()
                    if any(view["cards"].get(cid, {}).get("zone") == zone for view in seats.values())}
            if here and zone not in found:
                found[zone] = (v, here, seats)
        if len(found) == len(HIDING_ZONES):
            break
    return found


def test_a_spectators_replay_never_shows_a_hidden_card(recording, server, new_page):
    room, game, players = recording
    found = _first_hidden(server, room, game, players)
    assert set(found) == set(HIDING_ZONES), sorted(found)     # the game had cards hidden each way
    page = new_page()
    _open(page, server, room)
    for v, hidden, seats in sorted(found.values(), key=lambda f: f[0], reverse=True):
        with page.expect_response(lambda r: r.url.endswith(f"/replay?v={v}")) as response:
            page.fill("[data-testid=replay-position]", str(v))
            page.dispatch_event("[data-testid=replay-position]", "change")
        page.wait_for_function("(v) => window.berserkConn.v === v", arg=v)
        assert_shows_none(page, server, hidden, [response.value.json()])
        for p, view in seats.items():    # a hidden deal and squad are shown as their counts
            own = view["players"][str(p)]
            assert shown_counts(page, p) == {"deck": own["deck"], "deal": len(own["deal_cards"]),
                                             "recruits": len(own["recruit_cards"])}
        # a card face down on the battlefield is shown as a back in its cell, one for each such card of the seats
        backs = [cv for cv in state(page)["view"]["cards"].values() if cv["card"] is None and cv["zone"] == "battlefield"]
        assert len(backs) == sum(1 for view in seats.values() for cid, cv in view["cards"].items()
                                 if cv["hidden"] and cv["card"] is not None and cv["zone"] == "battlefield")
        for cv in backs:
            card = page.locator(f"[data-cell='{cv['cell']}'] [data-card='{cv['id']}']")
            expect(card.locator(".back")).to_have_count(1)
            expect(card.locator(".c-name")).to_have_count(0)


def test_the_replay_log_is_complete_up_to_the_step_and_grouped_by_turn(recorded, server, new_page):
    room, game = recorded
    page = new_page()
    _open(page, server, room)
    page.click("[data-testid=replay-last]")
    page.wait_for_function("(n) => window.berserkConn.v === n", arg=game["n"])
    turns = page.eval_on_selector_all("[data-testid=replay-log] li.log-turn", "els => els.map(e => +e.dataset.turn)")
    assert turns == [t["turn"] for t in game["turns"]]
    last_v = page.eval_on_selector_all("[data-testid=replay-log] li[data-v]", "els => +els[els.length - 1].dataset.v")
    assert last_v <= game["n"]
    page.click("[data-testid=replay-first]")
    page.wait_for_function("() => window.berserkConn.v === 0")
    shown = page.eval_on_selector_all("[data-testid=replay-log] li[data-v]", "els => els.map(e => +e.dataset.v)")
    assert shown and set(shown) == {0}          # the deal's events, nothing after it


def _rated_players(server, *rows) -> None:
    """Put players with ratings straight into the e2e server's SQLite store (its data dir), as finished rated games
    would (the ratings themselves are tested in tests/store)."""
    import sqlite3
    from server.namekey import name_keys
    db = sqlite3.connect(server.snapshot_dir / "berserk.sqlite3", timeout=10)
    with db:
        for pid, name, rating, games in rows:
            db.execute("INSERT INTO players (id, name, created, name_key, name_key_lower) VALUES (?, ?, 0, ?, ?)",
                       (pid, name, *name_keys(name)))
            db.execute("INSERT INTO ratings (player, rating, rd, vol, games, updated) VALUES (?, ?, 80, 0.06, ?, 0)",
                       (pid, rating, games))
    db.close()


def test_the_leaderboard_page_lists_rated_players_best_first(server, new_page):
    # above any rating the session's own games between named players can reach
    _rated_players(server, ("lbzed", "Zed", 2610.4, 3), ("lbamy", "Amy", 2702.6, 5))
    page = new_page()
    page.goto(server.url + "/#/leaderboard")
    page.wait_for_selector("[data-testid=leaderboard]")
    rows = page.eval_on_selector_all("[data-testid=leaderboard] tbody tr",
                                     "trs => trs.map(tr => [...tr.children].map(td => td.textContent))")
    assert rows[:2] == [["1", "Amy", "2703", "±80", "5"], ["2", "Zed", "2610", "±80", "3"]]
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("locale, sentence", [("ru-RU", "Введите целое число партий от 1 до 1000000."),
                                              ("en-US", "Enter a whole number of games from 1 to 1000000.")])
def test_a_bad_minimum_of_games_is_refused_in_words_and_the_leaderboard_stays(server, new_page, locale, sentence):
    _rated_players(server, (f"lbmin-{locale}", f"Minny {locale[:2]}", 1500.0, 2))
    page = new_page(locale)
    page.goto(server.url + "/#/leaderboard")
    page.wait_for_selector("[data-testid=leaderboard]")
    for bad in ("2000000", "0", "1.5", ""):
        page.fill("[data-testid=lb-min-games]", bad)
        page.click(".lb-filter button[type=submit]")
        page.wait_for_selector(".leaderboard-page [role=alert]")
        assert page.inner_text(".leaderboard-page [role=alert]") == sentence
        text = page.inner_text(".leaderboard-page")
        assert "min_games" not in text and "Подключение" not in text and "Connecting" not in text
        assert page.locator("[data-testid=leaderboard]").count() == 1      # the list shown before stays
    page.fill("[data-testid=lb-min-games]", "1")
    page.click(".lb-filter button[type=submit]")
    page.wait_for_selector(".leaderboard-page [role=alert]", state="detached")
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("locale, pattern", [("ru-RU", r"Шаг (\d+) из (\d+) · ход (\d+)"),
                                             ("en-US", r"Step (\d+) of (\d+) · turn (\d+)")])
def test_the_step_counter_counts_steps_and_names_the_turn_apart(recorded, server, new_page, locale, pattern):
    room, game = recorded
    page = new_page(locale)
    _open(page, server, room)
    target = game["turns"][-1]
    page.select_option("[data-testid=replay-turn]", str(target["v"]))
    page.wait_for_function("(v) => window.berserkConn.v === v && document.querySelector("
                           "'[data-testid=replay-step]').textContent.includes(` ${window.berserkConn.n}`)", arg=target["v"])
    text = page.inner_text("[data-testid=replay-step]")
    m = re.fullmatch(pattern, text.strip())
    assert m and [int(g) for g in m.groups()] == [target["v"], game["n"], target["turn"]], text


def test_the_replay_controls_keep_each_label_on_one_line_with_its_choice(recorded, server, new_page):
    room, _ = recorded
    page = new_page("en-US")
    page.set_viewport_size({"width": 1100, "height": 800})   # a desktop where the controls fill their row
    _open(page, server, room)
    one_line = page.evaluate("""() => [...document.querySelectorAll('.replay-controls label')].map(l =>
        l.getBoundingClientRect().height <= l.querySelector('select').getBoundingClientRect().height * 1.5)""")
    assert one_line and all(one_line), one_line


def test_the_leaderboard_keeps_the_lobbys_margin_from_the_window_edge(server, new_page):
    page = new_page()
    page.goto(server.url + "/#/leaderboard")
    page.wait_for_selector("[data-testid=leaderboard]")
    assert page.evaluate("document.querySelector('[data-testid=leaderboard]').getBoundingClientRect().left") >= 12


def test_a_replay_link_to_an_unknown_game_says_so_once_in_the_page_with_no_error_pop_up(server, new_page):
    page = new_page()
    page.goto(server.url + "/#/replay/no-such-game")
    expect(page.locator("[data-testid=not-found]")).to_be_visible()
    page.wait_for_function("() => window.berserkConn && window.berserkConn.status === 'closed'")
    assert page.locator(".error-toast").count() == 0


#: page.add_init_script: the address of every fetch of the page that was answered (or failed) collects in
#: ``window.answeredFetches``, each before the page's own code awaiting that fetch goes on (in the same microtask
#: checkpoint, so a test that sees it there sees what the page did with the answer)
ANSWERED_FETCHES = """(() => { const fetch0 = window.fetch; window.answeredFetches = [];
  window.fetch = (...args) => fetch0(...args).finally(() => window.answeredFetches.push(String(args[0]))); })()"""


def _not_found_box(page, url: str):
    """Open ``url`` and wait for the page's «not found» box; returns its locator (the page draws the box anew, e.g.
    when its error toast expires)."""
    page.goto(url)
    box = page.locator("[data-testid=not-found]")
    expect(box).to_be_visible()
    return box


def _back_to_the_lobby(page) -> None:
    """Follow the «not found» page's link to the lobby and wait for the lobby."""
    page.click("[data-testid=not-found-lobby]")
    page.wait_for_selector("[data-testid=create-room], #player-name")


@pytest.mark.parametrize("locale, title", [("ru-RU", "Игра не найдена"), ("en-US", "Game not found")])
def test_a_replay_link_to_an_unknown_game_says_so_in_the_page_with_a_link_to_the_lobby(server, new_page, locale,
                                                                                        title):
    page = new_page(locale)
    box = _not_found_box(page, server.url + "/#/replay/no-such-game")
    assert title in box.inner_text()
    _back_to_the_lobby(page)


@pytest.mark.parametrize("locale, title", [("ru-RU", "Страница не найдена"), ("en-US", "Page not found")])
def test_an_address_with_no_page_says_page_not_found_with_a_link_to_the_lobby(server, new_page, locale, title):
    page = new_page(locale)
    box = _not_found_box(page, server.url + "/#/no-such-page")
    assert title in box.inner_text() and page.locator("[data-testid=create-room]").count() == 0
    _back_to_the_lobby(page)


@pytest.mark.parametrize("locale, lang, title, other", [("ru-RU", "ru", "Страница не найдена", "Page not found"),
                                                       ("en-US", "en", "Page not found", "Страница не найдена")])
def test_a_path_the_server_has_no_file_for_answers_404_in_the_browsers_language_linking_to_the_lobby(
        server, new_page, locale, lang, title, other):
    page = new_page(locale)
    response = page.goto(server.url + "/no-such-page")
    assert response.status == 404
    assert title in page.inner_text("body") and other not in page.inner_text("body")
    assert page.evaluate("document.documentElement.lang") == lang
    _back_to_the_lobby(page)


@pytest.mark.parametrize("path, ready", [("/", "[data-testid=create-room], #player-name"),
                                         ("/#/leaderboard", ".leaderboard-page"), ("/#/rules", "[data-testid=rules-help]"),
                                         ("/#/decks", "[data-testid=deck-builder]")])
def test_the_real_addresses_still_open_their_pages(server, new_page, path, ready):
    page = new_page()
    assert page.goto(server.url + path).status == 200
    page.wait_for_selector(ready)
    assert page.locator("[data-testid=not-found]").count() == 0


@pytest.mark.parametrize("locale, title", [("ru-RU", "Игра не найдена"), ("en-US", "Game not found")])
def test_a_room_link_to_an_unknown_room_says_so_in_the_page_with_a_link_to_the_lobby(server, new_page, locale, title):
    page = new_page(locale)
    page.add_init_script(ANSWERED_FETCHES)
    box = _not_found_box(page, server.url + "/#/room/no-such-room")
    # the page has asked whether the room was a game with a record (the replay link is drawn only then) and has its
    # answer: no
    page.wait_for_function("() => window.answeredFetches.includes('/api/games/no-such-room')")
    assert title in box.inner_text() and page.locator("[data-testid=not-found-replay]").count() == 0
    _back_to_the_lobby(page)


def test_a_room_link_to_a_closed_room_with_a_record_links_to_its_replay(server, new_page):
    page = new_page()
    page.route("**/api/games/ended-room", lambda route: route.fulfill(status=200, json={"id": "ended-room"}))
    page.goto(server.url + "/#/room/ended-room")
    page.wait_for_selector("[data-testid=not-found-replay]")
    assert "has ended" in page.inner_text("[data-testid=not-found]")
    assert page.get_attribute("[data-testid=not-found-replay]", "href") == "#/replay/ended-room"


def _waiting_room(server) -> str:
    """The id of a new room of the server (waiting for its players), created over the HTTP API."""
    req = urllib.request.Request(server.url + "/api/rooms", data=b"{}", method="POST",
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)["room"]


@pytest.mark.parametrize("locale, title, path", [("ru-RU", "Страница не найдена", "room/%"),
                                                 ("en-US", "Page not found", "player/%E0"),
                                                 ("en-US", "Page not found", "replay/%zz")])
def test_an_address_with_a_broken_percent_escape_says_page_not_found_with_a_link_to_the_lobby(server, new_page, locale,
                                                                                             title, path):
    page = new_page(locale)
    errors: list = []
    page.on("pageerror", lambda e: errors.append(e))
    box = _not_found_box(page, server.url + "/#/" + path)
    assert title in box.inner_text() and not errors, errors
    _back_to_the_lobby(page)


@pytest.mark.parametrize("locale, title, link", [("ru-RU", "Игра не найдена", "a%20b"),
                                                 ("en-US", "Game not found", "x" * 300),
                                                 ("ru-RU", "Игра не найдена", "..%2F..%2Fapi"),
                                                 ("en-US", "Game not found", "{room}%3F")])
def test_a_room_link_whose_id_no_room_can_have_says_game_not_found_and_stays_closed(server, new_page, locale, title,
                                                                                     link):
    if "{room}" in link:
        link = link.format(room=_waiting_room(server))     # a real id with a stray "?"
    page = new_page(locale)
    box = _not_found_box(page, server.url + "/#/room/" + link)
    assert title in box.inner_text()
    assert page.evaluate("window.berserkConn.status") == "closed"      # closed for good: no reconnecting
    _back_to_the_lobby(page)
