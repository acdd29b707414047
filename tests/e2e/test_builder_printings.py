"""Deck builder: full card names, and the printings of one name grouped with the copies of the name against the
three-copies limit visible while building (the server's validator counts them together)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.test_deck_builder import open_builder


def test_printings_of_one_name_are_grouped_and_count_together_against_the_limit(server, new_page, artifacts):
    page = new_page("en-US")
    open_builder(page, server)
    group = page.locator(".db-pool [data-testid=printings]").first
    rows = group.locator(".db-card")
    assert rows.count() >= 2 and "count together" in group.locator(".db-group-head").inner_text()
    editions = [rows.nth(i).locator(".db-ed").inner_text() for i in range(2)]
    assert editions[0] != editions[1] and all(e.strip(" ·") for e in editions)
    for i in (0, 1):
        rows.nth(i).locator(".db-plus").click()
        rows.nth(i).locator(".db-plus").click()
    badge = group.locator(".db-group-head [data-testid=name-copies]")
    expect(badge).to_have_attribute("data-n", "4")
    assert badge.get_attribute("data-max") == "3" and "over" in badge.get_attribute("class")
    page.wait_for_selector("[data-testid=deck-errors] [data-code=too_many_copies]")
    rows.nth(1).locator(".db-minus").click()
    expect(badge).to_have_attribute("data-n", "3")
    page.wait_for_function("() => !document.querySelector('[data-testid=deck-errors] [data-code=too_many_copies]')")
    page.screenshot(path=str(artifacts / "builder-printings.png"))


def test_card_names_are_shown_in_full(server, new_page):
    page = new_page("ru-RU")
    open_builder(page, server)
    cut = page.evaluate("""() => [...document.querySelectorAll('.db-pool .db-cname')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
        .map((el) => el.textContent)""")
    assert cut == []
