"""The game: one object holding the whole state, with the engine's public API.

API (docs/engine-api.md): :meth:`Game.new`, :meth:`Game.from_scenario`, :meth:`Game.legal_actions`,
:meth:`Game.apply`, :meth:`Game.to_act`, :meth:`Game.view`, :meth:`Game.snapshot`, :meth:`Game.restore`,
:meth:`Game.replay`, :meth:`Game.determinize`, :meth:`Game.copy`. The state and its reads live in
:class:`engine.model.state.GameState`; the state machine in
:mod:`engine.procedure.flow` (RULES.md Q5), legal actions and declarations in :mod:`engine.procedure.actions`,
execution in :mod:`engine.procedure.execute`, the projection in :mod:`engine.view` (docs/architecture.md).
"""
from __future__ import annotations

from typing import Any, Iterable

from engine.boundary import apply, legal_actions, legal_listing
from engine.cards.decks import validate_deck
from engine.cards.pool import require_card, resolve_id
from engine.determinize import copy_state, from_view
from engine.model.rng import Rng
from engine.model.state import GameState
from engine.procedure import prelim
from engine.procedure.flow import run
from engine.scenario_setup import build
from engine.view import project, project_log, project_many


class Game:
    """A game of Berserk between players 1 and 2: the engine's public API (see the module docstring).

    The game holds its :class:`GameState` (``state``) and passes it to the rules; it adds the boundary: an action
    dict becomes a :class:`engine.model.move.Move` once, at the boundary (engine/boundary.py, compiled), and is
    checked against the one legal-action list.
    The state's fields and reads (``cards``, ``prompt``, ``life(card)`` ...) are readable (and, for tests and
    tools, writable) through the game itself; engine code takes ``state``. Not compiled (berserk_native.py): a thin
    layer whose attribute forwarding a compiled class that tests subclass cannot have.
    """

    __slots__ = ("state",)

    def __init__(self, state: GameState | None = None) -> None:
        object.__setattr__(self, "state", state if state is not None else GameState())

    def __getattr__(self, name: str) -> Any:
        if name == "state":  # not set yet (a half-built object): no forwarding loop
            raise AttributeError(name)
        return getattr(self.state, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "state":
            object.__setattr__(self, name, value)
        else:
            setattr(self.state, name, value)

    @classmethod
    def new(cls, seed: int, deck1: list[str], deck2: list[str], *, deal_size: int = 15,
            validate: bool = True) -> "Game":
        """A new game from a seed and two decks (lists of pool card ids), at the preliminary phase's deal step.

        Decks are validated (01-game-and-cards.md §7.1) unless ``validate`` is false, shuffled with the seeded RNG
        [101.2], and only then given instance ids, so an id says nothing about its card. Raises
        EngineError("invalid_deck" | "unknown_card").
        """
        if validate:
            validate_deck(deck1)
            validate_deck(deck2)
        s = GameState()
        s.seed = int(seed)
        s.rng = Rng(s.seed)
        s.options["deal_size"] = deal_size
        for p, deck in ((1, deck1), (2, deck2)):
            ids = [resolve_id(c) or c for c in deck]
            for cid in ids:
                require_card(cid)  # raises unknown_card
            s.rng.shuffle(ids)
            for cid in ids:
                s.decks[p].append(s.new_card(cid, p, "deck").id)
        prelim.start(s)
        run(s)
        return cls(s)

    @classmethod
    def from_scenario(cls, doc: dict, *, seeded_dice: bool = False) -> tuple["Game", dict[str, str]]:
        """A game set up from a scenario document (../shared/scenarios/FORMAT.md); returns (game, label -> id).
        ``seeded_dice``: after the listed dice the seed rolls (a game played on from a fixed position) instead of
        refusing to roll.

        Raises EngineError("invalid_scenario" | "unknown_card").
        """
        s, labels = build(GameState(), doc, seeded_dice=seeded_dice)
        return cls(s), labels

    @classmethod
    def restore(cls, data: bytes) -> "Game":
        """A game from :meth:`snapshot` bytes. Raises EngineError("invalid_snapshot")."""
        return cls(GameState.restore(data))

    @property
    def result(self) -> Any:
        """None while the game goes on, else ``{"winner": 1 | 2 | "draw", "reason": str}``."""
        return self.state.result

    @property
    def version(self) -> int:
        """The number of actions applied so far."""
        return self.state.version

    @property
    def log(self) -> Any:
        """Every applied ``[player, action]`` in order (a read-only, packed sequence: engine/model/action_log.py)."""
        return self.state.log

    @property
    def turn(self) -> int:
        """The turn number (0 in the preliminary phase)."""
        return self.state.turn

    @property
    def active(self) -> int | None:
        """The player whose turn it is (1 or 2)."""
        return self.state.active

    def to_act(self) -> int | None:
        """The player the game waits for now (1 or 2), or None once it is over."""
        return self.state.to_act()

    def set_result(self, winner: Any, reason: str) -> None:
        """End the game from outside the rules (a bot's or a benchmark's action cap): ``winner`` 1, 2 or
        ``"draw"`` (01-game-and-cards.md §1.2)."""
        self.state.set_result(winner, reason)

    def snapshot(self) -> bytes:
        """Canonical bytes of the whole state; :meth:`restore` of them gives an equal game, byte for byte."""
        return self.state.snapshot()

    @classmethod
    def determinize(cls, view: dict, sample: dict, seed: int) -> "Game":
        """A game built from player ``view["viewer"]``'s view plus ``sample``, a guess at what that view hides
        (``{"hidden": {alias: pool id}, "decks": {p: [pool id]}, "deals"/"recruits": {p: [pool id]}}``), for a
        searching bot; dice from ``seed``. Reads nothing but its arguments (engine/determinize.py: what it keeps,
        what it rebuilds with defaults). Raises EngineError("not_determinizable") for a view not at a free
        priority moment of a turn or a sample of the wrong size, EngineError("unknown_card")."""
        s = from_view(GameState(), view, sample, seed)
        s.version = 0
        return cls(s)

    def copy(self) -> "Game":
        """A deep copy for a search to play on: the same state and dice to come, an empty :attr:`log` (the
        version is kept), no recent events. Cheaper than :meth:`snapshot` + :meth:`restore`."""
        return type(self)(copy_state(self.state, GameState()))

    def legal_actions(self, player: int) -> list[dict]:
        """Every action ``player`` may apply now (canonical dicts; docs/engine-api.md). [] when not asked.

        The same code validates :meth:`apply`'s input, so the client never sees an action the engine refuses.
        """
        return legal_actions(self.state, player)

    def legal_listing(self, player: int) -> list[dict]:
        """:meth:`legal_actions` for a caller that only reads it (a server's frames): the same actions in the same
        order, without the copies: the dicts are the engine's own, kept for this version, so they must not be
        changed. A new outer list each call."""
        return legal_listing(self.state, player)

    def apply(self, player: Any, action: Any) -> list[dict]:
        """Apply one action for ``player`` and return the events it produced.

        Cards face down to ``player`` are named by their alias ``"x-<cell>"`` (as in :meth:`legal_actions` and the
        view); naming such a card by its instance id is illegal. Raises EngineError with code ``malformed_action``,
        ``game_over``, ``not_your_turn`` or ``illegal_action``; the state is then unchanged, byte for byte (also for
        a ``player`` other than 1 or 2 and an ``action`` that is no action dict: ``malformed_action``, hence their
        ``Any`` annotations). Dice are rolled from the seeded RNG (RULES.md S4/Q5 for the flow). An accepted action
        is appended to :attr:`log` and bumps :attr:`version`.

        The list :meth:`legal_actions` last computed for this state is reused to validate (it is not recomputed);
        every ``apply``, accepted or not, drops it.
        """
        return apply(self.state, player, action)

    def view(self, viewer: int | None) -> dict:
        """The JSON-like view for player 1, 2 or a spectator (None): the only reader of hidden zones."""
        return project(self.state, viewer)

    def log_view(self, viewer: int | None) -> dict:
        """Only the ``turn`` and ``log`` fields of :meth:`view` for ``viewer`` (same values, much cheaper):
        ``{"turn": n, "log": [event...]}``."""
        return project_log(self.state, viewer)

    def views(self, viewers) -> dict:
        """viewer -> :meth:`view` for each of ``viewers`` (1, 2, None), projected together: a card several of them
        see face up is one shared dict (read-only for callers, like every view)."""
        return project_many(self.state, viewers)

    @classmethod
    def replay(cls, seed: int, deck1: list[str], deck2: list[str], log: Iterable, *, deal_size: int = 15,
               validate: bool = True) -> "Game":
        """The game from ``seed`` and decks (and :meth:`new`'s options) with every ``[player, action]`` of ``log``
        (a list, or another game's packed :attr:`log`) applied in order."""
        g = cls.new(seed, deck1, deck2, deal_size=deal_size, validate=validate)
        for player, action in log:
            g.apply(player, action)
        return g
