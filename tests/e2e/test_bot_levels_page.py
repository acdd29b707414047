"""The computer's four levels in the lobby, in Chromium: the select offers them by name with one line on each, a
game starts from the lobby at each level, and the page says when the computer is thinking."""
from __future__ import annotations

import pytest

from tests.e2e.driver import Policy, Stale, click_action, state
from tests.e2e.players import enter_lobby, my_seat, room_of, wait_dealt

LEVELS = ["beginner", "casual", "strong", "expert"]

#: Records on the page whether the status line ever read the "thinking" sentence.
WATCH_THINKING = """(want) => {
  window.__sawThinking = false;
  const seen = () => { const el = document.querySelector('div.to-act'); if (el && el.textContent === want) window.__sawThinking = true; };
  new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_the_lobby_offers_the_four_levels_with_a_line_on_each(server, new_page):
    page = new_page()
    enter_lobby(page, server, "Ann")
    picker = page.locator("[data-testid=bot-level]")
    assert picker.locator("option").evaluate_all("os => os.map(o => o.value)") == LEVELS
    lines = set()
    for level in LEVELS:
        picker.select_option(level)
        lines.add(page.inner_text("#bot-level-about"))
    assert len(lines) == 4 and all(lines)


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_starts_from_the_lobby_at_each_level(server, new_page, level):
    page = new_page()
    enter_lobby(page, server, "Ann")
    page.evaluate(WATCH_THINKING, "The computer is thinking…")
    page.select_option("[data-testid=bot-level]", level)
    page.click("[data-testid=play-bot]")
    room_of(page)
    my_seat(page, "1")
    wait_dealt(page)
    assert page.evaluate("() => window.berserkConn.view.room.bots['2']") == level
    policy = Policy(squad=1)
    for _ in range(40):             # play until the computer has to move (the page then says it thinks)
        page.wait_for_function("() => { const c = window.berserkConn; return window.__sawThinking || (c.legal && "
                               "c.legal.length && c.pendingAction === null) || (c.view && c.view.result); }",
                               timeout=60000)
        s = state(page)
        if page.evaluate("() => window.__sawThinking") or s["view"].get("result"):
            break
        if not s["legal"] or s["pending"]:
            continue
        try:
            click_action(page, policy.choose(s["legal"], s["view"], 1), s["v"], s)
        except Stale:
            continue
    assert page.evaluate("() => window.__sawThinking")
    page.click("button[data-act=concede]")
    page.click("button[data-act=concede-confirm]")
    page.wait_for_function("() => window.berserkConn.view && window.berserkConn.view.result", timeout=30000)
