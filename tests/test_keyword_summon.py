"""Summon (вызов) [g-08], engine/effects/keywords/summon.py: a card from your deck onto a cell, the deck shuffled."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

CALL = normalize_ability({"kw": "action", "cost": "tap", "effects": [
    {"kw": "summon", "which": [{"f": "cost_at_most", "n": 2}], "cells": "any_free", "closed": True}]})


def _game():
    return game([card("a", "c2", 1, override=creature(abilities=[CALL])),
                 card("cheap", None, 1, zone="deck", override=creature(cost=2)),
                 card("dear", None, 1, zone="deck", override=creature(cost=5))])


def test_it_fits_the_vocabulary():
    assert check_ability(CALL) == []
    assert check_ability(CALL["effects"][0], "effect") == []


def test_the_controller_chooses_the_cell_and_the_matching_card_arrives_closed():
    g, L = _game()
    act(g, L, 1, act="ability", source="a", ability=0)
    while g.prompt["kind"] != "choice":
        g.apply(g.to_act(), {"act": "pass"})
    assert g.prompt["what"] == "summon_cell" and "b3" in g.prompt["items"] and "c2" not in g.prompt["items"]
    g.apply(1, {"act": "choose", "option": {"choice": g.prompt["items"].index("b3")}})
    pass_both(g)
    c = g.cards[L["cheap"]]
    assert (c.zone, c.cell, c.closed) == ("battlefield", "b3", True) and g.board["b3"] == c.id
    assert g.cards[L["dear"]].zone == "deck" and g.decks[1] == [L["dear"]]


def test_with_no_matching_card_nothing_happens():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[CALL])),
                 card("dear", None, 1, zone="deck", override=creature(cost=5))])
    act(g, L, 1, act="ability", source="a", ability=0)
    pass_both(g)
    assert g.cards[L["dear"]].zone == "deck"


def test_the_catalogue_says_it_in_both_languages():
    assert "summon a card (costing 2 or less) from your deck onto an unoccupied cell, closed" in ability_text(CALL, "en")
    assert "вызвать карту" in ability_text(CALL, "ru")


SUMMON = {"kw": "summon", "which": [{"f": "creature"}], "cost": "tap"}


def test_by_default_it_names_a_free_cell_next_to_its_source_at_declaration():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[SUMMON])),
                 card("b", "b2", 1, override=creature()),
                 card("c", None, 1, zone="deck", override=creature())])
    cells = sorted(o["to"] for o in g.legal_actions(1) if o.get("source") == L["a"] and o["act"] == "ability")
    assert cells == ["b1", "b3", "c1", "c3", "d1", "d2", "d3"]  # the neighbours of c2 but b2, which is taken
    act(g, L, 1, act="ability", source="a", ability=0, to="d3")
    assert g.cards[L["a"]].closed  # paid at declaration [SEED S4]
    pass_both(g)
    c = g.cards[L["c"]]
    assert (c.zone, c.cell, c.closed) == ("battlefield", "d3", False)
