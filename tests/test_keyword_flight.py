"""Flight (полёт) as a gained ability [g-38], the keyword defined in engine/effects/keywords/flight.py: the card
becomes a flyer and leaves the battlefield for its controller's aux zone [211.2.a]."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import act, card, creature, game, pass_both

WINGS = {"kw": "action", "cost": "tap", "effects": [{"kw": "flight", "target": "self"}]}


def _taker(**extra):
    return creature(abilities=[normalize_ability(WINGS)], **extra)


def test_the_effect_form_checks_against_the_vocabulary():
    assert check_ability({"kw": "flight", "target": "self", "until": "end_of_battle"}, "effect") == []
    assert check_ability({"kw": "flight"}, "grant") == []
    assert check_ability({"kw": "flight", "until": "soon"}, "effect") != []


def test_gaining_flight_moves_the_card_to_the_aux_zone_and_makes_it_a_flyer():
    g, L = game([card("w", "c2", 1, override=_taker()), card("foe", "c5", 2)])
    act(g, L, 1, act="ability", source="w", ability=0)
    pass_both(g)
    w = g.cards[L["w"]]
    assert w.zone == "aux" and w.cell is None and "c2" not in g.board and g.is_flyer(w)
    assert w.id in g.aux[1]
    assert g.view(1)["cards"][w.id]["zone"] == "aux"


def test_a_card_that_took_off_strikes_any_card_next_turn_as_a_flyer_does():
    g, L = game([card("w", "c2", 1, override=_taker()), card("foe", "a5", 2)])
    act(g, L, 1, act="ability", source="w", ability=0)
    pass_both(g)
    end_turn(g)
    end_turn(g)
    assert g.active == 1 and not g.cards[L["w"]].closed
    attacks = [a for a in g.legal_actions(1) if a["act"] == "attack" and a["source"] == L["w"]]
    assert {"act": "attack", "source": L["w"], "target": L["foe"]} in attacks  # far away: a flyer strikes any card


def test_the_catalogue_says_it_in_both_languages():
    e = {"kw": "flight", "target": "self", "until": "end_of_battle"}
    assert ability_text(normalize_ability(WINGS), "en") == "Close: it becomes a flyer (flight)."
    assert "летающей" in ability_text(normalize_ability(WINGS), "ru")
    assert check_ability(e, "effect") == []
