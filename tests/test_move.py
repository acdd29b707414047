"""The game's boundary: Game holds its GameState, and an action becomes a Move (a small immutable value) once, when
it is applied (engine/game.py, engine/model/move.py)."""
import pytest

from engine import EngineError, Game, starter_decks
from engine.boundary import parse_move
from engine.model.move import Move
from engine.model.state import GameState


def _game() -> Game:
    decks = sorted(starter_decks().values())
    return Game.new(3, decks[0], decks[1])


def test_the_game_holds_its_state_instead_of_being_one():
    g = _game()
    assert not isinstance(g, GameState) and isinstance(g.state, GameState)
    assert g.cards is g.state.cards and g.version == g.state.version


def test_a_move_is_an_immutable_hashable_value_that_gives_back_its_canonical_action():
    m = Move.of(1, {"act": "order", "items": ["k1", "k2"]})
    assert m.get("items") == ("k1", "k2") and m.action() == {"act": "order", "items": ["k1", "k2"]}
    assert hash(m) == hash(Move.of(1, {"act": "order", "items": ["k1", "k2"]}))
    with pytest.raises(AttributeError):
        m.act = "pass"  # type: ignore[misc]


def test_every_legal_action_parses_to_a_move_of_the_same_canonical_action():
    g = _game()
    p = g.to_act()
    for a in g.legal_actions(p):
        move, act, _ = parse_move(g.state, p, a)
        assert move.player == p and move.action() == a == act


def test_a_malformed_action_is_refused_at_the_boundary_and_changes_nothing():
    g = _game()
    before = g.snapshot()
    with pytest.raises(EngineError) as e:
        g.apply(g.to_act(), {"act": "move", "to": 5})
    assert e.value.code == "malformed_action" and g.snapshot() == before


def test_restore_gives_a_game_holding_an_equal_state():
    g = _game()
    r = Game.restore(g.snapshot())
    assert isinstance(r, Game) and r.snapshot() == g.snapshot()
