"""Browser end-to-end: two Chromium pages play a game through clicks against the real server, a third page
watches; reload and server restart resume; error sentences and both languages are shown.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.driver import Policy, board_snapshot, can_act, click_action, dump, state, wait_version, wait_version_above
from tests.e2e.hidden import assert_shows_none, hidden_from_spectator, record_frames, shown_counts
from tests.e2e.players import name_if_asked, wait_dealt

MAIN_ACTIONS = 12   # clicks in the battle phases before the player to act concedes (the game then ends)
MAX_ACTIONS = 400   # safety bound on the whole game


def create_room(page, server) -> str:
    """Create a room from the lobby form; returns the room id (the page is then in the room as seat 1). The game's
    seed is the server's ``--fixed-seed`` (tests/e2e/conftest.py ``SEED``)."""
    page.goto(server.url + "/")
    name_if_asked(page, "Ann")
    page.wait_for_selector("#create-room")
    page.click("#create-room")
    page.wait_for_function("location.hash.startsWith('#/room/')")
    room = re.match(r"#/room/([^?]+)", page.evaluate("location.hash")).group(1)
    wait_version_above(page, None)
    return room


def join_room(page, server, room: str) -> None:
    """Take the free seat of room from the lobby list."""
    page.goto(server.url + "/")
    name_if_asked(page, "Bob")
    page.click(f"button.join[data-room='{room}']")
    page.wait_for_function(f"location.hash.startsWith('#/room/{room}')")
    wait_version_above(page, None)


def watch_room(page, server, room: str) -> None:
    """Open the room as a spectator from the lobby's Watch link."""
    page.goto(server.url + "/")
    name_if_asked(page, "Sam")
    page.click(f"li.room[data-room='{room}'] a.watch")
    wait_version_above(page, None)


def next_actor(pages: dict, timeout: float = 15000):
    """The seat whose page can act now (waits for it), or None when the game is over."""
    for _ in range(50):
        views = {p: state(pg) for p, pg in pages.items()}
        if any(s["view"].get("result") for s in views.values()):
            return None
        for p, pg in pages.items():
            if can_act(pg):
                return p
        # Nobody can act at the versions the pages hold: wait for the seat the newest view names.
        newest = max(views.values(), key=lambda s: s["v"])
        p = newest["view"].get("to_act") or 1
        pages[p].wait_for_function(
            """(v) => { const c = window.berserkConn;
                return (c.v > v) || (c.legal && c.legal.length && c.pendingAction === null) || (c.view && c.view.result); }""",
            arg=newest["v"], timeout=timeout)
    raise AssertionError("no page could act")


def play(pages: dict, spectator, artifacts, policy: Policy, on_main=None, prefix: str = "game") -> dict:
    """Play until the game ends: each turn the seat that must act clicks the policy's choice; after MAIN_ACTIONS
    battle actions the player to act concedes. Saves a screenshot of every new phase/prompt. Returns the final
    state of seat 1's page."""
    seen = set()
    main_actions = 0
    for _ in range(MAX_ACTIONS):
        p = next_actor(pages)
        if p is None:
            break
        page = pages[p]
        s = state(page)
        view = s["view"]
        kind = (view.get("prompt") or {}).get("kind")
        key = f"{view.get('phase')}-{kind}"
        if key not in seen:
            seen.add(key)
            page.screenshot(path=str(artifacts / f"{prefix}-{len(seen):02d}-{key}-player{p}.png"))
            spectator.screenshot(path=str(artifacts / f"{prefix}-{len(seen):02d}-{key}-spectator.png"))
        if view.get("turn", 0) >= 1 and kind not in ("first", "redeal", "recruit", "deploy"):
            main_actions += 1
            if on_main is not None and main_actions == 1:
                on_main(pages)
                continue
        if main_actions > MAIN_ACTIONS:
            idx = next(i for i, a in enumerate(s["legal"]) if a["act"] == "concede")
        else:
            idx = policy.choose(s["legal"], view, p)
        click_action(page, idx)
    return state(pages[1])


@pytest.fixture
def game(server, new_page):
    """A room with two seated pages (seat 1 created it, seat 2 joined from the lobby) and a spectator page, each
    showing the dealt game; ``spectator_frames``: every frame the spectator's page received (hidden.record_frames)."""
    a, b, c = new_page(), new_page(), new_page()
    frames = record_frames(c)
    room = create_room(a, server)
    join_room(b, server, room)
    watch_room(c, server, room)
    for page in (a, b, c):
        wait_dealt(page)
    return {"room": room, "pages": {1: a, 2: b}, "spectator": c, "spectator_frames": frames}


def test_two_pages_play_to_the_end_and_the_spectator_sees_the_same_board(game, artifacts):
    pages, spectator = game["pages"], game["spectator"]
    pages[1].screenshot(path=str(artifacts / "game-00-room-player1.png"))

    final = play(pages, spectator, artifacts, Policy(squad=2))

    v = final["v"]
    for pg in (*pages.values(), spectator):
        wait_version(pg, v)
        pg.wait_for_selector(".result-banner")
    winners = {pg.get_attribute(".result-banner", "data-winner") for pg in (*pages.values(), spectator)}
    assert len(winners) == 1 and winners != {"None"}
    boards = {name: board_snapshot(pg) for name, pg in (("p1", pages[1]), ("p2", pages[2]), ("spec", spectator))}
    ids = lambda b: {k: sorted(x.split(":")[0] for x in v) for k, v in b.items()}
    assert ids(boards["spec"]) == ids(boards["p1"]) == ids(boards["p2"]), dump(boards)
    for zone, cards in boards["spec"].items():     # every name the spectator sees, the players see too
        for entry in cards:
            if not entry.endswith(":?"):
                assert entry in boards["p1"][zone] and entry in boards["p2"][zone], dump(boards)
    for name, pg in (("player1", pages[1]), ("player2", pages[2]), ("spectator", spectator)):
        pg.screenshot(path=str(artifacts / f"game-99-end-{name}.png"), full_page=True)
    assert not any(pg.js_errors for pg in (*pages.values(), spectator)), [pg.js_errors for pg in pages.values()]


def test_pages_apply_the_servers_diffs_without_asking_for_a_resync(game, artifacts):
    pages, spectator = game["pages"], game["spectator"]
    final = play(pages, spectator, artifacts, Policy(squad=1), prefix="diffs")
    for pg in (*pages.values(), spectator):
        wait_version(pg, final["v"])
        got = pg.evaluate("({loaded: window.berserkConn.diffLoaded, resyncs: window.berserkConn.resyncs})")
        assert got == {"loaded": True, "resyncs": 0}


def test_spectator_page_has_no_controls(game):
    s = state(game["spectator"])
    assert s["you"] is None and s["legal"] is None
    assert game["spectator"].locator(".controls, .own-zones, button.act, button.concede").count() == 0


def test_spectator_page_shows_the_players_dealt_cards_only_as_counts(game, server):
    pages, spectator = game["pages"], game["spectator"]
    seen = state(spectator)
    seats = {p: state(pg) for p, pg in pages.items()}
    assert {s["v"] for s in seats.values()} == {seen["v"]}         # nobody has acted: one version on every page
    hidden = hidden_from_spectator((s["view"] for s in seats.values()), seen["view"])
    for p, s in seats.items():      # each player holds a deal the spectator must not see, shown to them as counts
        own = s["view"]["players"][str(p)]
        assert own["deal_cards"] and set(own["deal_cards"]) <= set(hidden)
        assert shown_counts(spectator, p) == {"deck": own["deck"], "deal": len(own["deal_cards"]),
                                              "recruits": len(own["recruit_cards"])}
    assert any(f["t"] == "sync" and f["view"]["viewer"] is None for f in game["spectator_frames"])
    assert_shows_none(spectator, server, hidden, game["spectator_frames"])


def test_a_reload_mid_game_resumes_the_same_seat_and_version(game, artifacts):
    pages, spectator = game["pages"], game["spectator"]

    def reload_seat_2(pages):
        before = state(pages[2])
        pages[2].reload()
        wait_version(pages[2], before["v"])
        after = state(pages[2])
        assert after["you"] == 2
        assert after["v"] >= before["v"]
        pages[2].screenshot(path=str(artifacts / "reload-resumed-player2.png"))
        raise _Stop()

    with pytest.raises(_Stop):
        play(pages, spectator, artifacts, Policy(squad=1), on_main=reload_seat_2, prefix="reload")
    # the reloaded page can still act: play on to the end
    final = play(pages, spectator, artifacts, Policy(squad=1), prefix="reload-after")
    assert final["view"]["result"] is not None


def test_pages_reconnect_after_a_server_restart_and_resume(server, game, artifacts):
    pages, spectator = game["pages"], game["spectator"]
    before = {p: state(pg)["v"] for p, pg in pages.items()}
    server.restart()
    for pg in (*pages.values(), spectator):
        pg.wait_for_function("() => window.berserkConn.status === 'open' && window.berserkConn.attempt === 0",
                             timeout=30000)
    for p, pg in pages.items():
        wait_version(pg, before[p])
        assert state(pg)["you"] == p
    # and the game goes on from there
    p = next_actor(pages)
    s = state(pages[p])
    click_action(pages[p], Policy().choose(s["legal"], s["view"], p))
    assert state(pages[p])["v"] > s["v"]


def test_a_finished_game_is_listed_in_the_lobby_and_its_replay_shows_the_result(game, new_page, server, artifacts):
    pages = game["pages"]
    p = next_actor(pages)
    s = state(pages[p])
    click_action(pages[p], next(i for i, a in enumerate(s["legal"]) if a["act"] == "concede"))
    viewer = new_page()
    viewer.goto(server.url + "/")
    name_if_asked(viewer, "Viv")
    viewer.click(f"li.room[data-room='{game['room']}'] a.replay")
    viewer.click("[data-testid=replay-last]")          # the replay starts at the deal; its last step is the end
    expect(viewer.locator(".result-banner")).to_have_attribute("data-winner", str(3 - p))
    assert viewer.locator("[data-testid=replay-log] li").count() >= 1
    assert viewer.locator(".controls, .own-zones").count() == 0
    viewer.screenshot(path=str(artifacts / "replay-finished-game.png"))


def test_an_error_frame_sentence_is_shown_to_the_player(server, new_page):
    page = new_page()
    page.goto(server.url + "/#/room/no-such-room")
    name_if_asked(page, "Nia")
    expect(page.locator(".error-toast")).to_contain_text("no room", ignore_case=True, use_inner_text=True)


def test_interface_switches_to_russian_with_card_names_in_both_languages(game, artifacts):
    page = game["pages"][1]
    page.click("#lang")
    page.wait_for_function("document.querySelector('#lang').textContent === 'English'")
    assert "Берсерк" in page.inner_text("header#top")
    assert re.search("[А-Яа-я]", page.inner_text(".side .status"))
    named = page.locator(".card .c-name")      # seat 1 sees its own dealt cards from the start
    assert named.count() > 0
    assert re.search("[А-Яа-яЁё]", named.first.inner_text())
    assert re.search("[A-Za-z]", page.locator(".card .c-en").first.inner_text())
    page.screenshot(path=str(artifacts / "language-russian-player1.png"))
    page.click("#lang")
    page.wait_for_function("document.querySelector('#lang').textContent === 'Русский'")


def test_hovering_or_tapping_a_card_shows_its_full_text(game):
    page = game["pages"][1]
    cards = page.locator(".own-zones .card")
    texts = page.evaluate("""(ids) => fetch('/api/cards').then(r => r.json()).then((l) => ids.map(
        (id) => l.find(c => c.id === window.berserkConn.view.cards[id].card).text_en))""",
                          cards.evaluate_all("els => els.map(e => e.dataset.card)"))
    cards.first.hover()
    page.wait_for_selector(".detail .card-text")
    assert page.inner_text(".detail .card-text") == texts[0]
    page.mouse.move(0, 0)           # the detail keeps the hovered card's text: the tap is on a card of another text
    other = next(i for i, text in enumerate(texts) if text != texts[0])
    cards.nth(other).click()        # a tap (no hover on touch screens) shows it too
    assert page.inner_text(".detail .card-text") == texts[other]


class _Stop(Exception):
    pass
