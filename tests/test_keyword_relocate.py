"""Relocation (relocate) [211.3, g-86], engine/effects/keywords/relocate.py: a card moved by an effect, not by its
own movement; the chooser picks the card and the cell inside the entry."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

DOOR = normalize_ability({"kw": "relocate", "target": {"choose": "creature", "side": "any"}, "to": "any_free",
                          "cost": "tap"})


def test_it_fits_the_vocabulary_and_names_its_target_at_declaration():
    assert check_ability(DOOR) == []
    g, L = game([card("a", "c2", 1, override=creature(abilities=[DOOR])), card("foe", "c5", 2)])
    targets = {x.get("target") for x in g.legal_actions(1) if x.get("source") == L["a"] and x["act"] == "ability"}
    assert {L["a"], L["foe"]} <= targets


def test_the_cell_is_chosen_when_it_executes_and_it_spends_no_movement():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[DOOR])), card("f", "b2", 1),
                 card("foe", "c5", 2)])
    act(g, L, 1, act="ability", source="a", ability=0, target="f")
    while g.prompt["kind"] != "choice":
        g.apply(g.to_act(), {"act": "pass"})
    assert g.prompt["what"] == "relocate_cell" and "c2" not in g.prompt["items"]
    g.apply(1, {"act": "choose", "option": {"choice": g.prompt["items"].index("a4")}})
    settle(g)
    f = g.cards[L["f"]]
    assert f.cell == "a4" and not f.markers.get("movement")
    assert {"act": "move", "source": f.id, "to": "a5"} in g.legal_actions(1)


def test_the_catalogue_says_it_in_both_languages():
    assert "move any creature to any unoccupied cell (not its own movement)" in ability_text(DOOR, "en")
    assert "переместить любое существо на любую свободную клетку" in ability_text(DOOR, "ru")
