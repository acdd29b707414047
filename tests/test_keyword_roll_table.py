"""A roll table (roll_table), engine/effects/keywords/roll_table.py: one die, the listed outcome, targets after the
roll."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

ENEMY = {"choose": "creature", "side": "enemy"}
TABLE = normalize_ability({"kw": "action", "cost": "tap", "effects": [{"kw": "roll_table", "outcomes": [
    {"on": [1, 2, 3], "effects": [{"kw": "wound", "n": 1, "target": ENEMY}]},
    {"on": [4, 5, 6], "effects": [{"kw": "wound", "n": 3, "target": ENEMY}]}]}]})


def test_it_fits_the_vocabulary_and_every_value_needs_one_outcome():
    assert check_ability(TABLE) == []
    bad = {"kw": "roll_table", "outcomes": [{"on": [1, 2], "effects": [{"kw": "wound", "n": 1, "target": "self"}]}]}
    assert check_ability(bad, "effect")


def test_the_die_picks_the_outcome_and_its_target_is_chosen_after_the_roll():
    for die, wounds in ((2, 1), (5, 3)):
        g, L = game([card("a", "c2", 1, override=creature(abilities=[TABLE])),
                     card("x", "c5", 2, override=creature(life=9)), card("y", "d5", 2, override=creature(life=9))],
                    dice=[die])
        act(g, L, 1, act="ability", source="a", ability=0)
        asked = []

        def pick(g2, legal):
            if g2.prompt["kind"] == "choice":
                asked.append(any(e["type"] == "die" for e in g2.events))
                return {"act": "choose", "option": {"choice": g2.prompt["items"].index(L["y"])}}
            return None
        settle(g, pick)
        assert asked == [True] and g.cards[L["y"]].wounds == wounds and g.cards[L["x"]].wounds == 0


def test_the_catalogue_says_it_in_both_languages():
    assert "roll a die (targets are chosen after the roll) — 1-3: wound" in ability_text(TABLE, "en")
    assert "бросить кубик" in ability_text(TABLE, "ru")
