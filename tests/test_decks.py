"""Deck validation (01-game-and-cards.md §7.1) and the starter decks."""
import pytest

from engine.cards import all_cards, load_deck, starter_decks
from engine.cards.decks import validate_deck
from engine.errors import EngineError

DECKS = starter_decks()
ONE_EACH = [c["id"] for c in all_cards()]


def _code(deck):
    with pytest.raises(EngineError) as e:
        validate_deck(deck)
    return e.value.code


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_starter_deck_validates(name):
    assert validate_deck(DECKS[name]) is None


def test_load_deck_matches_starter_decks_and_rejects_unknown_names():
    name = sorted(DECKS)[0]
    assert load_deck(name) == DECKS[name]
    with pytest.raises(EngineError) as e:
        load_deck("no such deck")
    assert e.value.code == "unknown_deck"


def test_29_cards_rejected_30_and_50_accepted_51_rejected():
    fine = [c for c in ONE_EACH if c != "vs2003-draks"]  # 83 distinct names except one pair of editions
    assert _code(fine[:29]) == "invalid_deck"
    assert validate_deck(fine[:30]) is None
    assert validate_deck(fine[:50]) is None
    assert _code(fine[:51]) == "invalid_deck"


def test_four_copies_of_a_name_rejected():
    deck = [c for c in ONE_EACH if c != "vs2003-fagor"][:27] + ["vs2003-fagor"] * 3
    assert validate_deck(deck) is None
    assert _code(deck + ["vs2003-fagor"]) == "invalid_deck"


def test_copies_count_across_editions_by_russian_name():
    deck = [c for c in ONE_EACH if "draks" not in c][:26] + ["vs2003-draks", "vs2003-draks",
                                                            "vs2023-070-draks", "vs2023-070-draks"]
    assert _code(deck) == "invalid_deck"


def test_unknown_id_rejected():
    assert _code(ONE_EACH[:29] + ["vs2099-nobody"]) == "invalid_deck"


def test_malformed_deck_rejected():
    assert _code("vs2003-fagor") == "invalid_deck"
    assert _code(ONE_EACH[:29] + [7]) == "invalid_deck"


def test_horde_allows_five_copies(monkeypatch):
    import engine.cards.decks as decks
    by_id, by_name = decks._pool()
    horde = dict(by_id["vs2003-fagor"], abilities=[{"kw": "horde"}])
    monkeypatch.setattr(decks, "_pool", lambda: ({**by_id, "vs2003-fagor": horde}, by_name))
    deck = [c for c in ONE_EACH if c != "vs2003-fagor"][:25] + ["vs2003-fagor"] * 5
    assert validate_deck(deck) is None
    assert _code(deck + ["vs2003-fagor"]) == "invalid_deck"
