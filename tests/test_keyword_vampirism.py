"""vampirism (engine/effects/keywords/vampirism.py): its schema accepts the card data and its text reads in both
languages (Медуза Горгона, vs2023-131-meduza-gorgona); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-131-meduza-gorgona'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'vampirism')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'vampirism')
    assert ability_text(a, "en") == 'Vampirism.'
    assert ability_text(a, "ru") == 'Вампиризм.'
