"""A choose one (выбрать одно) asked by a card's ability, on the game page: the dock names the ability and its card,
and each option's button says what the option does, from the catalogue's plain words (server/static/js/actions.js
``chooseOneLabel``) with the card it acts on named in place of "the attacked card" (the chooser's own card: "your
Leshy"; another's: "Leshy"); an option the catalogue does not describe still names the card. The state: the
computer's Овражный гном has struck the player's open Леший (tests/e2e/states.py ``choose_one_state``)."""
from __future__ import annotations

import pytest

from tests.e2e.states import choose_one_state

WORDS = {
    "en": {"prompt": ("Ravine Dwarf", "hellish stench", "choose one", "Leshy"),
           "options": ["Close your Leshy (Леший)", "Wound your Leshy (Леший) for 2 (not an attack)"],
           "options_other": ["Close Leshy (Леший)", "Wound Leshy (Леший) for 2 (not an attack)"],
           "undescribed": ["Option 1 (Ravine Dwarf", "Option 2 (Ravine Dwarf"]},
    "ru": {"prompt": ("Овражный гном", "адское зловоние", "выберите одно", "Леший"),
           "options": ["Закрыть свою карту Леший (Leshy)", "Ранить свою карту Леший (Leshy) на 2 (это не атака)"],
           "options_other": ["Закрыть карту Леший (Leshy)", "Ранить карту Леший (Leshy) на 2 (это не атака)"],
           "undescribed": ["Вариант 1 (Овражный гном", "Вариант 2 (Овражный гном"]},
}


def _option_buttons(page) -> list[str]:
    """The labels of the dock's answer buttons, in order."""
    buttons = page.locator("[data-testid=controls] .global-actions button.act")
    buttons.first.wait_for()
    return [t.strip() for t in buttons.all_inner_texts()]


@pytest.fixture(scope="module")
def state():
    return choose_one_state()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_choose_one_prompt_names_the_ability_its_card_and_the_attacked_card(mount, state, lang):
    page = mount(state, lang=lang)
    text = page.get_by_test_id("prompt").inner_text()
    assert all(w in text for w in WORDS[lang]["prompt"]), text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_choose_one_option_says_what_it_does_to_the_choosers_own_card_by_its_name(mount, state, lang):
    page = mount(state, lang=lang)
    assert _option_buttons(page) == WORDS[lang]["options"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_choose_one_option_acting_on_another_players_card_names_that_card(mount, state, lang):
    target = state["view"]["prompt"]["target"]
    theirs = dict(state["view"]["cards"][target], owner=1, controller=1)
    page = mount(dict(state, view=dict(state["view"], cards=dict(state["view"]["cards"], **{target: theirs}))),
                 lang=lang)
    assert _option_buttons(page) == WORDS[lang]["options_other"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_choose_one_option_the_catalogue_does_not_describe_names_the_card(mount, state, lang):
    undescribed = dict(state, view=dict(state["view"], executing=None))  # which ability asks is not known
    page = mount(undescribed, lang=lang)
    labels = _option_buttons(page)
    assert [w for w, label in zip(WORDS[lang]["undescribed"], labels) if label.startswith(w)] \
        == WORDS[lang]["undescribed"], labels
