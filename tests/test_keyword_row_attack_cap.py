"""A row whose attacks are reduced (``row_attack_cap``, [g-90]), the keyword defined in
engine/effects/keywords/row_attack_cap.py: until the end of the opponent's turn, attacks by matching enemy cards in
the chosen row of his half deal at most n; each row once per battle."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn, settle
from tests.helpers import act, card, creature, game, pass_both

FROST = normalize_ability({"kw": "row_attack_cap", "n": 1, "by": [{"f": "elite", "value": False}], "cost": "tap",
                           "kind": "spell"})


def _setup():
    return game([card("s", "a1", 1, override=creature(abilities=[FROST])), card("f", "c3", 1, override=creature(life=9)),
                 card("g", "b3", 1, override=creature(life=9)),
                 card("r", "c4", 2, override=creature(strike=(4, 4, 4))),
                 card("el", "b4", 2, override=creature(strike=(4, 4, 4), elite=True))], dice=[6, 1, 6, 1])


def test_the_form_checks_against_the_vocabulary():
    assert check_ability(FROST) == [] and check_ability(dict(FROST, n="one")) != []


def test_each_row_is_offered_once_per_battle():
    g, L = _setup()
    rows = [a["x"] for a in g.legal_actions(1) if a["act"] == "ability" and a["source"] == L["s"]]
    assert rows == [1, 2, 3]
    act(g, L, 1, act="ability", source="s", ability=0, x=1)
    pass_both(g)
    end_turn(g)
    end_turn(g)
    assert [a["x"] for a in g.legal_actions(1) if a["act"] == "ability" and a["source"] == L["s"]] == [2, 3]


def test_a_regular_attacker_in_the_row_deals_at_most_one_until_the_opponent_turn_ends():
    g, L = _setup()
    act(g, L, 1, act="ability", source="s", ability=0, x=1)
    pass_both(g)
    end_turn(g)
    act(g, L, 2, act="attack", source="r", target="f")
    settle(g)
    act(g, L, 2, act="attack", source="el", target="g")
    settle(g)
    assert g.cards[L["f"]].wounds == 1 and g.cards[L["g"]].wounds == 4  # the elite one is not reduced
    end_turn(g)
    assert not [e for e in g.effects if e.get("kind") == "row_attack_cap"]


def test_the_catalogue_says_it_in_both_languages():
    assert "deals at most 1" in ability_text(FROST, "en") and "не больше 1" in ability_text(FROST, "ru")
