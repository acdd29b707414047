"""Drawing ranged attacks (``ranged_taunt``, 03 §3; [g-82]), the keyword defined in
engine/effects/keywords/ranged_taunt.py: enemy cards may aim the listed ranged attacks only at this card while its
condition holds, whatever their range with ``ignores_range``."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import card, creature, game

TAUNT = {"kw": "ranged_taunt", "attacks": ["shot"], "ignores_range": True,
         "condition": [{"p": "count_adjacent", "filter": [{"f": "enemy"}], "at_least": 1}]}
ARCHER = creature(abilities=[normalize_ability({"kw": "shot", "n": 1, "range": 2, "cost": "tap"}),
                             normalize_ability({"kw": "discharge", "n": 1, "range": 2, "cost": "tap"})])


def _aims(g, L, kw_index):
    return {a.get("target") for a in g.legal_actions(2) if a["act"] == "ability" and a["source"] == L["a"]
            and a["ability"] == kw_index}


def test_the_form_checks_against_the_vocabulary():
    assert check_ability(TAUNT) == [] and check_ability(dict(TAUNT, attacks=["arrows"])) != []


def test_while_the_condition_holds_shots_go_only_at_it_whatever_their_range():
    g, L = game([card("t", "a1", 1, override=creature(abilities=[TAUNT])), card("near", "c5", 1),
                 card("e", "a2", 2), card("a", "c6", 2, override=ARCHER)], active=2)
    assert _aims(g, L, 0) == {L["t"]}  # 5 cells away, and only it
    assert L["near"] in _aims(g, L, 1)  # discharges are not drawn


def test_without_the_condition_the_shot_aims_as_usual():
    g, L = game([card("t", "a1", 1, override=creature(abilities=[TAUNT])), card("near", "c5", 1),
                 card("a", "c6", 2, override=ARCHER)], active=2)
    assert L["near"] in _aims(g, L, 0) and L["t"] not in _aims(g, L, 0)


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(TAUNT, "en").startswith("Enemy cards may aim shots only at this card, whatever their range")
    assert ability_text(TAUNT, "ru").startswith("Вражеские карты могут направлять выстрел только на эту карту")
