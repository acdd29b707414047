"""Filters about where the candidate card stands relative to this card (docs/card-vocabulary.md "Filters";
01-game-and-cards.md §5 the battlefield, [g-46] formation)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards.keywords import carries
from engine.cards.words import idx, or_
from engine.model.board import cell_at, in_front, orthogonal, row_of, xy
from engine.rules.adjacency import adjacent_cards
from engine.rules.filters.base import Filter, register
from engine.rules.filters.card import Flag


def formation_chain(g: Any, card: Any) -> list:
    """The other creatures in formation with ``card`` [g-46]: friendly ground creatures on the battlefield that have
    Formation, linked to it through orthogonally adjacent Formation creatures (a chain); sorted by id. A card
    without Formation is in no formation, and a creature without Formation is in none (03 §4 formation: "another
    friendly creature that also has Formation")."""
    def ok(c: Any) -> bool:
        return c.zone == "battlefield" and not c.attached_to and g.is_creature(c) and not g.is_flyer(c) \
            and not c.hidden and c.controller == card.controller

    def has(c: Any) -> bool:
        return carries(g.abilities(c), "forms_formation")
    if not ok(card) or not has(card):
        return []
    seen, todo = {card.id}, [card]
    while todo:
        c = todo.pop()
        for n in orthogonal(c.cell):
            o = g.cards.get(g.board.get(n) or "")
            if o is not None and o.id not in seen and ok(o) and has(o):
                seen.add(o.id)
                todo.append(o)
    return [g.cards[i] for i in sorted(seen - {card.id})]


@dataclass(frozen=True, slots=True)
class Opposite(Flag):
    """``opposite``: stands in the cell directly in front of this card (toward the enemy half)."""

    def words(self) -> tuple[str, str]:
        return ("directly opposite this card", "прямо напротив")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and bool(source.cell) and card.cell == in_front(source.cell, source.controller) \
            and card.zone == "battlefield"


@dataclass(frozen=True, slots=True)
class Adjacent(Flag):
    """``adjacent``: adjacent to this card (engine/rules/adjacency.py)."""

    def words(self) -> tuple[str, str]:
        return ("next to this card", "рядом с этой картой")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and card in adjacent_cards(g, source)


@dataclass(frozen=True, slots=True)
class InRow(Filter):
    """``in_row``: stands in one of ``rows`` counted from its own controller's side (1 = front)."""

    rows: tuple[int, ...] = ()

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.zone == "battlefield" and bool(card.cell) and row_of(card.cell, card.controller) in self.rows

    def text(self, lang: str) -> str:
        rows = or_([str(r) for r in self.rows], lang)
        return f"in its controller's row {rows}" if lang == "en" else f"в {rows}-м ряду своего владельца"


_DIRS = {"left": ("left", "слева"), "right": ("right", "справа")}


@dataclass(frozen=True, slots=True)
class BesideSource(Filter):
    """``beside_source``: stands in the cell directly left/right of this card (``dirs``)."""

    dirs: tuple[str, ...] = ()

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        if card.zone != "battlefield" or not card.cell or source is None or source.zone != "battlefield":
            return False
        (sc, sr), (cc, cr) = xy(source.cell), xy(card.cell)
        return sr == cr and abs(sc - cc) == 1

    def text(self, lang: str) -> str:
        sides = or_([_DIRS[d][idx(lang)] for d in self.dirs], lang)
        return f"standing directly {sides} of this card" if lang == "en" else f"стоящая сразу {sides} от этой карты"


@dataclass(frozen=True, slots=True)
class NoFriendBeside(Filter):
    """``no_friend_beside``: no creature of its own controller stands directly left or right of it."""

    dirs: tuple[str, ...] = ()

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        if card.zone != "battlefield" or not card.cell:
            return False
        c, r = xy(card.cell)
        for dc in (-1, 1):
            n = cell_at(c + dc, r)
            other = g.cards.get(g.board.get(n)) if n else None
            if other is not None and other.controller == card.controller and g.is_creature(other):
                return False
        return True

    def text(self, lang: str) -> str:
        sides = or_([_DIRS[d][idx(lang)] for d in self.dirs], lang)
        return (f"with no creature of its side directly {sides} of it" if lang == "en"
                else f"без своих существ сразу {sides} от неё")


@dataclass(frozen=True, slots=True)
class SameColumn(Flag):
    """``same_column``: stands in this card's column."""

    def words(self) -> tuple[str, str]:
        return ("in this card's column", "в колонке этой карты")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and source.zone == "battlefield" and card.zone == "battlefield" \
            and bool(source.cell) and bool(card.cell) and source.cell[0] == card.cell[0]


@dataclass(frozen=True, slots=True)
class RowMatchesSource(Flag):
    """``row_matches_source``: its row number (from its side) equals this card's (from this card's side)."""

    def words(self) -> tuple[str, str]:
        return ("in its side's row of the same number as this card's row",
               "в ряду своей стороны с тем же номером, что и ряд этой карты")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and source.zone == "battlefield" and card.zone == "battlefield" \
            and bool(card.cell) and row_of(card.cell, card.controller) == row_of(source.cell, source.controller)


@dataclass(frozen=True, slots=True)
class FormationWithSource(Flag):
    """``formation_with_source``: linked to this card in one formation chain [g-46] (Гномий король)."""

    def words(self) -> tuple[str, str]:
        return ("in formation with this card", "в строю с этой картой")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and card in formation_chain(g, source)


def _has_formation(g: Any, card: Any) -> bool:
    """The card has Formation (an ability of a keyword with the named effect ``forms_formation``)."""
    return carries(g.abilities(card), "forms_formation")


@dataclass(frozen=True, slots=True)
class FormationPartner(Flag):
    """``formation_partner``: a friendly Formation creature orthogonally next to this card, which has Formation
    too [g-46]."""

    def words(self) -> tuple[str, str]:
        return ("standing in formation with this card", "стоящая в строю с этой картой")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and source.zone == "battlefield" and card.zone == "battlefield" \
            and card is not source and card.controller == source.controller and g.is_creature(card) \
            and not card.attached_to and not g.defn(card).get("flyer") and not card.hidden \
            and card.cell in orthogonal(source.cell) and _has_formation(g, card) and _has_formation(g, source)


register({"opposite": Opposite, "adjacent": Adjacent, "in_row": InRow, "beside_source": BesideSource,
          "no_friend_beside": NoFriendBeside, "same_column": SameColumn, "row_matches_source": RowMatchesSource,
          "formation_with_source": FormationWithSource, "formation_partner": FormationPartner})
