"""uniqueness (03 §4 ``uniqueness`` [g-54]): a unique card cannot be brought into a squad holding a card of its name:
recruited, resurrected, summoned or incarnated [g-63]."""
from __future__ import annotations

from engine import Game
from tests.helpers import act, card, creature, game
from tests.prelim_util import choose


def _after_first(abilities):
    same = creature(cost=1, abilities=abilities)
    cards = [{"label": f"u{i}", "card": "Одна", "owner": 1, "zone": "deck", "override": same} for i in (1, 2)]
    cards += [{"label": "o", "card": "Other", "owner": 2, "zone": "deck", "override": creature(cost=1)}]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    choose(g, g.prompt["player"], {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    choose(g, 1, {"recruit": L["u1"]})
    return g, L


def test_the_named_ability_refuses_a_second_copy_like_the_unique_flag():
    g, L = _after_first([{"kw": "uniqueness"}])
    assert {"act": "choose", "option": {"recruit": L["u2"]}} not in g.legal_actions(1)
    g, L = _after_first([])
    assert {"act": "choose", "option": {"recruit": L["u2"]}} in g.legal_actions(1)


# ---- not only recruitment: resurrection, summoning, incarnation [g-54, g-63]

UNIQUE = creature(abilities=[{"kw": "uniqueness"}])
RAISE = {"kw": "resurrect", "filter": [{"f": "creature"}], "graveyard": "own", "cell": "adjacent", "closed": False,
         "cost": "tap"}
CALL = {"kw": "action", "cost": "tap", "effects": [{"kw": "summon", "which": [{"f": "creature"}],
                                                    "cells": "any_free", "closed": False}]}


def _raise_targets(twin_in_play: bool):
    cards = [card("a", "c2", 1, override=creature(abilities=[RAISE])),
             card("u", None, 1, zone="graveyard", name="Одна", override=UNIQUE)]
    if twin_in_play:
        cards.append(card("twin", "a2", 1, name="Одна", override=creature()))
    g, L = game(cards)
    return g, L, {x.get("target") for x in g.legal_actions(1) if x.get("ability") in (0, "resurrect")}


def test_a_unique_card_is_not_resurrected_into_a_squad_holding_its_name():
    g, L, targets = _raise_targets(False)
    assert L["u"] in targets
    g, L, targets = _raise_targets(True)
    assert L["u"] not in targets


def test_a_unique_card_is_not_summoned_into_a_squad_holding_its_name():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[CALL])),
                 card("u", None, 1, zone="deck", name="Одна", override=UNIQUE),
                 card("twin", "a2", 1, name="Одна", override=creature())])
    _summon(g, L)
    assert g.cards[L["u"]].zone == "deck"
    g, L = game([card("a", "c2", 1, override=creature(abilities=[CALL])),
                 card("u", None, 1, zone="deck", name="Одна", override=UNIQUE)])
    _summon(g, L)
    assert g.cards[L["u"]].zone == "battlefield"


def _summon(g, L):
    act(g, L, 1, act="ability", source="a", ability=0)
    for _ in range(8):
        if g.prompt["kind"] == "choice":
            g.apply(g.prompt["player"], {"act": "choose", "option": {"choice": 0}})
        elif g.queue or g.executing:
            g.apply(g.to_act(), {"act": "pass"})


def test_a_unique_card_does_not_incarnate_into_a_squad_holding_its_name():
    inc = creature(abilities=[{"kw": "uniqueness"}, {"kw": "incarnation", "n": 1}])
    for twin, zone in ((False, "battlefield"), (True, "graveyard")):
        cards = [card("i", None, 1, zone="graveyard", name="Одна", override=inc, tokens=1)]
        if twin:
            cards.append(card("twin", "c2", 1, name="Одна", override=creature()))
        g, L = game(cards, active=2)
        g.apply(2, {"act": "end_turn"})
        for _ in range(12):
            if g.active == 1 and g.phase == "main" and not g.queue and not any(g.pending.values()):
                break
            if g.prompt["kind"] == "choice":
                g.apply(g.prompt["player"], {"act": "choose", "option": {"choice": 0}})
            else:
                g.apply(g.to_act(), {"act": "pass"})
        assert g.cards[L["i"]].zone == zone
