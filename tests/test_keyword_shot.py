"""``shot`` (engine/effects/keywords/shot.py): its schema accepts the card data and its text reads in both
languages (Эльфийский воин, vs2003-elfiyskiy-voin); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text
from tests.helpers import ability_of

CARD = 'vs2003-elfiyskiy-voin'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'shot')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'shot')
    assert ability_text(a, "en") == 'Shot for 2.'
    assert ability_text(a, "ru") == 'Выстрел на 2.'


def test_a_flyer_has_no_range_of_its_own():
    """03 §3.2 [g-11]: a card in the aux zone cannot have Range X, so a flyer's shot printed with range 1 reaches a
    card anywhere on the battlefield (and a ground shooter's range 1 does not)."""
    from tests.helpers import card, creature, game
    shot = {"kw": "shot", "strike": [1, 1, 1], "range": 1, "cost": "tap"}
    g, L = game([card("f", None, 1, zone="aux", override=creature(move=None, flyer=True, abilities=[shot])),
                 card("g", "a1", 1, override=creature(abilities=[shot])),
                 card("t", "c6", 2)])
    shots = {(a["source"], a["target"]) for a in g.legal_actions(1) if a["act"] == "ability"}
    assert (L["f"], L["t"]) in shots and (L["g"], L["t"]) not in shots
