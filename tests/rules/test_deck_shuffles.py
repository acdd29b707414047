"""A deck is shuffled after every game action that takes cards from it, puts cards into it, looks at it or reveals
a card of it ([SEED] S2; 01-game-and-cards.md §5.5 [206.10]); card text that says otherwise wins [103.1] (Ведунья
Ордена: "without shuffling"). The shuffles of player 1's deck are counted while the game is played through apply."""
from __future__ import annotations

import inspect

import pytest

from engine import Game
from engine.cards.decks import starter_decks
from engine.model.rng import Rng
from tests.helpers import act, card, creature, game, pass_both
from tests.pure_python import in_pure_python


@pytest.fixture
def shuffled(monkeypatch):
    """The decks (as lists) shuffled since the fixture started, by identity."""
    seen: list = []
    real = Rng.shuffle

    def spy(self, items):
        seen.append(items)
        real(self, items)
    monkeypatch.setattr(Rng, "shuffle", spy)
    return seen


#: Whether ``Rng`` is the compiled class (read before any spy replaces its method).
COMPILED_RNG = not inspect.isfunction(Rng.shuffle)


def _deck(n):
    return [card(f"d{i}", owner=1, zone="deck", override=creature(cost=i + 1)) for i in range(n)]


def _shuffles_of(g, seen, p=1):
    return sum(1 for x in seen if x is g.decks[p])


@in_pure_python(COMPILED_RNG)
def test_a_prophecy_shuffles_the_deck_it_revealed_from(shuffled):
    seer = creature(abilities=[{"kw": "prophecy", "n": 2, "cost": "tap"}])
    g, L = game([card("s", "c2", 1, override=seer), card("e", "c5", 2)] + _deck(3))
    act(g, L, 1, act="ability", source="s", ability=0)
    pass_both(g)
    assert _shuffles_of(g, shuffled) == 1 and len(g.decks[1]) == 3


@in_pure_python(COMPILED_RNG)
def test_milling_the_top_card_shuffles_the_deck(shuffled):
    g, L = game([card("l", "c2", 1, override={}, name="vs2023-160-lilit-i-eyderik"), card("e", "c5", 2)]
                + _deck(3), active=2)
    g.apply(2, {"act": "pass"})
    g.apply(1, {"act": "pass"})
    for _ in range(10):  # the end of player 2's turn, then player 1's turn start with Лилит's mill
        if len(g.decks[1]) < 3 and not g.queue:
            break
        legal = g.legal_actions(g.to_act())
        decl = [a for a in legal if a["act"] in ("declare", "choose")]
        g.apply(g.to_act(), decl[0] if decl else {"act": "pass"})
    assert len(g.decks[1]) == 2 and _shuffles_of(g, shuffled) >= 1


@in_pure_python(COMPILED_RNG)
def test_the_deal_shuffles_what_is_left_of_the_deck(shuffled):
    decks = starter_decks()
    names = sorted(decks)
    g = Game.new(5, decks[names[0]], decks[names[1]])
    assert any(x is g.decks[1] for x in shuffled) and any(x is g.decks[2] for x in shuffled)


@in_pure_python(COMPILED_RNG)
def test_looking_and_arranging_without_shuffling_as_the_card_says(shuffled):
    g, L = game([card("v", "c2", 1, override={}, name="vs2023-173-vedunya-ordena"), card("e", "c5", 2)] + _deck(3))
    idx = next(a for a in g.legal_actions(1) if a.get("source") == L["v"] and a["act"] == "ability")
    g.apply(1, idx)
    pass_both(g)
    while g.prompt["kind"] == "choice":
        g.apply(1, {"act": "choose", "option": {"choice": 0}})
    assert _shuffles_of(g, shuffled) == 0
