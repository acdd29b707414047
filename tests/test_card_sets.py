"""A card set is a data file (engine/cards/sets.py; docs/cards.md "Writing a card set"): its cards are validated
when it loads and then play like the project's own cards. The test set ``tests/data/sets/named-abilities.json``
holds ten invented cards that use only named abilities of 03 §4."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import pool, sets
from engine.cards.decks import deck_errors
from engine.selfplay import play_game

SET = Path(__file__).parent / "data" / "sets" / "named-abilities.json"


@pytest.fixture(autouse=True)
def _pool_restored():
    """Each test leaves the pool as it found it (other tests list every card of the pool)."""
    extra = list(pool.EXTRA)
    yield
    pool.EXTRA[:] = extra
    pool._pool.cache_clear()


def _loaded() -> list[str]:
    if pool.resolve_id("test-set-01") is None:
        sets.add_set(SET)
    return [f"test-set-{i:02d}" for i in range(1, 11)]


def test_the_test_set_loads_validated_with_ten_cards_of_named_abilities_only():
    ids = _loaded()
    assert len(ids) == 10 and all(pool.resolve_id(i) == i for i in ids)


def test_a_deck_of_the_set_is_legal_and_plays_a_whole_self_play_game():
    deck = [i for i in _loaded() for _ in range(3)]
    assert deck_errors(deck) == []
    g = play_game(11, deck, list(deck))
    assert g.result is not None and g.result.get("winner") in (1, 2, "draw")


def test_a_set_directory_is_read_from_the_environment(tmp_path, monkeypatch):
    (tmp_path / "x.json").write_text(SET.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setenv(sets.ENV, str(tmp_path))
    assert tmp_path / "x.json" in sets.set_files()
