"""The players' names, never "Player 1/2": the game log, the die box and the queue say who did what by name, a
computer opponent reads "Computer (level)" (a new player's one-click game: beginner), and the replay of the game
names them the same way."""
from __future__ import annotations

import re

from tests.e2e import driver
from tests.e2e.players import enter_lobby, room_of

SEAT_WORDS = re.compile(r"\b(Player|Игрок|игрок) [12]\b")


def _texts(page) -> str:
    return page.evaluate("() => [...document.querySelectorAll('.log, [data-testid=combat], [data-testid=queue],"
                         " .status, .room-bar, .result-banner')].map((e) => e.innerText).join('\\n')")


def test_the_log_and_the_panels_name_the_players_and_the_computer(bot_server, new_page):
    page = new_page("en-US")
    enter_lobby(page, bot_server, "Ann")
    page.click("[data-testid=play-bot]")
    room = room_of(page)
    policy = driver.Policy(squad=2)
    for _ in range(12):     # the deal, the first player, keeping the deal: events of both players
        page.wait_for_function("() => { const c = window.berserkConn; return c.view && c.legal && c.legal.length"
                               " && !c.pendingAction; }")
        s = driver.state(page)
        if not s["legal"]:
            continue
        try:
            driver.click_action(page, policy.choose(s["legal"], s["view"], s["you"]), s["v"], s)
        except driver.Stale:
            continue
    text = _texts(page)
    assert "Ann" in page.inner_text(".log") and "Computer (beginner)" in page.inner_text(".log"), text
    assert not SEAT_WORDS.search(text), SEAT_WORDS.search(text)
    page.click("button[data-act=concede]")
    page.click("button[data-act=concede-confirm]")
    page.wait_for_selector(".result-banner")
    assert "Ann" in page.inner_text(".result-banner") or "Computer" in page.inner_text(".result-banner")
    page.wait_for_function("async (room) => (await fetch('/api/games/' + encodeURIComponent(room))).ok", arg=room)
    page.goto(f"{bot_server.url}/#/replay/{room}")
    page.wait_for_selector("[data-testid=replay-step]")
    page.click("[data-testid=replay-last]")
    page.wait_for_selector(".result-banner")
    log = page.inner_text("[data-testid=replay-log]")
    assert "Ann" in log and "Computer (beginner)" in log and not SEAT_WORDS.search(log), log[:500]


def test_the_computer_with_its_role_reads_one_pair_of_brackets(server, new_page):
    page = new_page("en-US")
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    names = page.evaluate("""async () => {
      const i18n = await import('/js/i18n.js');
      const { playerName } = await import('/js/panels.js');
      const room = { players: { 1: 'Ann' }, bots: { 2: 'heuristic' } };
      const out = [];
      for (const lang of ['en', 'ru']) { i18n.setLang(lang); out.push(playerName(2, 1, room), playerName(1, 1, room)); }
      return out; }""")
    assert names == ["Computer (casual, opponent)", "Ann (you)", "Компьютер (любитель, соперник)", "Ann (вы)"]
