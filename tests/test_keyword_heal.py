"""Heal (``heal``, engine/effects/keywords/heal.py): its schema accepts the card data and its text reads in
both languages (Ар-Гулль, vs2003-ar-gull); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ar-gull'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'heal')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'heal')
    assert ability_text(a, "en") == 'Close: heal itself by 2.'
    assert ability_text(a, "ru") == 'Закрыться: излечить себя на 2.'


def test_executing_it_removes_wounds_and_full_removes_all():
    from tests.helpers import run_effect
    g, L = run_effect([{"kw": "heal", "n": 2, "target": "self"}], wounds=3)
    assert g.cards[L["a"]].wounds == 1
    g, L = run_effect([{"kw": "heal", "n": "full", "target": "self", "cure_poison": True}], wounds=3,
                      markers={"poison": 1})
    assert g.cards[L["a"]].wounds == 0 and not g.cards[L["a"]].markers.get("poison")
