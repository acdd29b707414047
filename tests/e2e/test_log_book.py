"""The log keeps the whole game in the page (the view carries only its last events) across a reload, and lists
events in the order they resolve: "ends the turn" comes after the strike it was chosen behind, where the turn ends."""
from __future__ import annotations

import copy

from tests.e2e import driver
from tests.e2e.players import enter_lobby, room_of
from tests.e2e.states import MOUNT


def test_the_log_keeps_every_event_since_the_deal_across_a_reload(bot_server, new_page):
    page = new_page("en-US")
    enter_lobby(page, bot_server, "Ann")
    page.click("[data-testid=play-bot]")
    room_of(page)
    driver.wait_version_above(page, None)
    policy = driver.Policy(squad=4)
    moved = "() => (window.berserkConn.view?.log || [])[0]?.seq > 0"
    for _ in range(80):
        if page.evaluate(moved):
            break
        page.wait_for_function("() => { const c = window.berserkConn; return c.view && (c.view.result"
                               " || (c.legal && c.legal.length && !c.pendingAction)); }")
        s = driver.state(page)
        if s["view"].get("result") or not s["legal"]:
            continue
        try:
            driver.click_action(page, policy.choose(s["legal"], s["view"], s["you"]), s["v"], s)
        except driver.Stale:
            continue
    assert page.evaluate(moved), "the view's log window never moved"
    first = page.inner_text(".log .log-list li >> nth=0")
    assert "dealt" in first, first
    page.reload()
    driver.wait_version_above(page, None)
    page.wait_for_selector(".log .log-list li")
    assert page.inner_text(".log .log-list li >> nth=0") == first


def test_ending_the_turn_is_logged_after_the_strike_it_waited_for(states, server, new_page):
    st = copy.deepcopy(states["fight_logged"])
    log = st["view"]["log"]
    at = next(i for i, e in enumerate(log) if e["type"] == "strike_roll")
    seq = log[at]["seq"]
    # the active player chose "end turn" while the strike was still in the queue: the engine logs the choice then
    ended = {"type": "end_turn", "player": st["view"]["active"], "seq": seq}
    for e in log[at:]:
        e["seq"] += 1
    log.insert(at, ended)
    log.append({"type": "turn", "turn": st["view"]["turn"] + 1, "active": 3 - st["view"]["active"],
                "seq": log[-1]["seq"] + 1})
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(MOUNT, [st, "en"])
    lines = page.eval_on_selector_all("#game-under-test .log .log-list li", "els => els.map(e => e.textContent)")
    ends = next(i for i, s in enumerate(lines) if "ends the turn" in s)
    strike = max(i for i, s in enumerate(lines) if s.startswith("Fight:"))
    assert strike < ends == len(lines) - 2, lines[-8:]


MARKER_ROOM = """() => {
  const ol = document.querySelector('#game-under-test .log .log-list');
  const items = ol.querySelectorAll(':scope > li');
  const last = items[items.length - 1];
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(last).font;
  const room = last.getBoundingClientRect().left - ol.getBoundingClientRect().left - ol.clientLeft;
  return {n: items.length, room, need: ctx.measureText(`${items.length}. `).width};
}"""


def test_a_log_entry_numbered_past_99_shows_its_whole_number(states, server, new_page):
    st = copy.deepcopy(states["fight_logged"])
    log = st["view"]["log"]
    top = max(e["seq"] for e in log)
    more = [dict(e, seq=top + 1 + i) for i, e in enumerate(log * (130 // len(log) + 1))]
    st["view"]["log"] = log + more
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(MOUNT, [st, "en"])
    page.wait_for_selector("#game-under-test .log .log-list li >> nth=99")
    got = page.evaluate(MARKER_ROOM)
    assert got["n"] >= 100 and got["room"] >= got["need"], got
