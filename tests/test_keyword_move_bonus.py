"""Movement bonus (``move_bonus``, 01 §3.4 [203.1]), the keyword defined in engine/effects/keywords/move_bonus.py:
+n to the movement allowance, printed, granted, or gained by an effect until a duration ends."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import act, card, creature, game, pass_both

SPUR = normalize_ability({"kw": "action", "cost": "instant", "effects": [
    {"kw": "move_bonus", "n": 2, "target": "self", "until": "end_of_turn"}]})


def _moves(g, L, label):
    return [a for a in g.legal_actions(1) if a["act"] == "move" and a["source"] == L[label]]


def test_the_forms_check_against_the_vocabulary():
    assert check_ability({"kw": "move_bonus", "n": 1}) == []
    assert check_ability({"kw": "move_bonus", "n": 1, "target": "self", "until": "end_of_turn"}, "effect") == []
    assert check_ability({"kw": "move_bonus"}) != []


def test_a_printed_bonus_lets_it_step_once_more():
    g, L = game([card("m", "c2", 1, override=creature(move=1, abilities=[{"kw": "move_bonus", "n": 1}])),
                 card("foe", "a5", 2)])
    act(g, L, 1, act="move", source="m", to="c3")
    pass_both(g)
    assert _moves(g, L, "m")
    act(g, L, 1, act="move", source="m", to="c4")
    pass_both(g)
    assert not _moves(g, L, "m")


def test_an_effect_bonus_lasts_its_duration():
    g, L = game([card("m", "c2", 1, override=creature(move=1, abilities=[SPUR])), card("foe", "a5", 2)])
    act(g, L, 1, act="ability", source="m", ability=0)
    pass_both(g)
    for to in ("c3", "c4", "b4"):
        act(g, L, 1, act="move", source="m", to=to)
        pass_both(g)
    assert not _moves(g, L, "m")
    end_turn(g)
    end_turn(g)
    assert g.cards[L["m"]].acquired == []


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text({"kw": "move_bonus", "n": 1}, "en") == "+1 movement."
    assert ability_text(SPUR, "ru").endswith("+2 к движению до конца хода.")
