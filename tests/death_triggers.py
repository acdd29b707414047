"""A game in which a card with a mandatory death trigger has just died: its controller is asked to declare the
trigger while the card lies in the graveyard (Ном's «штопор»: 3 wounds to a non-flying enemy creature). Used by the
engine test of the prompt and by the game-page browser test."""
from __future__ import annotations

from tests.cards.kit import dummy, pool, setup

NOM = "vs2023-056-nom"


def nom_dies():
    """(game, labels): player 2's creature has killed Ном (player 1's); player 1 is asked about «штопор»."""
    g, L = setup([pool("nom", "c3", 1, NOM, wounds=6), dummy("k", "c4", 2, strike=(3, 3, 3)),
                  dummy("t", "b4", 2)], active=2, dice=[6, 1])
    g.apply(2, {"act": "attack", "source": L["k"], "target": L["nom"]})
    g.apply(2, {"act": "pass"})
    g.apply(1, {"act": "pass"})
    assert g.prompt["kind"] == "triggers" and g.cards[L["nom"]].zone == "graveyard", g.prompt
    return g, L


def nom_dies_state() -> dict:
    """The game page's state at that moment: {"view", "legal", "you"} for player 1."""
    g, _ = nom_dies()
    return {"view": g.view(1), "legal": g.legal_actions(1), "you": 1}
