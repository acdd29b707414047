"""Conditions about where this card stands and who stands around it (docs/card-vocabulary.md "Conditions";
01-game-and-cards.md §5 the battlefield, [g-46] formation)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards.words import or_
from engine.model.board import CELLS, row_of
from engine.rules.adjacency import adjacent_cards
from engine.rules.conditions.base import Condition, Flag, register
from engine.rules.filters import Filter, passes, phrase
from engine.rules.formation import formation_group, in_formation


@dataclass(frozen=True, slots=True)
class InRow(Condition):
    """``in_row``: this card stands in one of ``rows`` of its controller's half (1 = front)."""

    rows: tuple[int, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return source.zone == "battlefield" and row_of(source.cell, source.controller) in self.rows

    def text(self, lang: str) -> str:
        rows = or_([str(r) for r in self.rows], lang)
        return f"while it stands in your row {rows}" if lang == "en" else f"пока она стоит в вашем {rows}-м ряду"


@dataclass(frozen=True, slots=True)
class InColumn(Condition):
    """``in_column``: this card stands in one of ``columns`` (absolute a..e; ``c`` = middle)."""

    columns: tuple[str, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return source.zone == "battlefield" and bool(source.cell) and source.cell[0] in self.columns

    def text(self, lang: str) -> str:
        en = lang == "en"
        if self.columns == ("c",):
            return "while it stands in the middle column" if en else "пока она стоит в центральной колонке"
        if sorted(self.columns) == ["a", "e"]:
            return "while it stands in an edge column" if en else "пока она стоит в крайней колонке"
        return ("while it stands in column " if en else "пока она стоит в колонке ") + or_(list(self.columns), lang)


@dataclass(frozen=True, slots=True)
class AdjacentTo(Condition):
    """``adjacent_to``: a card matching ``filter`` is adjacent to this card."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return any(passes(g, source, o, self.filter) for o in adjacent_cards(g, source))

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if it is next to a card ({f})" if lang == "en" else f"если рядом с ней карта ({f})"


@dataclass(frozen=True, slots=True)
class FormationWith(Condition):
    """``formation_with``: in formation with a card matching ``filter`` [g-46]."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return in_formation(g, source, self.filter or None)

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"in formation with a card ({f})" if lang == "en" else f"в строю с картой ({f})"


@dataclass(frozen=True, slots=True)
class FormationSize(Condition):
    """``formation_size``: its formation holds at least ``at_least`` creatures besides it (Страж чертогов)."""

    at_least: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return len(formation_group(g, source)) >= self.at_least

    def text(self, lang: str) -> str:
        n = self.at_least
        return f"in formation with at least {n} creatures" if lang == "en" else f"в строю не меньше чем с {n} существами"


@dataclass(frozen=True, slots=True)
class OpponentRowEmpty(Condition):
    """``opponent_row_empty``: the opponent has no card (face down ones included) on his row ``row`` (Скелос)."""

    row: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        foe = g.other(source.controller)
        return not any(g.cards[cid].controller == foe and row_of(cell, foe) == self.row
                       for cell, cid in g.board.items())

    def text(self, lang: str) -> str:
        r = self.row
        return (f"while the opponent has no cards in his row {r}" if lang == "en"
                else f"пока у противника нет карт в его {r}-м ряду")


@dataclass(frozen=True, slots=True)
class FriendlyInPlay(Condition):
    """``friendly_in_play``: another creature of its controller in play matches ``filter``."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return any(o is not source and o.controller == source.controller and g.is_creature(o)
                   and passes(g, source, o, self.filter) for o in g.play_cards())

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if you have a creature ({f})" if lang == "en" else f"если у вас есть существо ({f})"


@dataclass(frozen=True, slots=True)
class FriendlyInEveryRow(Flag):
    """``friendly_in_every_row``: each of the six rows holds a creature of its controller."""

    def words(self) -> tuple[str, str]:
        return ("while every row of the battlefield holds a creature of yours",
               "пока в каждом ряду поля боя есть ваше существо")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        rows = {cell[1:] for cell in CELLS}
        mine = {g.cards[cid].cell[1:] for cid in g.board.values()
                if g.cards[cid].controller == source.controller and g.is_creature(g.cards[cid])}
        return rows <= mine


def _near(g: Any, source: Any) -> list:
    return [o for o in adjacent_cards(g, source) if g.is_creature(o) and not o.hidden]


@dataclass(frozen=True, slots=True)
class CountAdjacent(Condition):
    """``count_adjacent``: at least ``at_least`` open-faced creatures matching ``filter`` stand next to it."""

    filter: tuple[Filter, ...] = ()
    at_least: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return sum(1 for o in _near(g, source) if passes(g, source, o, self.filter)) >= self.at_least

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return (f"while at least {self.at_least} creatures ({f}) stand next to it" if lang == "en"
                else f"пока рядом с ней не меньше {self.at_least} существ ({f})")


@dataclass(frozen=True, slots=True)
class MoreFriendsAdjacent(Flag):
    """``more_friends_adjacent``: more of its controller's creatures than enemy creatures stand next to it."""

    def words(self) -> tuple[str, str]:
        return ("while more of your creatures than enemy creatures stand next to it",
               "пока рядом с ней ваших существ больше, чем вражеских")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        near = _near(g, source)
        friends = sum(1 for o in near if o.controller == source.controller)
        return friends > len(near) - friends


@dataclass(frozen=True, slots=True)
class AdjacentClasses(Condition):
    """``adjacent_classes``: the creatures next to it (either side) have at least that many different classes."""

    at_least: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        classes = {k for o in _near(g, source) for k in (g.defn(o).get("classes") or [])}
        return len(classes) >= self.at_least

    def text(self, lang: str) -> str:
        return (f"while creatures of at least {self.at_least} different classes stand next to it" if lang == "en"
                else f"пока рядом с ней существа не меньше чем {self.at_least} разных классов")


register({"in_row": InRow, "in_column": InColumn, "adjacent_to": AdjacentTo, "formation_with": FormationWith,
          "formation_size": FormationSize, "opponent_row_empty": OpponentRowEmpty,
          "friendly_in_play": FriendlyInPlay, "friendly_in_every_row": FriendlyInEveryRow,
          "count_adjacent": CountAdjacent, "more_friends_adjacent": MoreFriendsAdjacent,
          "adjacent_classes": AdjacentClasses})
