"""``no_close_on_attack`` (engine/effects/keywords/no_close_on_attack.py): its schema accepts the card data and its text reads in both
languages (Кабаний наездник, vs2023-012-kabaniy-naezdnik); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2023-012-kabaniy-naezdnik'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'no_close_on_attack')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'no_close_on_attack')
    assert ability_text(a, "en") == 'Does not close when it attacks.'
    assert ability_text(a, "ru") == 'Не закрывается при атаке.'


def test_the_effect_form_reads_as_an_effect_and_opens_the_card_again():
    from tests.helpers import run_effect
    e = {"kw": "no_close_on_attack"}
    assert ability_text({"kw": "trigger", "when": "strikes", "optional": False, "effects": [e]}, "en") == \
        "When it attacks: it does not close after this attack."
    g, L = run_effect([e])
    assert not g.cards[L["a"]].closed
