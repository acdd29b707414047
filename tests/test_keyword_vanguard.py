"""vanguard (03 §4 ``vanguard`` [g-01]): in the Vanguard step of the preliminary phase the creature may make an
unanswered simple strike at an adjacent enemy card, at once. Played from the deal."""
from __future__ import annotations

from engine import Game
from tests.helpers import creature
from tests.prelim_util import through_recruitment


def _to_vanguard(abilities):
    cards = [{"label": "v", "card": "Vanguard", "owner": 1, "zone": "deck",
              "override": creature(life=5, strike=(2, 3, 4), abilities=abilities)},
             {"label": "t", "card": "Target", "owner": 2, "zone": "deck", "override": creature(life=9)}]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2, 5], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    through_recruitment(g, L, first=1)
    want = {L["v"]: "c3", L["t"]: "c4"}
    for _ in range(60):
        p = g.to_act()
        legal = g.legal_actions(p)
        if any(a["act"] == "ability" and a.get("target") for a in legal) or g.phase == "main":
            break
        place = [a for a in legal if a["act"] == "choose" and isinstance(a.get("option"), dict)
                 and want.get(a["option"].get("place")) == a["option"].get("cell")]
        g.apply(p, place[0] if place else next(a for a in legal if a["act"] == "pass" or a.get("option") == "keep"))
    return g, L


def test_the_vanguard_strikes_an_adjacent_enemy_unanswered_before_the_first_turn():
    g, L = _to_vanguard([{"kw": "vanguard"}])
    strike = {"act": "ability", "source": L["v"], "ability": 0, "target": L["t"]}
    assert strike in g.legal_actions(1)
    g.apply(1, strike)
    assert g.cards[L["t"]].wounds == 3 and g.cards[L["v"]].wounds == 0  # die 5: medium 3, no retaliation


def test_without_vanguard_the_step_offers_nothing():
    g, L = _to_vanguard([])
    assert g.phase == "main"
