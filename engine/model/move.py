"""The move (ход): one action of a player as a small immutable value.

A move is made once, at the engine's boundary (:meth:`engine.game.Game.apply`), from the action dict a client sent:
face-down aliases resolved, shortcut acts and ability names resolved, every field checked
(:func:`engine.procedure.actions.canonical`). From then on the engine handles the one value; :meth:`Move.action`
gives the canonical dict the legal-action list and the log hold (docs/engine-api.md "Actions").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Move:
    """``player`` (1 or 2), ``act`` (``pass``, ``move``, ``ability`` ...), ``fields``: the act's other fields in
    canonical order as (name, value) pairs, lists as tuples (so that a move is hashable and never changes)."""

    player: int
    act: str
    fields: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, player: int, action: dict) -> Move:
        """The move of a canonical action dict (``{"act": ..., field: value}``)."""
        return cls(player, action["act"], tuple((k, tuple(v) if isinstance(v, list) else v)
                                                for k, v in action.items() if k != "act"))

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
