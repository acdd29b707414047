"""Filters relative to the triggering event or the executing entry: its card, its cell, the card named at
declaration, the cards a prophecy revealed (docs/card-vocabulary.md "Filters"; 03-abilities.md §3 targets)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.model.board import neighbours, orthogonal
from engine.rules.adjacency import adjacent_cards
from engine.rules.filters.base import register
from engine.rules.filters.card import Flag


@dataclass(frozen=True, slots=True)
class AllyOfEventCard(Flag):
    """``ally_of_event_card``: controlled by the controller of the event's card."""

    def words(self) -> tuple[str, str]:
        return ("of that creature's squad", "из отряда того существа")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        ev = g.cards.get(ctx.get("event_card") or "")
        return ev is not None and card.controller == ev.controller


def _beside_card(g: Any, card: Any, other: Any) -> bool:
    return other is not None and card is not other and g.in_play(other) and card in adjacent_cards(g, other)


@dataclass(frozen=True, slots=True)
class BesideAttacked(Flag):
    """``beside_attacked``: (a ``strikes`` trigger's target) next to the card its attack struck."""

    def words(self) -> tuple[str, str]:
        return ("next to the attacked card", "рядом с атакованной картой")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return _beside_card(g, card, g.cards.get(ctx.get("attacked") or ""))


@dataclass(frozen=True, slots=True)
class BesideEventCard(Flag):
    """``beside_event_card``: next to the triggering event's card."""

    def words(self) -> tuple[str, str]:
        return ("next to that creature", "рядом с тем существом")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return _beside_card(g, card, g.cards.get(ctx.get("event_card") or ""))


@dataclass(frozen=True, slots=True)
class OrthBesideEventCell(Flag):
    """``orth_beside_event_cell``: on a cell orthogonally next to the cell where the event happened."""

    def words(self) -> tuple[str, str]:
        return ("on a cell beside or in line with where it died",
               "на клетке сбоку, спереди или сзади от места его гибели")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.zone == "battlefield" and bool(ctx.get("event_cell")) and card.cell in orthogonal(ctx["event_cell"])


@dataclass(frozen=True, slots=True)
class BesideEventCell(Flag):
    """``beside_event_cell``: next to the cell where the triggering event happened (a death's cell)."""

    def words(self) -> tuple[str, str]:
        return ("next to the cell where it died", "рядом с клеткой, где оно погибло")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.zone == "battlefield" and bool(ctx.get("event_cell")) and card.cell in neighbours(ctx["event_cell"])


@dataclass(frozen=True, slots=True)
class BesideLeftCell(BesideEventCell):
    """``beside_left_cell``: (inside a relocation's ``each`` target) next to the cell the triggering card left."""

    def words(self) -> tuple[str, str]:
        return ("next to the cell it just left", "рядом с только что покинутой клеткой")


@dataclass(frozen=True, slots=True)
class BesideChosen(Flag):
    """``beside_chosen``: (inside an ``each`` target) next to the card named at declaration, not that card."""

    def words(self) -> tuple[str, str]:
        return ("next to the chosen card", "рядом с выбранной картой")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        ch = g.cards.get(ctx.get("chosen") or "")
        return ch is not None and card is not ch and card in adjacent_cards(g, ch)


@dataclass(frozen=True, slots=True)
class WeakAsChosen(Flag):
    """``weak_as_chosen``: (inside an ``each`` target) the same printed weak strike as the card named at
    declaration, not that card."""

    def words(self) -> tuple[str, str]:
        return ("with the chosen card's weak strike", "со слабым ударом, как у выбранной карты")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        ch = g.cards.get(ctx.get("chosen") or "")
        if ch is None or card is ch:
            return False
        return (g.defn(card).get("strike") or [0])[0] == (g.defn(ch).get("strike") or [0])[0]


@dataclass(frozen=True, slots=True)
class CostOfRevealed(Flag):
    """``cost_of_revealed``: (inside a prophecy's ``then``) costs what the first revealed card costs."""

    def words(self) -> tuple[str, str]:
        return ("costing what the revealed card costs", "стоимостью как открытая карта")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        rev = g.cards.get((ctx.get("revealed") or [""])[0])
        return rev is not None and (g.defn(card).get("cost") or 0) == (g.defn(rev).get("cost") or 0)


register({"ally_of_event_card": AllyOfEventCard, "beside_attacked": BesideAttacked,
          "beside_event_card": BesideEventCard, "orth_beside_event_cell": OrthBesideEventCell,
          "beside_event_cell": BesideEventCell, "beside_left_cell": BesideLeftCell, "beside_chosen": BesideChosen,
          "weak_as_chosen": WeakAsChosen, "cost_of_revealed": CostOfRevealed})
