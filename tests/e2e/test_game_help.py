"""What a newcomer meets on the game page: the dock's buttons explained on tap, the hover zoom beside the board
(never over the hovered card's neighbours, on the board or in the deal and squad rows), and each ability's text
shown once in the card detail. Each test mounts the real page modules on a real engine state (tests/e2e/states.py).
"""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tap_on_the_help_button_explains_every_dock_button(states, mount, lang):
    page = mount(states["main_priority"], lang)
    buttons = page.evaluate("""() => [...document.querySelectorAll('#game-under-test .global-actions button.act')]
        .map((b) => [b.textContent, b.title])""")
    assert buttons and all(title for _, title in buttons)
    page.click("[data-testid=actions-help]")
    text = page.inner_text("[data-testid=term-tip]")
    for label, title in buttons:
        assert label in text and title in text, (label, title, text)
    # the explanation is a separate popover: the action buttons keep their own names
    assert page.evaluate("document.querySelectorAll('.global-actions button.act [data-testid=term-tip]').length") == 0
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=term-tip]").count() == 0


def test_the_help_button_opens_with_the_keyboard(states, mount):
    page = mount(states["main_priority"])
    page.focus("[data-testid=actions-help]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=term-tip]")


NEIGHBOURS = """(id) => {
  const cell = document.querySelector(`#game-under-test .board [data-card='${id}']`).closest('[data-cell]');
  const cells = [...document.querySelectorAll('#game-under-test .board [data-cell]')];
  const r = cell.getBoundingClientRect();
  const near = (o) => Math.abs(o.left - r.left) <= r.width * 1.6 && Math.abs(o.top - r.top) <= r.height * 1.6;
  return cells.map((c) => c.getBoundingClientRect()).filter(near).map((o) => [o.left, o.top, o.right, o.bottom]);
}"""


@pytest.mark.parametrize("size", [{"width": 1400, "height": 900}, {"width": 820, "height": 1180}])
def test_the_hover_zoom_covers_neither_the_card_nor_its_neighbouring_cells(states, mount, size):
    page = mount(states["main_priority"], viewport=size)
    ids = page.evaluate("[...document.querySelectorAll('#game-under-test .board .card:not(.hidden)')].map(e => e.dataset.card)")
    assert ids
    for card in ids:
        page.hover(f"#game-under-test .board [data-card='{card}']")
        z = page.locator(f"[data-testid=zoom][data-card='{card}']").bounding_box()
        for left, top, right, bottom in page.evaluate(NEIGHBOURS, card):
            overlap = z["x"] < right and z["x"] + z["width"] > left and z["y"] < bottom and z["y"] + z["height"] > top
            assert not overlap, (card, size, z, (left, top, right, bottom))
        page.mouse.move(0, 0)


ROW_NEIGHBOURS = """(id) => {
  const card = document.querySelector(`#game-under-test .own-zones [data-card='${id}']`);
  const r = card.getBoundingClientRect();
  const near = (o) => Math.abs(o.left - r.left) <= r.width * 1.6 && Math.abs(o.top - r.top) <= r.height * 1.6;
  return [...card.parentElement.querySelectorAll(':scope > .card')].map((c) => c.getBoundingClientRect()).filter(near)
    .map((o) => [o.left, o.top, o.right, o.bottom]);
}"""


@pytest.mark.parametrize("situation", ["recruit", "deploy"])
@pytest.mark.parametrize("size", [{"width": 1400, "height": 900}, {"width": 390, "height": 844}])
def test_the_hover_zoom_covers_neither_a_hand_card_nor_its_neighbours_in_the_row(states, mount, situation, size):
    """The deal to recruit from and the squad to place: the zoom of a card leaves the card and the cards beside it
    (and above or below it in a wrapped row) in view."""
    page = mount(states[situation], viewport=size)
    ids = page.evaluate("[...document.querySelectorAll('#game-under-test .own-zones .card')].map(e => e.dataset.card)")
    assert len(ids) > 1
    for card in ids:
        page.hover(f"#game-under-test .own-zones [data-card='{card}']")
        z = page.locator(f"[data-testid=zoom][data-card='{card}']").bounding_box()
        near = page.evaluate(ROW_NEIGHBOURS, card)
        assert len(near) > 1
        for left, top, right, bottom in near:
            overlap = z["x"] < right and z["x"] + z["width"] > left and z["y"] < bottom and z["y"] + z["height"] > top
            assert not overlap, (card, size, z, (left, top, right, bottom))
        page.mouse.move(0, 0)


def test_the_card_detail_shows_each_ability_once(states, mount):
    page = mount(states["main_priority"])
    card = page.evaluate("""async () => { const { cardDef } = await import('/js/cards.js');
        return [...document.querySelectorAll('#game-under-test .board .card:not(.hidden)')].map((e) => e.dataset.card)
          .find((id) => { const d = cardDef(window.berserkConn.view.cards[id].card);
            return d && d.text_en && (d.abilities_text?.en || []).length; }); }""")
    pool = page.evaluate("(id) => window.berserkConn.view.cards[id].card", card)
    words = page.evaluate("(pid) => fetch('/api/cards').then(r => r.json()).then(l => l.find(c => c.id === pid))", pool)
    assert words["abilities_text"]["en"] and words["text_en"]
    page.hover(f"#game-under-test .board [data-card='{card}']")
    page.wait_for_selector(".detail .detail-body")
    assert page.inner_text(".detail .card-text") == words["text_en"]
    assert page.locator(".detail .card-abilities").count() == 0
    # a card without printed text shows the game's sentence per ability, once
    page.evaluate("""async (pid) => { const { cardDef } = await import('/js/cards.js');
        const d = cardDef(pid); d.text_en = ''; d.text_ru = ''; window.gamePage.detail = null; window.gamePage.render(); }""", pool)
    page.mouse.move(0, 0)
    page.hover(f"#game-under-test .board [data-card='{card}']")
    page.wait_for_selector(".detail .card-abilities")
    items = page.locator(".detail .card-abilities li").all_inner_texts()
    assert items == words["abilities_text"]["en"]
    assert page.locator(".detail .card-text").count() == 0
