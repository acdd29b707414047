"""Hypnosis (гипноз, Шаман-душегрыз's card code, README §6.6), defined in engine/effects/keywords/hypnosis.py: an
open enemy creature makes a simple strike at a card next to it at once, then closes."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

HYPNO = normalize_ability({"kw": "hypnosis", "kind": "spell", "cost": "instant+tap"})


def _offers(g, L, p=1):
    return [a for a in g.legal_actions(p) if a["act"] == "ability" and a["source"] == L["s"]]


def test_the_form_checks_against_the_vocabulary():
    assert check_ability(HYPNO) == []


def test_it_is_offered_for_each_open_enemy_creature_and_each_card_it_may_strike():
    g, L = game([card("s", "a1", 1, override=creature(abilities=[HYPNO])), card("v", "c4", 2),
                 card("ally", "c5", 2), card("mine", "c3", 1), card("shut", "e4", 2, closed=True)])
    offers = [tuple(a["targets"]) for a in _offers(g, L)]
    assert (L["v"], L["ally"]) in offers and (L["v"], L["mine"]) in offers
    assert not any(t[0] == L["shut"] for t in offers)  # a closed creature cannot be hypnotised


def test_the_creature_strikes_its_ally_at_once_and_closes():
    g, L = game([card("s", "a1", 1, override=creature(abilities=[HYPNO])),
                 card("v", "c4", 2, override=creature(strike=(3, 3, 3))), card("ally", "c5", 2, override=creature(life=9))],
                dice=[6, 1])
    act(g, L, 1, act="ability", source="s", ability=0, targets=[L["v"], L["ally"]])
    pass_both(g)
    while g.executing is not None:
        g.apply(g.to_act(), {"act": "pass"})
    assert g.cards[L["ally"]].wounds == 3 and g.cards[L["v"]].closed


def test_a_creature_protected_from_spells_is_not_offered():
    g, L = game([card("s", "a1", 1, override=creature(abilities=[HYPNO])),
                 card("v", "c4", 2, override=creature(abilities=[{"kw": "protection", "from": "spells"}])),
                 card("ally", "c5", 2)])
    assert not any(a["targets"][0] == L["v"] for a in _offers(g, L))
    assert any(a["targets"] == [L["ally"], L["v"]] for a in _offers(g, L))  # its neighbour may still be made to


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(HYPNO, "en") == ("Sudden. Close: spell — an open enemy creature makes a simple strike at a "
                                         "card next to it, then closes.")
    assert "затем закрывается" in ability_text(HYPNO, "ru")
