"""Double clicks on the game page in Chromium: one decision per double click. The page sends one action and then
takes no click until the server answers it; the second click of a double click never lands on what the first put under
the pointer (the concession, the next prompt's button, a confirmation)."""
from __future__ import annotations

from tests.e2e.players import bot_room

PHONE = {"width": 390, "height": 844}

#: counts the actions the page sends on its connection (window.berserkConn.sent)
COUNT_ACTS = """() => { const c = window.berserkConn; c.sent = 0; const act = c.act.bind(c);
    c.act = (a) => { c.sent += 1; return act(a); }; }"""


def _at_redeal(page) -> int:
    """Choose to go first (the session server's seed asks seat 1), then wait until the page may answer the redeal
    question; the index of «keep» in its legal list."""
    page.wait_for_function("() => { const c = window.berserkConn; return c && c.status === 'open'"
                           " && (c.legal || []).some((a) => a.option && a.option.first === 1); }")
    first = page.evaluate("() => window.berserkConn.legal.findIndex((a) => a.option && a.option.first === 1)")
    page.click(f"[data-testid=controls] button.act[data-idx='{first}']")
    page.wait_for_function("() => { const c = window.berserkConn; return c && c.status === 'open' && !c.pendingAction"
                           " && (c.legal || []).some((a) => a.option === 'keep'); }")
    return page.evaluate("() => window.berserkConn.legal.findIndex((a) => a.option === 'keep')")


def test_a_double_click_on_keep_sends_one_action_and_opens_nothing_else(server, new_page):
    page = new_page("ru-RU")
    bot_room(server, page)
    keep = _at_redeal(page)
    page.evaluate(COUNT_ACTS)
    page.locator(f"[data-testid=controls] button.act[data-idx='{keep}']").dblclick()
    page.wait_for_function("() => window.berserkConn.pendingAction === null"
                           " && !(window.berserkConn.legal || []).some((a) => a.option === 'keep')")
    assert page.evaluate("window.berserkConn.sent") == 1
    assert page.locator(".concede-confirm, [data-testid=confirm-box]").count() == 0


def test_the_second_click_of_a_double_click_is_dropped_when_the_answer_came_between_its_clicks(server, browser):
    # on a phone the next question's «Done» may come under the pointer before the second click: it takes no click
    ctx = browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        bot_room(server, page)
        keep = _at_redeal(page)
        page.evaluate(COUNT_ACTS)
        page.click(f"[data-testid=controls] button.act[data-idx='{keep}']")
        page.wait_for_function("() => { const c = window.berserkConn; return c.pendingAction === null"
                               " && (c.legal || []).some((a) => a.option === 'done'); }")
        done = page.evaluate("() => window.berserkConn.legal.findIndex((a) => a.option === 'done')")
        box = page.locator(f"[data-testid=controls] button.act[data-idx='{done}']").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down(click_count=2)
        page.mouse.up(click_count=2)
        assert page.evaluate("window.berserkConn.sent") == 1
        assert page.locator("[data-testid=confirm-box]").count() == 0
    finally:
        ctx.close()


def test_the_concession_takes_no_click_while_an_action_is_in_flight(server, new_page):
    page = new_page()
    bot_room(server, page)
    keep = _at_redeal(page)
    page.evaluate("() => { const c = window.berserkConn; const send = c._send.bind(c);"
                  " c._send = (f) => f.t === 'action' || send(f); }")   # the action leaves, no answer comes back
    page.click(f"[data-testid=controls] button.act[data-idx='{keep}']")
    page.wait_for_function("() => window.berserkConn.pendingAction !== null")
    assert page.locator("button.concede").is_disabled()
