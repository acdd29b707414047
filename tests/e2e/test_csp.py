"""The browser client runs under the server's Content-Security-Policy (server/web_security.py): the lobby and a game
against the computer load with the policy enforced (the other e2e tests bypass it, conftest.py ``browser``) and
Chromium reports no violation."""
from __future__ import annotations

from tests.e2e.players import name_if_asked


def test_the_lobby_and_a_game_run_under_the_content_security_policy(server, browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US", bypass_csp=False)
    try:
        page = ctx.new_page()
        page.set_default_timeout(60000)
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        page.goto(server.url + "/")
        name_if_asked(page, "Csp")
        page.wait_for_selector("[data-testid=create-room]")
        page.click("[data-testid=play-bot]")
        page.wait_for_selector("[data-testid=prompt]")          # the game page, dealt, rendered and styled
        assert refused == []
    finally:
        ctx.close()
