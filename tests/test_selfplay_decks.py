"""Every starter deck plays whole random self-play games without an exception."""
import pytest

from engine import starter_decks
from engine.selfplay import play_game

DECKS = sorted(n for n in starter_decks() if not any("а" <= ch <= "я" for ch in n.lower()))


@pytest.mark.parametrize("deck1", DECKS)
@pytest.mark.parametrize("deck2", DECKS)
def test_deck_pair_plays_random_games_to_the_end(deck1, deck2):
    decks = starter_decks()
    for seed in (11, 12):
        g = play_game(seed, decks[deck1], decks[deck2], max_actions=3000)
        assert g.result is not None and g.result["winner"] in (1, 2, "draw")
