"""A pending trigger whose card has left play is answerable: its source is shown to the player asked, the legal
actions hold a declaration (not only a concession), and a mandatory trigger cannot be passed on (RULES.md Q5.1)."""
from __future__ import annotations

from tests.death_triggers import nom_dies


def test_a_mandatory_death_trigger_from_the_graveyard_is_declarable_and_its_source_is_in_the_view():
    g, L = nom_dies()
    legal = g.legal_actions(1)
    declares = [a for a in legal if a["act"] == "declare"]
    assert declares and all(a["source"] == L["nom"] for a in declares)
    view = g.view(1)
    assert view["cards"][L["nom"]]["zone"] == "graveyard"
    assert {a["target"] for a in declares} <= {i for i, c in view["cards"].items() if c["zone"] == "battlefield"}


def test_a_mandatory_trigger_is_marked_mandatory_and_cannot_be_passed_on():
    g, L = nom_dies()
    assert g.view(1)["prompt"]["pending"] == [{"source": L["nom"], "ability": 1, "optional": False}]
    assert not any(a["act"] == "pass" for a in g.legal_actions(1))


def test_declaring_the_death_trigger_wounds_the_chosen_enemy():
    g, L = nom_dies()
    g.apply(1, {"act": "declare", "source": L["nom"], "ability": 1, "target": L["t"]})
    for _ in range(10):
        if g.cards[L["t"]].wounds:
            break
        g.apply(g.to_act(), {"act": "pass"})
    assert g.cards[L["t"]].wounds == 3
