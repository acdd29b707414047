"""The view's log (engine/view.py): each event masked for its viewer by the cards face down to that viewer now
[415, SEED S2]; the masked copies are reused between views while nothing that masking reads has changed."""
from __future__ import annotations

from tests.helpers import card, game


def _hidden_foe():
    g, labels = game([card("mine", "c2", 1), card("foe", "c4", 2)])
    g.state.turn_face_down(g.cards[labels["foe"]])
    g.emit("test_event", card=labels["foe"], by=labels["mine"])
    return g, labels


def _last(view) -> dict:
    return [e for e in view["log"] if e["type"] == "test_event"][-1]


def test_an_event_names_a_card_face_down_to_the_viewer_by_its_alias():
    g, labels = _hidden_foe()
    assert _last(g.view(1))["card"] == "x-c4"
    assert _last(g.view(None))["card"] == "x-c4"
    assert _last(g.view(2))["card"] == labels["foe"]


def test_once_the_card_is_revealed_the_same_event_names_it():
    g, labels = _hidden_foe()
    assert _last(g.view(1))["card"] == "x-c4"
    g.cards[labels["foe"]].hidden = False
    assert _last(g.view(1))["card"] == labels["foe"]


def test_a_face_down_card_that_moves_is_named_by_its_new_alias():
    g, labels = _hidden_foe()
    assert _last(g.view(1))["card"] == "x-c4"
    g.cards[labels["foe"]].cell = "c5"
    assert _last(g.view(1))["card"] == "x-c5"


def test_consecutive_views_share_the_events_they_both_show():
    g, labels = _hidden_foe()
    first = _last(g.view(1))
    g.emit("other_event")
    assert _last(g.view(1)) is first


def test_an_event_for_one_player_stays_out_of_the_others_views():
    g, labels = game([card("mine", "c2", 1)])
    g.emit("secret", to=2, card=labels["mine"])
    assert not [e for e in g.view(1)["log"] if e["type"] == "secret"]
    assert not [e for e in g.view(None)["log"] if e["type"] == "secret"]
    assert [e for e in g.view(2)["log"] if e["type"] == "secret"]


def test_a_move_is_in_every_viewers_log_its_cell_is_not_a_recipient():
    g, labels = game([card("mine", "c2", 1)])
    g.emit("moved", card=labels["mine"], frm="c2", to="c3")
    for viewer in (1, 2, None):
        assert [e for e in g.view(viewer)["log"] if e["type"] == "moved" and e["to"] == "c3"], viewer


def test_a_face_down_card_that_moves_shows_in_the_foes_log_under_its_alias():
    g, labels = _hidden_foe()
    g.emit("moved", card=labels["foe"], frm="c4", to="c4")
    seen = [e for e in g.view(1)["log"] if e["type"] == "moved"]
    assert seen and seen[-1]["card"] == "x-c4"


def test_viewers_who_see_a_strike_roll_alike_share_its_copy_with_the_row():
    g, labels = game([card("mine", "c2", 1), card("foe", "c4", 2)])
    g.emit("strike_roll", d=4, attacker_result=0, attacker=labels["mine"], responder=labels["foe"])
    views = g.views([1, 2, None])
    rolls = [[e for e in views[v]["log"] if e["type"] == "strike_roll"][-1] for v in (1, 2, None)]
    assert "row" in rolls[0] and rolls[0] is rolls[1] is rolls[2]


def test_views_projected_together_share_one_log_when_every_viewer_sees_the_same_events():
    g, labels = game([card("mine", "c2", 1), card("foe", "c4", 2)])
    g.emit("moved", card=labels["mine"], frm="c2", to="c3")
    views = g.views([1, 2, None])
    assert views[1]["log"] is views[2]["log"] is views[None]["log"]


def test_a_player_sent_an_event_of_its_own_gets_a_log_of_its_own():
    g, labels = game([card("mine", "c2", 1)])
    g.emit("secret", to=2, card=labels["mine"])
    views = g.views([1, 2, None])
    assert views[2]["log"] is not views[None]["log"] and views[1]["log"] == views[None]["log"]
    assert [e for e in views[2]["log"] if e["type"] == "secret"]


def test_the_controller_of_a_face_down_card_named_in_the_log_keeps_its_own_log():
    g, labels = _hidden_foe()
    views = g.views([1, 2, None])
    assert _last(views[2])["card"] == labels["foe"] and _last(views[None])["card"] == "x-c4"
    assert views[1]["log"] == views[None]["log"]


def test_an_event_for_one_player_keeps_that_players_log_apart_in_later_views():
    g, labels = game([card("mine", "c2", 1)])
    g.emit("secret", to=2, card=labels["mine"])
    g.views([1, 2, None])
    g.emit("other_event")
    views = g.views([1, 2, None])
    assert [e for e in views[2]["log"] if e["type"] == "secret"]
    assert not [e for e in views[None]["log"] if e["type"] == "secret"]


def test_an_event_for_one_player_emitted_after_a_shared_log_gives_that_player_its_own():
    g, labels = game([card("mine", "c2", 1)])
    g.emit("moved", card=labels["mine"], frm="c2", to="c3")
    views = g.views([1, 2, None])
    assert views[1]["log"] is views[None]["log"]
    g.emit("secret", to=1, card=labels["mine"])
    views = g.views([1, 2, None])
    assert [e for e in views[1]["log"] if e["type"] == "secret"]
    assert not [e for e in views[None]["log"] if e["type"] == "secret"]
