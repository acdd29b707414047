"""No prompt without a way to answer it: a mandatory death trigger whose card lies in the graveyard (Ном's
«штопор») is answered by clicks, and its prompt says that it cannot be declined. The real page modules are mounted
on the engine's own state (tests/death_triggers.py) with a stand-in connection that records what would be sent."""
from __future__ import annotations

import pytest

from tests.death_triggers import nom_dies_state


def _declared(page, state):
    sent = page.evaluate("window.sent")
    assert len(sent) == 1 and sent[0] in state["legal"] and sent[0]["act"] == "declare", sent
    return sent[0]


@pytest.mark.parametrize("lang, words", [
    ("en", "it is mandatory and cannot be declined"), ("ru", "она обязательна, отказаться нельзя")])
def test_a_mandatory_trigger_prompt_says_it_cannot_be_declined(mount, lang, words):
    page = mount(nom_dies_state(), lang=lang)
    text = page.inner_text("#game-under-test [data-testid=prompt]")
    assert words in text
    assert "or decline" not in text and "или откажитесь" not in text


def test_the_graveyard_source_has_a_dock_button_and_the_trigger_is_declared_by_clicks(mount):
    state = nom_dies_state()
    nom = state["legal"][0]["source"]
    page = mount(state)
    button = page.locator(f"#game-under-test [data-testid=offpage-card][data-card='{nom}']")
    assert "Graveyard" in button.inner_text()
    button.click()
    target = next(a["target"] for a in state["legal"] if a["act"] == "declare")
    assert page.locator(f"#game-under-test .board .card.target[data-card='{target}']").count() == 1
    page.click(f"#game-under-test .board .card[data-card='{target}']")
    assert _declared(page, state)["target"] == target


def test_the_graveyard_viewer_card_starts_the_declaration(mount):
    state = nom_dies_state()
    nom = state["legal"][0]["source"]
    page = mount(state)
    page.click("#game-under-test .pbar[data-player='1'] button.grave-count")
    page.click(f"[data-testid=zone-viewer] .card[data-card='{nom}']")
    assert page.locator("[data-testid=zone-viewer]").count() == 0
    target = next(a["target"] for a in state["legal"] if a["act"] == "declare")
    page.click(f"#game-under-test .board .card[data-card='{target}']")
    assert _declared(page, state)["target"] == target
