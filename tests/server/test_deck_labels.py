"""A seat's deck label in the lobby: a preconstructed deck chosen as ``{"preset": id}`` is labelled by its id, so
that "my games" can name it (the client shows the deck's name in words); a saved or pasted list has no label."""
from __future__ import annotations

from types import SimpleNamespace

from engine.cards.decks import preconstructed_decks
from server.lobby import deck_choice

HUB = SimpleNamespace(engine=SimpleNamespace(deck_names=lambda: []))


def test_a_preset_choice_is_labelled_by_the_decks_id():
    deck = preconstructed_decks()[0]
    cards, label = deck_choice(HUB, {"preset": deck["id"]})
    assert label == deck["id"] and len(cards) == sum(c["count"] for c in deck["cards"])


def test_a_card_list_choice_has_no_label():
    deck = preconstructed_decks()[0]
    _, label = deck_choice(HUB, {"cards": deck["cards"]})
    assert label is None
