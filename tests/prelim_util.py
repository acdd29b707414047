"""Builders for preliminary-phase tests: games that start at the deal step with chosen decks (top first)."""
from __future__ import annotations

from engine import Game

from tests.helpers import creature


def deck_card(label, owner, **override) -> dict:
    """A custom card in ``owner``'s deck (a creature unless ``kind`` is overridden)."""
    return {"label": label, "card": f"Test {label}", "owner": owner, "zone": "deck",
            "override": creature(**override)}


def prelim_game(cards1, cards2, dice=(4, 2), seed=1):
    """A game at the deal step: ``cards1``/``cards2`` are lists of (label, override dict) for each deck, top
    first. The default dice make player 1 the die-roll winner."""
    cards = [deck_card(lb, 1, **ov) for lb, ov in cards1] + [deck_card(lb, 2, **ov) for lb, ov in cards2]
    doc = {"id": "t", "seed": seed, "dice": list(dice), "setup": {"phase": "deal", "cards": cards}, "steps": []}
    return Game.from_scenario(doc)


def choose(g, player, option):
    """Apply a ``choose`` action."""
    return g.apply(player, {"act": "choose", "option": option})


def through_recruitment(g, labels, first=1, recruit1=None, recruit2=None):
    """First player ``first``, both keep, each recruits the listed labels (default: the whole deal), done."""
    choose(g, g.prompt["player"], {"first": first})
    choose(g, first, "keep")
    choose(g, 3 - first, "keep")
    for p, want in ((first, recruit1 if first == 1 else recruit2), (3 - first, recruit2 if first == 1 else recruit1)):
        ids = [labels[x] for x in want] if want is not None else list(g.deals[p])
        for cid in ids:
            choose(g, p, {"recruit": cid})
        choose(g, p, "done")


def deploy(g, placements):
    """Place cards: ``placements`` is a list of (player, card id, cell) in order."""
    for p, cid, cell in placements:
        choose(g, p, {"place": cid, "cell": cell})


def to_first_turn(cards, first=1, dice=(4, 2), seed=1):
    """A game from the deal step with the setup ``cards`` (decks only, top first), played through the
    preliminary phase with the public API: player ``first`` goes first, both keep the deal, recruit everything,
    place each card on the first cell offered, keep nothing hidden and pass every window, until the first turn's
    main phase. Returns (game, labels)."""
    doc = {"id": "t", "seed": seed, "dice": list(dice), "setup": {"phase": "deal", "cards": cards}, "steps": []}
    g, labels = Game.from_scenario(doc)
    through_recruitment(g, labels, first=first)
    for _ in range(200):
        if g.phase == "main" or g.result:
            break
        p = g.to_act()
        legal = g.legal_actions(p)
        place = [a for a in legal if a["act"] == "choose" and isinstance(a.get("option"), dict) and "place" in a["option"]]
        if place:
            g.apply(p, place[0])
            continue
        passes = [a for a in legal if a["act"] == "pass"]
        g.apply(p, passes[0] if passes else next(a for a in legal if a["act"] != "concede"))
    return g, labels
