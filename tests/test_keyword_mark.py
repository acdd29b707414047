"""Markers (``mark``, 01 §6.1 [200.6, 416.3]), the keyword defined in engine/effects/keywords/mark.py: a named
marker on a card (counted, optionally timed) or on an empty cell (shown in the view's ``cells``)."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import act, card, creature, game, pass_both

ON_CARD = normalize_ability({"kw": "mark", "marker": "hunt", "cost": "tap", "until": "end_of_your_turn",
                             "target": {"choose": "creature", "side": "enemy"}})
ON_CELL = normalize_ability({"kw": "mark", "marker": "bonfire", "cost": "tap", "cell": "empty",
                             "until": "end_of_opponent_next_turn"})
FOREVER = normalize_ability({"kw": "mark", "marker": "prey", "cost": "tap",
                             "target": {"choose": "creature", "side": "enemy"}})


def test_the_data_forms_check_against_the_vocabulary():
    assert check_ability(ON_CARD) == [] and check_ability(ON_CELL) == [] and check_ability(FOREVER) == []
    assert check_ability({"kw": "mark", "marker": "prey", "target": "attacked"}, "effect") == []
    assert check_ability(dict(ON_CELL, cell="full")) != []


def test_a_timed_card_marker_is_put_and_goes_at_the_end_of_the_turn():
    g, L = game([card("m", "c2", 1, override=creature(abilities=[ON_CARD])), card("foe", "c5", 2)])
    act(g, L, 1, act="ability", source="m", ability=0, target="foe")
    pass_both(g)
    assert g.view(1)["cards"][L["foe"]]["markers"] == {"hunt": 1}
    end_turn(g)
    assert g.view(1)["cards"][L["foe"]]["markers"] == {}


def test_an_untimed_marker_stays_and_a_second_one_adds_up():
    g, L = game([card("m", "c2", 1, override=creature(abilities=[FOREVER])), card("foe", "c5", 2)])
    act(g, L, 1, act="ability", source="m", ability=0, target="foe")
    pass_both(g)
    end_turn(g)
    end_turn(g)
    act(g, L, 1, act="ability", source="m", ability=0, target="foe")
    pass_both(g)
    assert g.view(2)["cards"][L["foe"]]["markers"] == {"prey": 2}


def test_a_cell_marker_is_declared_on_an_empty_cell_and_lasts_to_the_end_of_the_opponent_turn():
    g, L = game([card("m", "c2", 1, override=creature(abilities=[ON_CELL])), card("foe", "c5", 2)])
    opts = [a for a in g.legal_actions(1) if a["act"] == "ability" and a["source"] == L["m"]]
    assert {"act": "ability", "source": L["m"], "ability": 0, "to": "c3"} in opts
    assert not any(o["to"] in ("c2", "c5") for o in opts)
    act(g, L, 1, act="ability", source="m", ability=0, to="c3")
    pass_both(g)
    assert g.view(2)["cells"] == {"c3": {"bonfire": 1}}
    end_turn(g)
    assert g.view(2)["cells"] == {"c3": {"bonfire": 1}}
    end_turn(g)
    assert g.view(1)["cells"] == {}


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(ON_CELL, "en") == ("Close: put a 'bonfire' marker on an empty cell until the end of the "
                                           "opponent's next turn; that cell counts as occupied.")
    assert ability_text(FOREVER, "ru") == "Закрыться: положить маркер «добыча» на вражеское существо."


def test_a_trigger_that_marks_a_cell_is_declared_with_the_chosen_cell():
    worm = creature(life=1, abilities=[{"kw": "trigger", "when": "dies", "optional": False, "effects": [
        {"kw": "mark", "marker": "tremor", "cell": "empty"}]}])
    g, L = game([card("w", "c3", 1, override=worm), card("foe", "c4", 2, override=creature(strike=(3, 3, 3)))],
                active=2, dice=[6, 1])
    act(g, L, 2, act="attack", source="foe", target="w")
    pass_both(g)
    while g.prompt["kind"] != "triggers":
        g.apply(g.to_act(), {"act": "pass"})
    offers = [a for a in g.legal_actions(1) if a["act"] == "declare"]
    assert {"act": "declare", "source": L["w"], "ability": 0, "to": "b2"} in offers
    assert not any(a.get("to") in ("c4", "e1") for a in offers)  # only empty cells
    g.apply(1, {"act": "declare", "source": L["w"], "ability": 0, "to": "b2"})
    while g.queue or g.executing is not None:
        g.apply(g.to_act(), {"act": "pass"})
    assert g.view(1)["cells"] == {"b2": {"tremor": 1}}
