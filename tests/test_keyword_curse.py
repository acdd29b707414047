"""curse (03 §4 ``curse``): -1 to every die roll of the card, also when it defends; the marker ``curse`` gives
it too."""
from __future__ import annotations

from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both


def _settle(g):
    """Pass every question until a player holds priority on an empty queue."""
    for _ in range(20):
        if g.prompt and g.prompt["kind"] == "priority" and not g.queue:
            return
        g.apply(g.to_act(), {"act": "pass"})


def _wounds_on_closed(attacker_abilities, die, markers=None):
    a = creature(strike=(1, 2, 3), abilities=attacker_abilities)
    g, L = game([card("a", "c3", 1, override=a, markers=markers or {}), card("t", "c4", 2, closed=True,
                                                                             override=creature(life=9))], dice=[die])
    act(g, L, 1, act="attack", source="a", target="t")
    pass_both(g)
    _settle(g)
    return g.cards[L["t"]].wounds


def test_it_changes_the_lone_die_of_its_simple_strike():
    base = _wounds_on_closed([], 4)
    assert base == 2
    assert _wounds_on_closed([{"kw": "curse"}], 4) == 1


def test_the_marker_gives_it():
    assert _wounds_on_closed([], 4, {"curse": 1}) == 1


def test_it_is_checked_and_said_in_both_languages():
    assert check_ability({"kw": "curse"}) == [] and check_ability({"kw": "curse", "n": 1})
    assert ability_text({"kw": "curse"}, "ru") != ability_text({"kw": "curse"}, "en")
