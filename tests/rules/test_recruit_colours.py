"""Paying for recruits: one card's cost comes from one colour; a regular card is paid with silver first unless its
player chooses gold; an elite card with gold only (02-battle.md §1.3 [304.3] [PROPOSAL]; 01 §3.3, §7.3)."""
from __future__ import annotations

from engine import Game

from tests.rules.play import creature


def _at_recruitment(cards1):
    """A game at player 1's recruitment prompt; ``cards1`` = [(label, override)] make player 1's whole deck."""
    cards = [{"label": lb, "card": f"Test {lb}", "owner": 1, "zone": "deck", "override": ov} for lb, ov in cards1]
    cards += [{"label": f"z{i}", "card": f"Test z{i}", "owner": 2, "zone": "deck", "override": creature()}
              for i in range(3)]
    doc = {"id": "t", "seed": 1, "dice": [4, 2], "setup": {"active": 1, "phase": "deal", "cards": cards},
           "steps": []}
    g, lb = Game.from_scenario(doc)
    for p, opt in ((1, {"first": 1}), (1, "keep"), (2, "keep")):
        g.apply(p, {"act": "choose", "option": opt})
    assert g.view(1)["prompt"]["kind"] == "recruit"
    return g, lb


def _crystals(g, p=1):
    pv = g.view(p)["players"][str(p)]
    return pv["gold"], pv["silver"]


def _recruit(g, cid, pay=None):
    opt = {"recruit": cid} if pay is None else {"recruit": cid, "pay": pay}
    g.apply(1, {"act": "choose", "option": opt})


def test_304_3_a_regular_card_is_paid_with_silver_by_default():
    g, lb = _at_recruitment([("r", creature(cost=5))])
    gold, silver = _crystals(g)
    _recruit(g, lb["r"])
    assert _crystals(g) == (gold, silver - 5)


def test_304_3_the_player_may_pay_a_regular_card_with_gold():
    g, lb = _at_recruitment([("r", creature(cost=5))])
    gold, silver = _crystals(g)
    assert {"act": "choose", "option": {"recruit": lb["r"], "pay": "gold"}} in g.legal_actions(1)
    _recruit(g, lb["r"], "gold")
    assert _crystals(g) == (gold - 5, silver)


def test_304_3_a_regular_card_is_never_paid_with_both_colours():
    """Silver 22 (+0), gold 23: after 20 silver on four regular 5s, 2 silver are left; a fifth 5 takes gold only."""
    g, lb = _at_recruitment([(f"r{i}", creature(cost=5)) for i in range(5)])
    gold, silver = _crystals(g)
    for i in range(4):
        _recruit(g, lb[f"r{i}"])
    assert _crystals(g) == (gold, silver - 20)
    assert {"act": "choose", "option": {"recruit": lb["r4"], "pay": "gold"}} not in g.legal_actions(1)  # no choice
    _recruit(g, lb["r4"])
    assert _crystals(g) == (gold - 5, silver - 20)


def test_304_3_an_elite_card_is_paid_with_gold_only_and_offers_no_colour_choice():
    g, lb = _at_recruitment([("e", creature(cost=4, elite=True))])
    legal = g.legal_actions(1)
    assert {"act": "choose", "option": {"recruit": lb["e"]}} in legal
    assert not any(a.get("option", {}).get("pay") for a in legal if isinstance(a.get("option"), dict))
    gold, silver = _crystals(g)
    _recruit(g, lb["e"])
    assert _crystals(g) == (gold - 4, silver)
