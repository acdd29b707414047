"""Victory, defeat and draw (01-game-and-cards.md §1.2 [102, 421.2])."""
from __future__ import annotations

from engine import EngineError
from tests.helpers import act, card, creature, game, pass_both

import pytest


def test_102_3_a_a_player_without_creatures_loses_when_the_queue_empties():
    g, lb = game([card("a", "c3", 1, override=creature(strike=(5, 5, 5))),
                  card("t", "c4", 2, override=creature(life=2), closed=True), card("p1_spare", "e1", 1)],
                 dice=[1], spare=False)
    act(g, lb, 1, act="attack", source="a", target="t")
    pass_both(g)
    assert g.result == {"winner": 1, "reason": "no_creatures"} and g.to_act() is None


def test_102_3_a_artifacts_do_not_keep_a_player_in_the_game():
    g, lb = game([card("a", "c3", 1), card("art", "c5", 2, override=creature(kind="artifact"))], spare=False)
    assert g.result == {"winner": 1, "reason": "no_creatures"}


def test_102_3_a_a_flyer_in_the_aux_zone_keeps_its_player_in_the_game():
    g, lb = game([card("a", "c3", 1), card("f", None, 2, zone="aux", override=creature(flyer=True))], spare=False)
    assert g.result is None


def test_102_4_both_without_creatures_at_the_same_moment_is_a_draw():
    g, lb = game([card("a", "c3", 1, override=creature(life=1, strike=(5, 5, 5))),
                  card("t", "c4", 2, override=creature(life=1, strike=(5, 5, 5)))], dice=[5, 3], spare=False)
    act(g, lb, 1, act="attack", source="a", target="t")
    pass_both(g)
    g.apply(1, {"act": "choose", "option": "keep"})  # +2: both deal a blow at the same moment
    assert g.result == {"winner": "draw", "reason": "no_creatures"}


def test_102_3_b_concession_at_any_time_even_when_not_asked():
    g, lb = game([card("a", "c3", 1)])
    assert g.to_act() == 1
    g.apply(2, {"act": "concede"})
    assert g.result == {"winner": 1, "reason": "concession"}
    with pytest.raises(EngineError) as e:
        g.apply(1, {"act": "pass"})
    assert e.value.code == "game_over"


def test_102_3_a_not_checked_in_the_preliminary_phase():
    from tests.prelim_util import prelim_game
    g, _ = prelim_game([("a", {})], [("b", {})])
    assert g.result is None and g.phase == "deal"


def test_102_3_a_loss_on_time_is_recorded_with_its_reason_and_replays():
    from engine import Game, load_deck
    from tests.selfplay_util import DECKS
    d1, d2 = load_deck(DECKS[0]), load_deck(DECKS[1])
    g = Game.new(5, d1, d2)
    g.apply(2, {"act": "concede", "reason": "time"})
    assert g.result == {"winner": 1, "reason": "time"}
    assert Game.replay(5, d1, d2, g.log).result == g.result


def test_102_3_b_a_concession_with_an_unknown_reason_is_malformed():
    import pytest
    from engine import EngineError
    from tests.selfplay_util import new_game
    g = new_game(5)
    with pytest.raises(EngineError) as e:
        g.apply(1, {"act": "concede", "reason": "bored"})
    assert e.value.code == "malformed_action" and g.result is None
