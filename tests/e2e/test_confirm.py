"""Irreversible clicks are held until confirmed, and can be undone: ending the turn, passing while own cards could
still act, recruiting, choosing a defender; a setting sends them at once. Mounted on real engine states
(tests/e2e/states.py) with a stand-in connection that records what the page sends."""
from __future__ import annotations

import copy

import pytest

from tests.e2e.states import MOUNT


@pytest.fixture
def mount(server, new_page):
    def make(state, confirm=True, lang="en"):
        page = new_page()
        page.goto(server.url + "/#/nowhere")
        page.wait_for_selector("#app")
        page.evaluate("(on) => localStorage.setItem('berserk.confirm', on ? 'on' : 'off')", confirm)
        page.evaluate(MOUNT, [state, lang])
        page.wait_for_selector("#game-under-test .board")
        return page
    return make


def _sent(page) -> list:
    return page.evaluate("window.sent")


def _global(page, act: str):
    return page.locator(f"#game-under-test .global-actions button[data-act={act}]")


@pytest.mark.parametrize("act", ["end_turn", "pass"])
def test_ending_the_turn_or_passing_with_cards_that_could_act_waits_for_a_confirmation(states, mount, act):
    page = mount(states["main_priority"])
    _global(page, act).click()
    assert _sent(page) == [] and page.locator("[data-testid=confirm-box]").get_attribute("data-act") == act
    page.click("[data-testid=undo-action]")
    assert _sent(page) == [] and not page.locator("[data-testid=confirm-box]").count()
    _global(page, act).click()
    page.keyboard.press("Escape")
    assert not page.locator("[data-testid=confirm-box]").count()
    _global(page, act).click()
    page.click("[data-testid=confirm-action]")
    assert _sent(page) == [{"act": act}]


def test_choosing_a_defender_can_be_taken_back(states, mount):
    st = states["defender"]
    d = next(a for a in st["legal"] if a["act"] == "defend")
    page = mount(st)
    page.click(f"#game-under-test .field [data-card='{d['source']}']")
    assert _sent(page) == []
    page.click("[data-testid=undo-action]")
    page.click(f"#game-under-test .field [data-card='{d['source']}']")
    page.click("[data-testid=confirm-action]")
    assert _sent(page) == [d]


def test_recruiting_a_card_waits_for_a_confirmation(states, mount):
    st = states["recruit"]
    a = next(a for a in st["legal"] if a["act"] == "choose" and "recruit" in (a.get("option") or {}))
    page = mount(st)
    page.click(f"#game-under-test [data-card='{a['option']['recruit']}']")
    if page.locator(".selected-actions button.move").count():       # silver or gold: choose the way to pay
        page.locator(f".selected-actions button.move[data-move='{'recruit_gold' if a['option'].get('pay') == 'gold' else 'recruit'}']").click()
    assert _sent(page) == [] and page.locator("[data-testid=confirm-box]").count()
    page.click("[data-testid=confirm-action]")
    assert len(_sent(page)) == 1 and "recruit" in _sent(page)[0]["option"]


def test_the_setting_sends_at_once(states, mount):
    page = mount(states["main_priority"], confirm=False)
    assert not page.is_checked("[data-testid=confirm-setting]")
    _global(page, "end_turn").click()
    assert _sent(page) == [{"act": "end_turn"}]


def test_a_pass_with_nothing_left_to_do_is_sent_at_once(states, mount):
    st = dict(states["main_priority"], legal=[{"act": "pass"}, {"act": "concede"}])   # no card can act any more
    page = mount(st)
    _global(page, "pass").click()
    assert _sent(page) == [{"act": "pass"}]


def test_ending_recruitment_with_an_empty_squad_warns_whatever_the_setting(states, mount):
    st = states["recruit"]
    assert st["view"]["players"][str(st["you"])]["recruits"] == 0 and st["view"]["prompt"]["kind"] == "recruit"
    done = next(i for i, a in enumerate(st["legal"]) if a["act"] == "choose" and a.get("option") == "done")
    page = mount(st, confirm=False)
    page.click(f"#game-under-test button.act[data-idx='{done}']")
    assert _sent(page) == [] and page.locator("[data-testid=confirm-box] [role=alert]").count() == 1
    page.click("[data-testid=undo-action]")
    assert _sent(page) == [] and not page.locator("[data-testid=confirm-box]").count()
    page.click(f"#game-under-test button.act[data-idx='{done}']")
    page.click("[data-testid=confirm-action]")
    assert _sent(page) == [st["legal"][done]]


def test_a_pass_behind_ones_own_queued_move_with_no_card_able_to_act_is_sent_at_once(states, mount):
    """RULES.md Q4-Q5: the own entry executes first (FIFO) and priority comes back in the next round, so such a pass
    forfeits nothing and is not asked about."""
    st = copy.deepcopy(states["queue_first_pass"])
    st["view"]["queue"][0]["controller"] = st["you"]
    st["legal"] = [{"act": "pass"}, {"act": "end_turn"}, {"act": "concede"}]
    page = mount(st)
    _global(page, "pass").click()
    assert _sent(page) == [{"act": "pass"}]


@pytest.mark.parametrize("lang, says", [("en", "passing while your cards can still act"),
                                         ("ru", "пасом, пока ваши карты ещё могут действовать")])
def test_the_setting_names_the_pass_it_asks_about(states, mount, lang, says):
    page = mount(states["main_priority"], lang=lang)
    label = page.locator("label.confirm-setting").inner_text()
    assert says in label, label


def _own_target_strike(st):
    cards = st["view"]["cards"]
    return next(a for a in st["legal"] if a["act"] == "attack" and cards[a["target"]]["controller"] == st["you"])


@pytest.mark.parametrize("confirm", [True, False])
def test_a_strike_at_ones_own_card_waits_for_a_confirmation_naming_both_whatever_the_setting(states, mount, confirm):
    """docs/rules-decisions.md 02 §4.1: legal, and costly when accidental (the attacker is closed)."""
    st = states["main_priority"]
    a = _own_target_strike(st)
    page = mount(st, confirm=confirm)
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    page.click(f"#game-under-test .field [data-card='{a['target']}']")
    warning = page.locator("[data-testid=confirm-box] [data-testid=confirm-own-target]")
    assert _sent(page) == [] and warning.count() == 1
    names = page.evaluate("async ([v, ids]) => { const c = await import('/js/cards.js'); "
                          "return ids.map((id) => c.instanceName(v, id)); }", [st["view"], [a["source"], a["target"]]])
    text = warning.inner_text()
    assert all(n in text for n in names) and "your own card" in text, text
    page.click("[data-testid=undo-action]")
    assert _sent(page) == []
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    page.click(f"#game-under-test .field [data-card='{a['target']}']")
    page.click("[data-testid=confirm-action]")
    assert _sent(page) == [a]


def test_a_strike_at_an_enemy_card_is_sent_at_once(states, mount):
    st = states["main_priority"]
    cards = st["view"]["cards"]
    a = next(a for a in st["legal"] if a["act"] == "attack" and cards[a["target"]]["controller"] != st["you"])
    page = mount(st)
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    page.click(f"#game-under-test .field [data-card='{a['target']}']")
    assert _sent(page) == [a]
