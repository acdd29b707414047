"""Incorporeal creatures sharing a cell (Бестелесность [g-03], 03 §4 ``incorporeal``).

An incorporeal creature may move into an occupied cell. The card that held the cell keeps it in ``g.board``; the
incorporeal one stands on the same ``cell`` (zone ``battlefield``, no ``attached_to``) without a board entry: it
*shares* the cell. When the holder leaves, a sharer takes the board entry (:func:`engine.ops.damage.take_over`).
While sharing a cell it dies when its controller takes any game action except passing, declaring this creature's
movement or declaring triggered abilities (:func:`after_action`), and when the turn passes (:func:`at_turn_end`)."""
from __future__ import annotations

from engine.ops import damage
from engine.model.state import Card, GameState


def sharing(g: GameState, card: Card) -> bool:
    """True when ``card`` stands on a battlefield cell that another card holds."""
    return (card.zone == "battlefield" and not card.attached_to and bool(card.cell)
            and g.board.get(card.cell) not in (None, card.id))


def sharers(g: GameState, cell: str | None = None) -> list:
    """The cards sharing a cell (``cell``: only that one), in card-id order (every one is in the play zone, so
    most calls look no further)."""
    if not any(sharing(g, c) for c in g.play_cards()):
        return []
    return [c for c in g.cards.values() if (cell is None or c.cell == cell) and sharing(g, c)]


def _dies(g: GameState, card) -> None:
    """``card`` dies by its own Incorporeality's rule (no killer) [g-03]."""
    damage.destroy(g, card, by=card, kind="incorporeal")


def after_action(g: GameState, p: int, act: dict) -> None:
    """Player ``p`` has declared ``act`` with priority: each of ``p``'s sharing creatures dies, unless ``act`` is
    this creature's movement [g-03]."""
    for c in sharers(g):
        if c.controller == p and not (act.get("act") == "move" and act.get("source") == c.id):
            _dies(g, c)


def at_turn_end(g: GameState) -> None:
    """The turn passes: every sharing creature dies [g-03]."""
    for c in sharers(g):
        _dies(g, c)
