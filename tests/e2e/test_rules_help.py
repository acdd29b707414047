"""Rules help: the rules page in Russian and English (turn, movement, combat and the Strike Table, the queue and the
pass, every named ability with its meaning), linked from the lobby and the game; terms on the game page explained
on hover and on tap; the prompt links to the rule it applies."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.players import enter_lobby
from tests.e2e.states import MOUNT

KEY_WORDS = {"ru": ["Таблица ударов", "Очередь", "Пас", "Движение", "Ход", "летающее", "ослаб"],
             "en": ["Strike Table", "queue", "Pass", "Movement", "turn", "Flyer", "weaken"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_rules_page_is_reached_from_the_lobby_and_explains_the_game(server, new_page, lang):
    page = new_page("ru-RU" if lang == "ru" else "en-US")
    enter_lobby(page, server, "Reader")
    page.click("[data-testid=open-rules]")
    page.wait_for_selector("[data-testid=rules-help]")
    text = page.inner_text("[data-testid=rules-help]")
    for word in KEY_WORDS[lang]:
        assert word.lower() in text.lower(), word
    names = page.eval_on_selector_all(".rules-abilities dt", "els => els.map(e => e.textContent)")
    meanings = page.eval_on_selector_all(".rules-abilities dd", "els => els.map(e => e.textContent)")
    assert len(names) >= 40 and len(names) == len(meanings) and all(m.strip() for m in meanings)
    page.click(".rules-toc a[href='#/rules/table']")
    page.wait_for_function("() => { const r = document.getElementById('rule-table').getBoundingClientRect();"
                           " return r.top >= -1 && r.top < innerHeight; }")


def test_game_terms_explain_themselves_on_tap_and_the_prompt_links_its_rule(server, new_page, states):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(MOUNT, [states["exchange"], "en"])
    page.wait_for_selector("#game-under-test .board")
    assert page.get_attribute("[data-testid=prompt-rule]", "href") == "#/rules/table"
    assert page.get_attribute("[data-testid=game-rules]", "href") == "#/rules"
    weaken = page.locator("#game-under-test .term[data-term=weaken]").first
    assert "row above" in weaken.get_attribute("title")
    weaken.click()
    tip = page.locator("[data-testid=term-tip]")
    assert "row above" in tip.inner_text() and tip.locator("a").get_attribute("href") == "#/rules/table"
    page.mouse.click(5, 5)
    assert not tip.count()
    queue = page.locator("#game-under-test .term[data-term=queue]")
    queue.focus()
    page.keyboard.press("Enter")
    assert "carried out" in page.inner_text("[data-testid=term-tip]")


def _mount(server, new_page, state, lang):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(MOUNT, [state, lang])
    page.wait_for_selector("#game-under-test .board")
    return page


@pytest.mark.parametrize("lang, weaken, name", [("en", "Weaken the strike", "Weaken the strike — what does it mean?"),
                                                ("ru", "Ослабить удар", "Ослабить удар — что это значит?")])
def test_the_weaken_term_is_read_apart_from_the_weaken_choice_button(server, new_page, states, lang, weaken, name):
    page = _mount(server, new_page, states["exchange"], lang)
    game = page.locator("#game-under-test")
    choice = game.get_by_role("button", name=weaken, exact=True)
    expect(choice).to_have_count(1)
    assert choice.get_attribute("data-act") == "choose"
    expect(game.locator(".exchange .term[data-term=weaken]")).to_have_accessible_name(name)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_term_on_the_game_page_has_a_name_of_its_own_starting_with_its_words(server, new_page, states, lang):
    for situation in ("exchange", "queue_first_pass"):
        page = _mount(server, new_page, states[situation], lang)
        terms = page.locator("#game-under-test .term")
        assert terms.count() >= 2, situation
        for term in terms.all():
            words = term.text_content()   # the words themselves (innerText follows a heading's text-transform)
            expect(term).to_have_accessible_name(re.compile("^" + re.escape(words) + " — "))
            expect(page.get_by_role("button", name=words, exact=True).and_(page.locator(".term"))).to_have_count(0)


def test_the_english_texts_say_recruit_as_the_rules_glossary_does_never_hire(server, new_page):
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#app")
    hire = page.evaluate("""async () => {
      const i18n = await import('/js/i18n.js');
      await import('/js/confirm.js');
      const { SECTIONS } = await import('/js/rules_text.js');
      const { STEPS } = await import('/js/tutorial_steps.js');
      i18n.setLang('en');
      const words = i18n.allKeys().en.map((k) => i18n.t(k));
      for (const s of SECTIONS) words.push(s.en.title, ...s.en.text);
      for (const s of STEPS) if (s.text?.en) words.push(s.text.en);
      return words.filter((w) => /\\bhir(e|ed|es|ing)\\b/i.test(w)); }""")
    assert hire == []
