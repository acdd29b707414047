"""Browser end-to-end for the deck builder: a legal deck built from scratch by clicks, live
validation, saved decks that survive a reload, export / import round trips, Russian and English, phone width."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.players import enter_lobby

STEPPES = "Степи"


def open_builder(page, server):
    """Open the lobby (choosing a name on the first visit: the dialog covers the header's builder link) and go to
    the deck builder by its link."""
    enter_lobby(page, server, "Builder")
    page.click("[data-testid=open-deck-builder]")
    page.wait_for_selector("[data-testid=deck-builder]")
    page.wait_for_selector("[data-testid=deck-errors] li")


def build_steppes_deck(page) -> list[str]:
    """Filter the pool to one element and click + twice on each of its first 15 cards (30 cards, 15 names).
    Returns the card ids added."""
    page.select_option("#db-f-element", STEPPES)
    rows = page.locator(".db-pool .db-card")
    ids = [rows.nth(i).get_attribute("data-card") for i in range(15)]
    for cid in ids:
        plus = page.locator(f".db-pool .db-card[data-card='{cid}'] .db-plus")
        plus.click()
        plus.click()
    return ids


def deck_counts(page) -> dict[str, int]:
    return {row.get_attribute("data-card"): int(row.get_attribute("data-count"))
            for row in page.locator(".db-in-deck .db-card").all()}


def test_a_deck_built_by_clicks_is_validated_live_and_saved_across_a_reload(server, new_page, artifacts):
    page = new_page("en-US")
    open_builder(page, server)
    assert page.get_attribute("[data-testid=deck-errors]", "data-valid") == "false"
    ids = build_steppes_deck(page)
    page.wait_for_selector("[data-testid=deck-errors][data-valid=true]")
    assert deck_counts(page) == {cid: 2 for cid in ids}
    assert page.text_content("#db-total") == "30 cards"
    page.fill("#db-name", "Steppe rush")
    page.click("#db-save")
    page.wait_for_function("location.hash.startsWith('#/decks/')")
    page.screenshot(path=str(artifacts / "deck-builder-desktop.png"), full_page=True)
    page.reload()
    page.wait_for_selector("[data-testid=deck-errors][data-valid=true]")
    assert page.input_value("#db-name") == "Steppe rush"
    assert deck_counts(page) == {cid: 2 for cid in ids}
    assert not page.js_errors, page.js_errors


def test_one_copy_too_many_shows_the_validators_message_and_removing_it_clears_it(server, new_page):
    page = new_page("en-US")
    open_builder(page, server)
    ids = build_steppes_deck(page)
    page.locator(f".db-pool .db-card[data-card='{ids[0]}'] .db-plus").click(click_count=1)
    page.locator(f".db-pool .db-card[data-card='{ids[0]}'] .db-plus").click()
    page.wait_for_selector("[data-testid=deck-errors] li[data-code=too_many_copies]")
    assert "at most 3 copies" in page.inner_text("[data-testid=deck-errors]")
    page.locator(f".db-in-deck .db-card[data-card='{ids[0]}'] .db-minus").click()
    page.wait_for_selector("[data-testid=deck-errors][data-valid=true]")


def save_new_deck(page, server, name: str, double: bool = False) -> None:
    """Open the builder, build the steppes deck, name it ``name`` and save it by a click (``double``: a double
    click); wait until the page is the saved deck's."""
    open_builder(page, server)
    build_steppes_deck(page)
    page.fill("#db-name", name)
    (page.dblclick if double else page.click)("#db-save")
    page.wait_for_function("location.hash.startsWith('#/decks/')")


def test_saved_decks_rename_duplicate_and_delete(server, new_page):
    page = new_page("en-US")
    save_new_deck(page, server, "First")
    page.fill("#db-name", "Renamed")
    page.click("#db-rename")
    page.wait_for_selector("#db-open option:text('Renamed')", state="attached")
    page.click("#db-duplicate")
    page.wait_for_selector("#db-open option:text('Renamed (2)')", state="attached")
    assert page.input_value("#db-name") == "Renamed (2)"
    page.click("#db-delete")
    page.click("#db-delete")        # the second click confirms
    page.wait_for_function("location.hash === '#/decks'")
    options = page.locator("#db-open option").all_inner_texts()
    assert "Renamed" in options and "Renamed (2)" not in options


def test_export_and_import_round_trip_as_code_and_as_lines(server, new_page):
    page = new_page("ru-RU")
    open_builder(page, server)
    ids = build_steppes_deck(page)
    page.click("#db-export")
    text = page.input_value("#db-export-text")
    code, lines = text.split("\n\n", 1)
    assert re.fullmatch(r"BRK1[A-Za-z0-9_-]+", code) and "2 × " in lines
    for pasted in (code, lines):
        page.select_option("#db-open", "new:")
        page.wait_for_function("document.querySelectorAll('.db-in-deck .db-card').length === 0")
        page.wait_for_selector("[data-testid=deck-errors][data-valid=false]")   # the empty deck's own verdict
        page.fill("#db-import-text", pasted)
        page.click("#db-import")
        page.wait_for_selector("[data-testid=deck-errors][data-valid=true]")
        page.wait_for_function("(n) => document.querySelectorAll('.db-in-deck .db-card').length === n", arg=len(ids))
        assert deck_counts(page) == {cid: 2 for cid in ids}


def test_builder_in_russian_at_phone_width_filters_and_shows_card_text_on_tap_clear_of_export_and_import(server, browser, artifacts):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU", has_touch=True,
                              is_mobile=True)
    try:
        page = ctx.new_page()
        open_builder(page, server)
        assert "карт" in page.inner_text("[data-testid=deck-errors]")
        page.fill("#db-search", "фагор")
        # two editions share the name (vs2003-fagor, vs2023-087-fagor): the search finds both, and no other card
        page.wait_for_function("document.querySelectorAll('.db-pool .db-card').length === 2")
        page.tap(".db-pool .db-card[data-card=vs2003-fagor] .db-cname")
        page.wait_for_selector(".db-detail.shown .card-text")
        assert "Закрыться" in page.inner_text(".db-detail")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # scrolled to the foot of the page, Export and Import stand clear of the card's sheet
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1")
        for button in ("#db-export", "#db-import"):
            on_top = page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return el && el.closest(sel) ? 'clear' : (el ? el.className : 'off screen'); }""", button)
            assert on_top == "clear", (button, on_top)
        page.screenshot(path=str(artifacts / "deck-builder-phone.png"))
    finally:
        ctx.close()


def test_at_phone_width_one_tap_on_plus_adds_one_copy_even_at_the_foot_of_the_screen(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", has_touch=True,
                              is_mobile=True)
    try:
        page = ctx.new_page()
        open_builder(page, server)
        row = page.locator(".db-pool .db-card").nth(3)
        # the row near the bottom of the screen, where the card's sheet would open
        row.evaluate("(el) => window.scrollBy(0, el.getBoundingClientRect().top - innerHeight + 80)")
        row.locator("button.db-plus").tap()
        page.wait_for_function("(id) => document.querySelector(`.db-pool .db-card[data-card='${id}']`)"
                               ".dataset.count === '1'", arg=row.get_attribute("data-card"))
        assert page.locator(".db-detail.shown").count() == 0
    finally:
        ctx.close()


def test_filters_by_cost_rank_and_text_in_english(server, new_page):
    page = new_page("en-US")
    open_builder(page, server)
    page.fill("#db-f-costMin", "8")
    page.select_option("#db-f-elite", "elite")
    names = page.locator(".db-pool .db-card .db-cname").all_inner_texts()
    assert names and all(int(x) >= 8 for x in page.locator(".db-pool .db-card .db-cost").all_inner_texts())
    page.fill("#db-f-costMin", "")
    page.select_option("#db-f-elite", "")
    page.fill("#db-search", "magic strike")
    found = page.locator(".db-pool .db-card").count()
    assert 0 < found < 84


#: The words of the builder's card names that a line break cuts in two: [name, word] (a word laid out on more than
#: one line box; Range.getClientRects gives one rect per line). A hyphen ends a word: "Паук-" may end a line.
WORDS_CUT = """() => {
  const cut = [];
  for (const el of document.querySelectorAll('.db-cname')) {
    const node = el.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    for (const m of node.data.matchAll(/[^\\s-]+-?/g)) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
      if (lines.size > 1) cut.push([node.data, m[0]]);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("width, locale", [(390, "ru-RU"), (1024, "ru-RU"), (1280, "en-US")])
def test_card_names_wrap_between_words_not_inside_them_beside_their_copies_in_the_deck(server, browser, width, locale):
    ctx = browser.new_context(viewport={"width": width, "height": 844}, locale=locale)
    try:
        page = ctx.new_page()
        open_builder(page, server)
        # a card in the deck shows "×1" and "1 of 3 allowed" with its name in the pool: the longest words first
        longest = page.evaluate("""() => [...document.querySelectorAll('.db-pool .db-card')]
            .map((c) => [Math.max(...c.querySelector('.db-cname').textContent.split(/[\\s-]/).map((w) => w.length)),
                         c.dataset.card])
            .sort((a, b) => b[0] - a[0]).slice(0, 6).map((x) => x[1])""")
        for card in longest:
            page.click(f".db-pool .db-card[data-card='{card}'] .db-plus")
        page.wait_for_function("document.querySelectorAll('.db-pool .db-card .db-name-copies').length >= 6")
        assert page.evaluate(WORDS_CUT) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        ctx.close()


def test_a_double_click_on_save_saves_one_deck(server, new_page):
    page = new_page("en-US")
    save_new_deck(page, server, "Once", double=True)
    page.wait_for_load_state("networkidle")      # every request the clicks made has been answered
    names = page.evaluate("""async () => { const p = JSON.parse(localStorage.getItem('berserk.player'));
        const r = await fetch('/api/players/me/decks', {headers: {authorization: `Bearer ${p.id}:${p.secret}`}});
        return (await r.json()).map((d) => d.name); }""")
    assert names.count("Once") == 1


@pytest.mark.parametrize("locale, says", [("en-US", "The box is empty"), ("ru-RU", "Поле пустое")])
def test_import_with_an_empty_box_says_what_to_paste(server, new_page, locale, says):
    page = new_page(locale)
    open_builder(page, server)
    page.click("#db-import")
    expect(page.locator(".db-import-errors li[data-code=import_empty]")).to_contain_text(says)
