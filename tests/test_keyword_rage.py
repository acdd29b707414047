"""rage (03 §4 ``rage``): closed in its turn, it removes a token to open; a token at the end of a turn without an
attack, at most X."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both


def test_closed_it_pays_a_token_at_declaration_and_opens():
    g, L = game([card("r", "c2", 1, override=creature(abilities=[{"kw": "rage", "n": 2}]), closed=True, tokens=1),
                 card("e", "c5", 2)])
    act(g, L, 1, act="ability", source="r", ability="rage")
    assert g.cards[L["r"]].tokens == 0 and g.cards[L["r"]].closed
    pass_both(g)
    assert not g.cards[L["r"]].closed


def test_an_open_card_cannot_use_it():
    g, L = game([card("r", "c2", 1, override=creature(abilities=[{"kw": "rage", "n": 2}]), tokens=1), card("e", "c5", 2)])
    import pytest
    from engine.errors import EngineError
    before = g.snapshot()
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="r", ability="rage")  # opening an open card is no effect [219.2]
    assert g.snapshot() == before


def test_a_turn_without_an_attack_ends_with_a_token():
    g, L = game([card("r", "c2", 1, override=creature(abilities=[{"kw": "rage", "n": 1}])), card("e", "c5", 2)])
    pass_both(g)
    settle(g)
    assert g.cards[L["r"]].tokens == 1
