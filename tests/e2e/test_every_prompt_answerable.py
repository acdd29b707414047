"""No prompt without a way to answer it, in whole games played by clicks against the computer with decks full of
death, entry and start-of-turn abilities (Ном's «штопор», Степной волколак, Скелетный червь): whenever the page's
player has legal actions, the page offers more than «Сдаться», and every card an action starts from or targets can
be clicked where it is drawn or from the dock (server/static/js/reach.js); each step is then made by clicks."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e import driver
from tests.e2e.players import bot_room


def _assert_answerable(page, s: dict) -> None:
    """The page offers every legal action of its player: a control besides the concession, and every named card
    clickable (driver.card_selector raises otherwise)."""
    offered = (".controls button.act, .field .card.actor, .field .card.target, [data-testid=offpage-card], "
               ".cell.target")
    try:        # the state is read off the connection; the page draws it in the same task or the next frame
        page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=offered, timeout=10000)
    except PlaywrightTimeout:
        raise AssertionError(("only «Сдаться» is offered", s["view"].get("prompt"), s["legal"])) from None
    # a source, or the card a sourceless answer names (a target of a selected card's move is clicked when it is
    # picked: driver.click_action)
    named = {}
    for a in s["legal"]:
        first = a.get("source") or a.get("target")
        if first and first in (s["view"].get("cards") or {}):
            named.setdefault(first, a)
    missing = driver.cards_without_place(page, list(named))
    assert not missing, ("a card of a legal action cannot be clicked", named[missing[0]], s["view"].get("prompt"))


@pytest.mark.parametrize("deck, bot_deck", [("steppes-mountains-2023-rest", "darkness-2023-new"),
                                            ("darkness-2023-new", "steppes-darkness")])
@pytest.mark.timeout(600)   # a whole game of 250-300 clicks: minutes on a loaded two-core machine
def test_a_whole_game_by_clicks_never_offers_a_prompt_without_an_answer(bot_server, new_page, deck, bot_deck):
    page = new_page()
    bot_room(bot_server, page, deck=deck, bot_deck=bot_deck)
    clicked = driver.play_by_clicks(page, random.Random(7), 300, prefer=("attack", "declare", "ability", "choose"),
                                    p_prefer=0.8, check=_assert_answerable, timeout=60000)
    assert clicked >= 40 or driver.state(page)["view"].get("result")
    assert not page.js_errors, page.js_errors
