"""Targets the effect cannot change are not legal targets [219.2-219.3] (01 §6.4; 03 §2.1): an ability whose one
effect closes a card may not be aimed at a closed card (nor one that opens at an open card); with several effects
every target stays legal. Played through legal_actions and apply."""
from __future__ import annotations

import pytest

from engine.errors import EngineError
from tests.helpers import act, card, creature, game, pass_both

CLOSER = creature(abilities=[{"kw": "action", "kind": "spell", "cost": "tap", "effects": [
    {"kw": "close_target", "target": {"choose": "creature", "side": "enemy"}}]}])
CLOSE_AND_WOUND = creature(abilities=[{"kw": "action", "kind": "spell", "cost": "tap", "effects": [
    {"kw": "close_target", "target": {"choose": "creature", "side": "enemy"}},
    {"kw": "wound", "n": 1, "target": "same_target"}]}])
OPENER = creature(abilities=[{"kw": "action", "cost": "tap", "effects": [
    {"kw": "open_target", "target": {"choose": "creature", "side": "friendly"}}]}])


def _targets(g, L, src):
    return {a.get("target") for a in g.legal_actions(1) if a.get("source") == L[src] and a["act"] == "ability"}


def test_a_spell_that_only_closes_cannot_be_aimed_at_a_closed_creature():
    g, L = game([card("s", "c2", 1, override=CLOSER), card("o", "c5", 2), card("c", "b5", 2, closed=True)])
    assert L["o"] in _targets(g, L, "s") and L["c"] not in _targets(g, L, "s")
    before = g.snapshot()
    with pytest.raises(EngineError):
        act(g, L, 1, act="ability", source="s", ability=0, target="c")
    assert g.snapshot() == before


def test_with_a_second_effect_the_closed_creature_stays_a_legal_target():
    g, L = game([card("s", "c2", 1, override=CLOSE_AND_WOUND), card("c", "b5", 2, closed=True)])
    assert L["c"] in _targets(g, L, "s")
    act(g, L, 1, act="ability", source="s", ability=0, target="c")
    pass_both(g)
    assert g.cards[L["c"]].wounds == 1


def test_an_ability_that_only_opens_cannot_be_aimed_at_an_open_creature():
    g, L = game([card("s", "c2", 1, override=OPENER), card("o", "b2", 1), card("c", "a2", 1, closed=True),
                 card("e", "c5", 2)])
    assert _targets(g, L, "s") == {L["c"], L["s"]}  # the open "o" is not; the source is closed by its cost [S4]


def test_a_trigger_whose_one_effect_closes_an_already_closed_target_lapses():
    goblin_like = creature(strike=(1, 1, 1), abilities=[{"kw": "trigger", "when": "strikes", "attack": ["simple_strike"],
                                                         "roles": ["attacker"], "hit_or_miss": True, "optional": False,
                                                         "effects": [{"kw": "close_target", "target": "attacked"}]}])
    g, L = game([card("a", "c3", 1, override=goblin_like), card("t", "c4", 2, closed=True, override=creature(life=9))])
    act(g, L, 1, act="attack", source="a", target="t")
    pass_both(g)
    assert g.queue == [] and not g.pending[1]
