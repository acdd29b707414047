"""Strangling (удушение, Тварь's card code, README §6.6), the effect defined in engine/effects/keywords/strangling.py:
1 marker: it cannot move; 2: it cannot attack either; 3: destroyed; the markers hold only next to their Beast."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import act, card, creature, game, pass_both

CHOKE = normalize_ability({"kw": "action", "cost": "instant", "effects": [
    {"kw": "strangling", "target": {"choose": "creature", "side": "enemy", "filter": [{"f": "adjacent"}]}}]})
SHOOTER = creature(life=9, move=2, abilities=[normalize_ability({"kw": "shot", "n": 1, "cost": "tap"})])


def _acts(g, L, p, label):
    return [a for a in g.legal_actions(p) if a.get("source") == L[label] and a["act"] in ("move", "attack", "ability")]


def test_the_form_checks_against_the_vocabulary():
    assert check_ability(CHOKE) == [] and check_ability({"kw": "strangling", "target": "attacked"}, "effect") == []


def test_one_marker_stops_moving_two_stop_attacking_three_destroy():
    g, L = game([card("b", "c3", 1, override=creature(abilities=[CHOKE])), card("v", "c4", 2, override=SHOOTER)])
    act(g, L, 1, act="ability", source="b", ability=0, target="v")
    pass_both(g)
    end_turn(g)
    kinds = {a["act"] for a in _acts(g, L, 2, "v")}
    assert "move" not in kinds and "ability" in kinds and "attack" in kinds
    g.apply(2, {"act": "pass"})
    act(g, L, 1, act="ability", source="b", ability=0, target="v")
    pass_both(g)
    assert g.view(2)["cards"][L["v"]]["markers"] == {"strangling": 2}
    assert _acts(g, L, 2, "v") == []  # neither moves nor attacks (shots included)
    g.apply(2, {"act": "pass"})
    act(g, L, 1, act="ability", source="b", ability=0, target="v")
    pass_both(g)
    assert g.cards[L["v"]].zone == "graveyard"


def test_the_markers_hold_only_next_to_the_beast_and_go_at_the_end_of_the_turn():
    g, L = game([card("b", "c3", 1, override=creature(move=1, abilities=[CHOKE])), card("v", "c4", 2, override=SHOOTER)])
    act(g, L, 1, act="ability", source="b", ability=0, target="v")
    pass_both(g)
    act(g, L, 1, act="move", source="b", to="c2")
    pass_both(g)
    end_turn(g)
    assert g.view(2)["cards"][L["v"]]["markers"] == {}
    assert "move" in {a["act"] for a in _acts(g, L, 2, "v")}


def test_the_catalogue_says_it_in_both_languages():
    assert "'strangling' marker" in ability_text(CHOKE, "en")
    assert "«удушение»" in ability_text(CHOKE, "ru")
