"""starts_with_tokens (engine/effects/keywords/starts_with_tokens.py): its schema accepts the card data and its text reads in both
languages (Ар-Гулль, vs2003-ar-gull); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-ar-gull'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'starts_with_tokens')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'starts_with_tokens')
    assert ability_text(a, "en") == 'Starts the battle with 1 token.'
    assert ability_text(a, "ru") == 'Начинает бой с 1 фишкой.'
