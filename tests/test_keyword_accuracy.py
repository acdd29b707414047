"""accuracy (03 §4 ``accuracy`` [g-50]): no defender may be assigned against its simple strike."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both


def _defender_asked(abilities):
    g, L = game([card("a", "c3", 1, override=creature(abilities=abilities)), card("t", "c4", 2, override=creature(life=9)),
                 card("d", "d4", 2, override=creature(life=9))], dice=[3, 3])
    act(g, L, 1, act="attack", source="a", target="t")
    pass_both(g)
    return g.prompt["kind"] == "defender"


def test_a_defender_is_offered_against_a_plain_strike_and_never_against_an_accurate_one():
    assert _defender_asked([]) and not _defender_asked([{"kw": "accuracy"}])
