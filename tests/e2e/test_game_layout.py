"""The game page at phone, tablet and desktop sizes: the board reads, the prompt and its
actions are in view, no horizontal scroll, the deal question shows the dealt cards; axe-core finds no serious or
critical violation. (The whole games against the computer, at phone size and with the new-abilities decks, are in
test_games_vs_computer.py.)
Screenshots of every layout go to test-artifacts/.
"""
from __future__ import annotations

import pathlib
import subprocess

import pytest

from tests.e2e import driver
from tests.e2e.players import bot_room
from tests.e2e.states import MOUNT

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 820, "height": 1180},
             "desktop": {"width": 1400, "height": 900}}
E2E = pathlib.Path(__file__).resolve().parent
AXE = E2E / "node_modules" / "axe-core" / "axe.min.js"

READS = """() => {
  const out = {hscroll: document.documentElement.scrollWidth > innerWidth, problems: []};
  const inside = (a, b) => a.width > 0 && a.height > 0 && a.left >= b.left - 1 && a.right <= b.right + 1
    && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  for (const card of document.querySelectorAll('#game-under-test .field .card:not(.hidden):not(.attached)')) {
    const box = card.getBoundingClientRect();
    const name = card.querySelector('.c-name');
    const n = name.getBoundingClientRect();
    if (!inside(n, box) || name.scrollWidth > name.clientWidth + 1) out.problems.push(['name', card.dataset.card, name.textContent]);
    const onTop = document.elementFromPoint(n.left + Math.min(8, n.width / 2), n.top + n.height / 2);
    if (onTop && !onTop.closest('.controls, .zoom') && !name.contains(onTop)) out.problems.push(['name covered', card.dataset.card, onTop.tagName]);
    const life = card.querySelector('.c-life');
    if (life && !inside(life.getBoundingClientRect(), box)) out.problems.push(['life', card.dataset.card]);
    const w = card.querySelector('.c-wounds');
    if (w && !inside(w.getBoundingClientRect(), box)) out.problems.push(['wounds', card.dataset.card]);
    const c = card.querySelector('.c-closed');
    if (card.classList.contains('closed') && (!c || !inside(c.getBoundingClientRect(), box))) out.problems.push(['closed', card.dataset.card]);
    for (const a of [life, w, card.querySelector('.c-tokens')].filter(Boolean)) {     // no stat under another
      const r = a.getBoundingClientRect();
      for (const b of [card.querySelector('.c-cost'), c].filter(Boolean)) {
        const q = b.getBoundingClientRect();
        if (q.width && r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1) out.problems.push(['covered', card.dataset.card, a.className]);
      }
    }
  }
  const inView = (el) => { const r = el.getBoundingClientRect(); const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && !!top && (top === el || el.contains(top)); };
  out.prompt = [...document.querySelectorAll('#game-under-test .controls .prompt, #game-under-test .controls .global-actions button')].map(inView);
  out.deal = [...document.querySelectorAll('#game-under-test .own-zones .deal .card')].map(inView);
  return out;
}"""


def _mount(mount_page, st, viewport, lang="ru"):
    page = mount_page(viewport)
    page.evaluate(MOUNT, [st, lang])
    page.wait_for_selector("#game-under-test .board")
    return page


@pytest.fixture
def at_size(server, new_page):
    def make(viewport):
        page = new_page()
        page.set_viewport_size(viewport)
        page.goto(server.url + "/#/nowhere")
        page.wait_for_selector("#app")
        return page
    return make


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_the_board_reads_and_the_prompt_with_its_actions_is_in_view(states, at_size, artifacts, size):
    for name in ("main_priority", "exchange", "fight_logged"):
        page = _mount(at_size, states[name], VIEWPORTS[size])
        got = page.evaluate(READS)
        page.screenshot(path=str(artifacts / f"layout-{name}-{size}.png"))
        assert not got["hscroll"], (name, size)
        assert not got["problems"], (name, size, got["problems"])
        assert got["prompt"] and all(got["prompt"]), (name, size, got["prompt"])
        page.close()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_the_deal_question_shows_the_dealt_cards(bot_server, new_page, artifacts, size):
    page = new_page()
    page.set_viewport_size(VIEWPORTS[size])
    room = bot_room(bot_server, page)
    page.wait_for_function("() => window.berserkConn.view && window.berserkConn.view.prompt"
                           " && ['first', 'redeal'].includes(window.berserkConn.view.prompt.kind)")
    s = driver.state(page)
    if s["view"]["prompt"]["kind"] == "first" and s["legal"]:
        driver.click_action(page, next(i for i, a in enumerate(s["legal"]) if a.get("option") == {"first": 1}))
    page.wait_for_function("() => window.berserkConn.view.prompt && window.berserkConn.view.prompt.kind === 'redeal'"
                           " && window.berserkConn.legal")
    page.evaluate("() => document.querySelector('.own-zones').closest('main').id = 'game-under-test'")
    got = page.evaluate(READS)
    page.screenshot(path=str(artifacts / f"layout-redeal-{size}-{room}.png"))
    assert len(got["deal"]) == 15 and all(got["deal"]), got["deal"]
    assert all(got["prompt"]) and not got["hscroll"]


# ---------------------------------------------------------------------------------------------- axe-core

def _axe_path() -> pathlib.Path:
    """axe-core from the npm registry (tests/e2e/package.json); installed here when scripts/test did not."""
    if not AXE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=E2E, check=True, timeout=300)
    return AXE


def _axe(page) -> list:
    page.add_script_tag(path=str(_axe_path()))
    res = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in res["violations"]
            if v["impact"] in ("serious", "critical")]


def test_axe_finds_no_serious_violation_on_the_lobby(server, new_page):
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create-room")
    assert _axe(page) == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_axe_finds_no_serious_violation_on_the_deck_builder(server, new_page, size):
    page = new_page()
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(server.url + "/#/decks")
    page.wait_for_selector("[data-testid=deck-builder]")
    page.wait_for_selector("[data-testid=deck-builder] button")
    assert _axe(page) == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_axe_finds_no_serious_violation_on_the_game_page(bot_server, new_page, size):
    page = new_page()
    page.set_viewport_size(VIEWPORTS[size])
    bot_room(bot_server, page)
    page.wait_for_selector(".own-zones .card")
    assert _axe(page) == []


def test_axe_finds_no_serious_violation_on_the_replay_page(bot_server, new_page):
    page = new_page()
    room = bot_room(bot_server, page)
    page.wait_for_function("() => window.berserkConn.legal && window.berserkConn.legal.length")
    s = driver.state(page)
    driver.click_action(page, next(i for i, a in enumerate(s["legal"]) if a["act"] == "concede"))
    page.wait_for_selector(".result-banner")
    # the store records the finished game a moment after the room ends; until then /#/replay/ only watches the room
    page.wait_for_function("async (room) => (await fetch('/api/games/' + encodeURIComponent(room))).ok", arg=room)
    page.goto(bot_server.url + f"/#/replay/{room}")
    page.wait_for_selector("[data-testid=replay-step]")
    page.click("[data-testid=replay-last]")
    page.wait_for_selector(".result-banner")
    assert _axe(page) == []


NAME_OVER_STATS = """() => [...document.querySelectorAll('#game-under-test .field .card.closed:not(.hidden):not(.attached)')]
  .flatMap((card) => {
    const n = card.querySelector('.c-name').getBoundingClientRect();
    return [...card.querySelectorAll('.c-life, .c-wounds, .c-tokens')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.left < n.right - 1 && n.left < r.right - 1 && r.top < n.bottom - 1 && n.top < r.bottom - 1;
    }).map((el) => [card.dataset.card, card.querySelector('.c-name').textContent, el.className]);
  })"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_closed_card_on_a_phone_board_keeps_its_name_clear_of_its_life(states, at_size, artifacts, lang):
    import copy
    st = copy.deepcopy(states["main_priority"])
    on_board = [c for c in st["view"]["cards"].values() if c.get("zone") == "battlefield" and not c.get("hidden")]
    for i, c in enumerate(on_board):
        c["closed"] = True
        c["wounds"] = c.get("wounds") or 1 + i % 3
    page = _mount(at_size, st, VIEWPORTS["phone"], lang)
    assert page.locator("#game-under-test .field .card.closed .c-life").count() >= 2
    page.screenshot(path=str(artifacts / f"layout-closed-phone-{lang}.png"))
    assert page.evaluate(NAME_OVER_STATS) == []
