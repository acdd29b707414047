"""The move (ход): one action of a player as a small immutable value.

A move is made once, at the engine's boundary (:meth:`engine.game.Game.apply`), from the action dict a client sent:
face-down aliases resolved, shortcut acts and ability names resolved, every field checked
(:func:`engine.procedure.actions.canonical`). From then on the engine handles the one value; :meth:`Move.action`
gives the canonical dict the legal-action list and the log hold (docs/engine-api.md "Actions").
"""
from __future__ import annotations

from typing import Any


class Move:
    """``player`` (1 or 2), ``act`` (``pass``, ``move``, ``ability`` ...), ``fields``: the act's other fields in
    canonical order as (name, value) pairs, lists as tuples (so that a move is hashable and never changes). The
    three are read-only properties (assigning one raises AttributeError); equal moves hash alike.

    A plain class, not a frozen dataclass, so that the compiled engine builds it natively (berserk_native.py): a
    dataclass's generated ``__init__`` stays interpreted."""

    def __init__(self, player: int, act: str, fields: tuple[tuple[str, Any], ...] = ()) -> None:
        self._player = player
        self._act = act
        self._fields = fields

    @property
    def player(self) -> int:
        """1 or 2."""
        return self._player

    @property
    def act(self) -> str:
        """The act (``pass``, ``move``, ``ability`` ...)."""
        return self._act

    @property
    def fields(self) -> tuple[tuple[str, Any], ...]:
        """The act's other fields in canonical order, (name, value) pairs, lists as tuples."""
        return self._fields

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._player == other._player and self._act == other._act and self._fields == other._fields

    def __hash__(self) -> int:
        return hash((self._player, self._act, self._fields))

    def __repr__(self) -> str:
        return f"Move(player={self._player!r}, act={self._act!r}, fields={self._fields!r})"

    @classmethod
    def of(cls, player: int, action: dict) -> Move:
        """The move of a canonical action dict (``{"act": ..., field: value}``)."""
        fields: list[tuple[str, Any]] = []
        for k, v in action.items():
            if k != "act":
                fields.append((k, tuple(v) if isinstance(v, list) else v))
        return Move(player, action["act"], tuple(fields))  # built natively (``cls(...)`` is a generic call)

    def action(self) -> dict:
        """The canonical action dict (a new dict, lists as lists)."""
        out: dict[str, Any] = {"act": self.act}
        for k, v in self.fields:
            out[k] = list(v) if isinstance(v, tuple) else v
        return out

    def get(self, name: str, default: Any = None) -> Any:
        """The value of field ``name`` (lists as tuples), or ``default``."""
        for k, v in self.fields:
            if k == name:
                return v
        return default
