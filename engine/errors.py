"""Typed engine errors: a stable code and one English sentence. A rejected action changes nothing."""
from __future__ import annotations

from typing import Final


class EngineError(Exception):
    """An action or a setup the engine refuses.

    Attributes: ``code`` (a stable snake_case identifier from :data:`CODES`) and ``message`` (one sentence).
    Raising it never leaves the game changed: actions are validated against ``legal_actions`` before anything
    is mutated.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        """``{"code": str, "message": str}``."""
        return {"code": self.code, "message": self.message}


#: Every code the engine raises, with its meaning (documented in docs/protocol.md too).
CODES: Final = {
    "malformed_action": "The action is not a dict with a known 'act' and well-typed fields.",
    "not_your_turn": "The game is not waiting for this player.",
    "illegal_action": "The action is well formed but the rules do not allow it now.",
    "game_over": "The game has ended; nothing more can be applied.",
    "unknown_card": "A card name or id names no card.",
    "unknown_deck": "A deck name names no starter deck.",
    "invalid_deck": "A deck breaks the deck-construction rules (01-game-and-cards.md §7.1).",
    "invalid_scenario": "A scenario setup cannot be built.",
    "invalid_card": "A card definition does not fit the card schema (engine/cards/schema.py): the sentence names the card, the ability and the field.",
    "invalid_snapshot": "A snapshot cannot be restored.",
}
