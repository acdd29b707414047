"""must_attack (engine/effects/keywords/must_attack.py): its schema accepts the card data and its text reads in both
languages (Гном-басаарг, vs2003-gnom-basaarg); what it does in play is tested with the rules that read it."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-gnom-basaarg'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'must_attack')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'must_attack')
    assert ability_text(a, "en") == 'During your turn, when one of the cards (enemy, a creature, closed) comes to stand next to it, it must at once make a simple strike at it, without moving; that strike has: +1 to its simple strike; directed strike.'
    assert ability_text(a, "ru") == 'В ваш ход, когда рядом с ней оказывается одна из карт (вражеская, существо, закрытая), она обязана сразу нанести ей простой удар, не перемещаясь; этот удар получает: +1 к простому удару; направленный удар.'
