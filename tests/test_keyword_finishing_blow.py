"""Finishing blow (``finishing_blow``, engine/effects/keywords/finishing_blow.py): its schema accepts the card data and its text reads in
both languages (Снежный гулль, vs2003-snezhny-gull); declaring and executing it is tested with the cards that use it (tests/cards)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-snezhny-gull'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'finishing_blow')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'finishing_blow')
    assert ability_text(a, "en") == 'Close: finishing blow for 2 at any creature next to it.'
    assert ability_text(a, "ru") == 'Закрыться: добивание на 2: любое существо рядом с ней.'


def test_executing_it_destroys_only_a_target_whose_life_is_at_most_x():
    from engine.effects.keywords.finishing_blow import execute
    from tests.helpers import card, game
    g, L = game([card("a", "c2", 1), card("b", "c3", 2, wounds=2), card("c", "b3", 2, wounds=1)])
    a, b, c = (g.cards[L[x]] for x in "abc")
    for t in (b, c):  # 4 lives: 2 left on b, 3 left on c
        execute(g.state, {"source": a.id, "controller": 1, "target": t.id, "targets": [t.id]}, a,
                {"kw": "finishing_blow", "n": 2, "target": {"choose": "creature", "side": "enemy"}})
    assert b.zone == "graveyard" and c.zone == "battlefield"
