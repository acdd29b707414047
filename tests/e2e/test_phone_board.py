"""The phone board (390 x 844, touch): during the battle all six rows of the board and the prompt are in view
together without scrolling, above the action dock; the header and the room bar are short, the room bar with the
players' whole names; the card faces on the board keep their cost and their life. Measured on a real game against
the computer."""
from __future__ import annotations

import contextlib

from tests.e2e import driver
from tests.e2e.players import bot_room

PHONE = {"width": 390, "height": 844}
HEADER_MAX = 40     # px: the header on a phone
ROOM_BAR_MAX = 36   # px: the room bar during a game

MEASURE = """() => {
  scrollTo(0, 0);
  const vh = innerHeight, vw = innerWidth;
  const dock = document.querySelector('[data-testid=controls]');
  const dockTop = dock ? dock.getBoundingClientRect().top : vh;
  const within = (r, bottom) => r.width > 0 && r.top >= -1 && r.left >= -1 && r.right <= vw + 1 && r.bottom <= bottom + 1;
  const cells = [...document.querySelectorAll('.board .cell')];
  const hidden = cells.filter((c) => !within(c.getBoundingClientRect(), dockTop)).map((c) => c.dataset.cell);
  const prompt = document.querySelector('[data-testid=prompt]');
  const faces = [...document.querySelectorAll('.board .card:not(.hidden):not(.attached)')].map((card) => {
    const box = card.getBoundingClientRect();
    const ok = (sel) => { const el = card.querySelector(sel); if (!el) return false;
      const r = el.getBoundingClientRect(); return r.width > 0 && getComputedStyle(el).display !== 'none'
        && r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; };
    return {card: card.dataset.card, cost: ok('.c-cost'), life: !card.querySelector('.c-life') || ok('.c-life')};
  });
  return {hidden, rows: cells.length, prompt: !!prompt && within(prompt.getBoundingClientRect(), vh),
          header: document.getElementById('top').getBoundingClientRect().height,
          bar: document.querySelector('.room-bar')?.getBoundingClientRect().height ?? 0,
          scrolled: scrollY, faces, hscroll: document.documentElement.scrollWidth > vw};
}"""


@contextlib.contextmanager
def _phone_room(server, browser, **body):
    """A page on a Russian phone (390 x 844, touch) in seat 1 of a new room against the computer (``body``: more of
    the create body, e.g. ``bot``); its browser context closed afterwards."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.set_default_timeout(30000)
        bot_room(server, page, **body)
        yield page
    finally:
        ctx.close()


def test_the_whole_board_and_the_prompt_are_in_view_together_on_a_phone(bot_server, browser, artifacts):
    with _phone_room(bot_server, browser) as page:
        policy = driver.Policy(squad=4)
        measured = []
        for _ in range(120):
            page.wait_for_function("() => { const c = window.berserkConn; return c.view && (c.view.result"
                                   " || (c.legal && c.legal.length && !c.pendingAction)); }")
            s = driver.state(page)
            if s["view"].get("result") or len(measured) >= 3:
                break
            if not s["legal"]:
                continue
            if s["view"]["phase"] == "main" and page.locator("[data-testid=prompt]").count():
                got = page.evaluate(MEASURE)
                page.screenshot(path=str(artifacts / f"phone-board-{len(measured)}.png"))
                measured.append(got)
            try:
                driver.click_action(page, policy.choose(s["legal"], s["view"], s["you"]), s["v"], s)
            except driver.Stale:
                continue
        assert measured, "the battle never asked this player"
        for got in measured:
            assert got["rows"] == 30 and not got["hidden"], got
            assert got["prompt"] and got["scrolled"] == 0 and not got["hscroll"], got
            assert got["header"] <= HEADER_MAX and got["bar"] <= ROOM_BAR_MAX, got
            assert got["faces"] and all(f["cost"] and f["life"] for f in got["faces"]), got["faces"]


#: every link and button of the header: its whole box in the viewport and not cut by its box's overflow
HEADER_CLIPPED = """() => {
  const vw = innerWidth;
  const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1
    && r.bottom <= box.bottom + 1;
  const nav = document.querySelector('header#top nav').getBoundingClientRect();
  const header = document.getElementById('top').getBoundingClientRect();
  return [...document.querySelectorAll('header#top a, header#top button')]
    .filter((el) => getComputedStyle(el).display !== 'none')
    .filter((el) => { const r = el.getBoundingClientRect();
      return !(r.width > 0 && r.left >= -1 && r.right <= vw + 1 && inside(r, header)
               && (!el.closest('nav') || inside(r, nav))); })
    .map((el) => el.textContent);
}"""


def test_every_header_link_is_whole_on_a_phone_in_russian(server, browser):
    from tests.e2e.players import enter_lobby
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ru-RU")
    try:
        page = ctx.new_page()
        enter_lobby(page, server, "Анна")
        page.wait_for_selector("[data-testid=my-profile]")
        assert page.evaluate(HEADER_CLIPPED) == []
        assert page.evaluate("document.getElementById('top').getBoundingClientRect().height") <= HEADER_MAX
    finally:
        ctx.close()


#: each seat name of the room bar: its whole text shown (not cut by its box or the bar's), in the viewport, and
#: clear of the bar's other parts (my seat, the rated label)
SEAT_NAMES_CUT = """() => {
  const vw = innerWidth;
  const top = document.querySelector('.room-bar-top').getBoundingClientRect();
  const overlaps = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const others = [...document.querySelectorAll('.room-bar-top .my-seat-box, .room-bar-top [data-testid=room-rated]')]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
  return [...document.querySelectorAll('.room-bar .seat-name')].filter((el) => {
    const r = el.getBoundingClientRect();
    const rects = [...el.getClientRects()];
    return el.scrollWidth > el.clientWidth + 1 || r.width === 0 || r.left < -1 || r.right > vw + 1
      || rects.some((l) => l.left < top.left - 1 || l.right > top.right + 1 || l.top < top.top - 1 || l.bottom > top.bottom + 1)
      || rects.some((l) => others.some((o) => overlaps(l, o)));
  }).map((el) => el.textContent);
}"""


def test_the_room_bar_shows_the_players_whole_names_on_a_phone(bot_server, browser, artifacts):
    with _phone_room(bot_server, browser, bot="casual") as page:   # «Компьютер (любитель)», the longest level name
        page.wait_for_function("() => document.querySelectorAll('.room-bar .seat-name').length === 2"
                               " && window.berserkConn.view.room.bots")
        page.screenshot(path=str(artifacts / "phone-room-bar-names.png"))
        assert page.evaluate(SEAT_NAMES_CUT) == []
        assert page.locator(".room-bar").bounding_box()["height"] <= ROOM_BAR_MAX


def test_the_room_chat_can_be_typed_in_and_sent_by_a_tap_during_a_game_on_a_phone(server, browser):
    with _phone_room(server, browser) as page:
        page.wait_for_selector("[data-testid=controls] button.concede")
        page.locator("[data-testid=chat-input]").tap(timeout=5000)
        page.fill("[data-testid=chat-input]", "hello")
        page.locator("button.chat-send").click(timeout=5000)    # no force: the tap must reach the button itself
        page.wait_for_selector("[data-testid=chat-log] .chat-line:has-text('hello')")
        page.locator("[data-testid=controls] button.concede").click(timeout=5000)   # the dock stays reachable
        page.wait_for_selector(".concede-confirm")
