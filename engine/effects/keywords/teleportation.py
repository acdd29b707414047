"""Teleportation (телепортация) [g-48]: the named movement ability that relocates the card to any unoccupied cell
of the battlefield. Like every named movement ability it is not sudden, is used only by an open creature without
a subtype that has spent no movement and has not acted this turn, spends all its movement, and counts as movement
(02-battle.md §3 [203.12-203.13]): "moves" triggers fire. The card data writes it ``{"kw": "teleportation"}``
(../shared/cards/README.md §6.5); its cost (all movement, no closing) is filled in here.

The trigger form with ``to`` ("teleports to ...", README §6.5) is not defined yet: its ``to`` vocabulary comes with
the cards that use it.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS
from engine.effects.registry import register_keyword
from engine.model.board import CELLS
from engine.ops import zones
from engine.rules.cells import free
from engine.rules.declarable import held
from engine.model.state import GameState


def options(g: GameState, card, a: dict) -> list[dict]:
    """``{"to": cell}`` for every unoccupied battlefield cell, when the card may teleport now [203.12]: an open
    creature without a subtype on the battlefield that has not acted this turn and is not held in place (its
    unspent movement is checked with the cost, :func:`engine.rules.declarable.can_pay`)."""
    if card.zone != "battlefield" or card.attached_to or card.closed or card.actions or not g.is_creature(card) \
            or g.is_flyer(card) or g.defn(card).get("symbiote") or held(g, card):
        return []
    return [{"to": c} for c in CELLS if free(g, c)]


def execute(g: GameState, e, src, eff) -> None:
    """Relocate to the declared cell if the card is still on the battlefield, the cell still free and the card
    not held in place (RULES.md Q7); it is movement, so "moves" triggers fire [203.12]."""
    zones.move(g, e, src, e.get("to"), how="teleportation")


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words, after its cost."""
    if lang == "en":
        return "teleportation: move to any unoccupied cell (only if it has not moved or acted this turn)"
    return "телепортация: переместиться на любую свободную клетку (если в этом ходу она не двигалась и не действовала)"


TELEPORTATION = register_keyword(Keyword(
    kw="teleportation", places="activated", rule="03 §4 teleportation [g-48]; 02 §3 [203.12-203.13]", text=text,
    fields=dict(ACTIVATED_FIELDS),
    defaults={"cost": {"tap": False, "tokens": 0, "movement": "all"}, "sudden": False, "limit": None},
    handler=execute, options=options))
