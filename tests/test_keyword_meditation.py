"""meditation (03 §4 ``meditation`` [g-25]): its abilities may be paid with tokens of friendly cards of its element."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

ZAP = {"kw": "discharge", "n": 3, "cost": "2 tokens+tap"}


def _monk(element, abilities):
    return creature(element=element, abilities=[ZAP] + abilities)


def _game(element, abilities, helper_element):
    return game([card("m", "c2", 1, override=_monk(element, abilities), tokens=1),
                 card("h", "b2", 1, override=creature(element=helper_element), tokens=2),
                 card("t", "c5", 2, override=creature(life=9))])


def _zaps(g, L):
    return [a for a in g.legal_actions(1) if a.get("source") == L["m"] and a.get("ability") == 0]


def test_a_friend_of_its_element_pays_the_missing_token_at_declaration():
    g, L = _game("Горы", [{"kw": "meditation"}], "Горы")
    assert _zaps(g, L)
    act(g, L, 1, act="ability", source="m", ability=0, target="t")
    assert g.cards[L["m"]].tokens == 0 and g.cards[L["h"]].tokens == 1
    pass_both(g)
    assert g.cards[L["t"]].wounds == 3


def test_without_meditation_another_element_or_a_neutral_card_it_cannot_pay():
    assert not _zaps(*_game("Горы", [], "Горы"))
    assert not _zaps(*_game("Горы", [{"kw": "meditation"}], "Лес"))
    assert not _zaps(*_game("Нейтральные", [{"kw": "meditation"}], "Нейтральные"))
