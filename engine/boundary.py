"""The engine's boundary: what :meth:`engine.game.Game.legal_actions` hands out and the checks an action passes in
:meth:`engine.game.Game.apply` before it is performed (docs/engine-api.md "Actions").

Kept apart from ``engine/game.py`` so that it is compiled (berserk_native.py): the facade there forwards attribute
reads and is not. An action dict becomes a :class:`engine.model.move.Move` once, here (:func:`parse_move`), and is
checked against the one legal-action list (:func:`play`).
"""
from __future__ import annotations

from typing import Any, Final

from engine.errors import EngineError
from engine.model.move import Move
from engine.model.state import GameState
from engine.procedure.actions import canonical, legal_now, perform
from engine.procedure.flow import run
from engine.view import dealias, mask, offered


def legal_actions(s: GameState, player: int) -> list[dict]:
    """Every action ``player`` may apply now, concession included, as copies the caller may change
    (:func:`engine.view.offered` of the cached list); [] once the game is over."""
    if s.result is not None:
        return []
    out = offered(s, player, legal_now(s, player))  # copies: the cached list stays intact
    out.append({"act": "concede"})
    return out


#: The concession every listing ends with, shared by the read-only listings (never changed).
_CONCEDE: Final[dict] = {"act": "concede"}


def legal_listing(s: GameState, player: int) -> list[dict]:
    """:func:`legal_actions` for a caller that only reads it (a server's frames): the same actions in the same
    order, the engine's own dicts kept for this version (never to be changed), in a new outer list."""
    if s.result is not None:
        return []
    return [*mask(s, player, legal_now(s, player)), _CONCEDE]


def parse_move(s: GameState, player: Any, action: Any) -> tuple[Move, dict, bool]:
    """The move of ``player``'s ``action`` (the boundary: aliases of face-down cards resolved, the act and its fields
    checked, names resolved; :func:`engine.procedure.actions.canonical`), its canonical action dict (the move's own
    fields, made once: :meth:`Move.action` would give an equal one) and whether it named face-down cards as allowed
    (an instance id of a card face down to the player is not). Raises EngineError("malformed_action")."""
    if player not in (1, 2):
        raise EngineError("malformed_action", "The player must be 1 or 2.")
    real = dealias(s, player, action)  # "x-<cell>" aliases of cards face down to this player [415]
    act = canonical(s, action if real is None else real)
    return Move.of(player, act), act, real is not None


def apply(s: GameState, player: Any, action: Any) -> list[dict]:
    """:meth:`engine.game.Game.apply`: :func:`parse_move` then :func:`play`; the legal-action list kept for this
    version is dropped whether the action is accepted or not (EngineError as those two raise it)."""
    try:
        move, act, aliased = parse_move(s, player, action)
        return play(s, move, act, aliased)
    finally:
        s._legal_cache = None


def play(s: GameState, move: Move, act: dict, aliased: bool) -> list[dict]:
    """Apply ``move`` (``act``: its canonical dict from :func:`parse_move`) to the state if the rules allow it now
    (the one legal-action list validates); the events it produced. Raises EngineError("game_over" |
    "not_your_turn" | "illegal_action"), the state unchanged."""
    player = move.player
    if s.result is not None:
        raise EngineError("game_over", "The game is over.")
    if move.act == "concede":  # at any time, from the player to act or not [102.3.b]
        s._fresh = []
        s.log.append([player, act])
        s.version += 1
        s.set_result(s.other(player), act.get("reason", "concession"))
        return s._fresh
    if s.to_act() != player:
        raise EngineError("not_your_turn", f"The game is waiting for player {s.to_act()}, not {player}.")
    if not aliased or act not in legal_now(s, player):  # computed once per version (legal_actions)
        raise EngineError("illegal_action", "The rules do not allow that action now.")
    s._fresh = []
    s.log.append([player, mask(s, player, [act])[0]])  # as the player named it: replayable
    s.version += 1
    perform(s, player, act)
    run(s)
    return s._fresh
