"""Browser end-to-end: a deck built from scratch by clicks in the builder, saved, then chosen in the
lobby's deck choice and played against the computer: the cards dealt to the player come from that deck."""
from __future__ import annotations

from tests.e2e.driver import Policy, Stale, click_action, state
from tests.e2e.players import enter_lobby, my_seat, room_of, wait_dealt
from tests.e2e.test_deck_builder import build_steppes_deck


def test_a_deck_built_by_clicks_and_saved_is_played_against_the_computer(server, new_page, artifacts):
    page = new_page("en-US")
    enter_lobby(page, server, "Deckbuilder")
    page.click("[data-testid=open-deck-builder]")
    page.wait_for_selector("[data-testid=deck-builder]")
    ids = set(build_steppes_deck(page))
    page.wait_for_selector("[data-testid=deck-errors][data-valid=true]")
    page.fill("#db-name", "Steppe rush")
    page.click("#db-save")
    page.wait_for_function("location.hash.startsWith('#/decks/')")
    saved = page.evaluate("decodeURIComponent(location.hash.slice('#/decks/'.length))")
    enter_lobby(page, server, "Deckbuilder")
    choice = page.locator("#bot-deck[data-testid=deck-choice]")
    choice.select_option(f"saved:{saved}")
    page.select_option("#bot-level", "beginner")
    page.click("[data-testid=play-bot]")
    room_of(page)
    my_seat(page, "1")
    wait_dealt(page)
    page.wait_for_function("() => { const c = window.berserkConn; return c.legal && c.legal.length; }")
    view = state(page)["view"]
    mine = {c["card"] for c in view["cards"].values() if c.get("owner") == 1 and c.get("card")}
    assert mine and mine <= ids, (mine, ids)
    policy, moves = Policy(squad=1), 0
    while moves < 8 and not state(page)["view"].get("result"):
        page.wait_for_function("() => { const c = window.berserkConn; return (c.legal && c.legal.length && "
                               "c.pendingAction === null) || (c.view && c.view.result); }")
        s = state(page)
        if s["view"].get("result") or not s["legal"] or s["pending"]:
            continue
        try:
            click_action(page, policy.choose(s["legal"], s["view"], 1), s["v"], s)
        except Stale:       # the computer or an automatic pass moved the game on after the read: read again
            continue
        moves += 1
    if not state(page)["view"].get("result"):
        page.click("button[data-act=concede]")
        page.click("button[data-act=concede-confirm]")
    page.wait_for_selector(".result-banner")
    page.screenshot(path=str(artifacts / "deck-built-game-vs-computer.png"))
    assert not page.js_errors, page.js_errors
