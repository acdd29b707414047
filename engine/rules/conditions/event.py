"""Conditions about the triggering event or the executing entry: the move that triggered, the attack's target and
attacker, the event's card, what a prophecy revealed (docs/card-vocabulary.md "Conditions"; 03-abilities.md §1.4
trigger points)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.model.board import distance, half, neighbours
from engine.model.history import ranged_hits
from engine.rules import targets as tg
from engine.rules.conditions.base import Condition, Flag, register
from engine.rules.filters import Filter, passes, phrase


@dataclass(frozen=True, slots=True)
class MovedAcross(Condition):
    """``moved_across``: the move that triggered crossed into the enemy half / back into its own half."""

    to: str = ""

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        frm, to = point.get("frm"), point.get("to")
        if not frm or not to:
            return False
        own = source.controller
        if self.to == "enemy_half":
            return half(frm) == own and half(to) != own
        return half(frm) != own and half(to) == own

    def text(self, lang: str) -> str:
        if self.to == "enemy_half":
            return ("if it moved from your half onto the opponent's half" if lang == "en"
                    else "если она перешла со своей половины поля на половину противника")
        return ("if it moved from the opponent's half back onto yours" if lang == "en"
                else "если она вернулась с половины противника на свою")


@dataclass(frozen=True, slots=True)
class MovedOnto(Condition):
    """``moved_onto``: the move that triggered ended on the enemy half / on its own half (from anywhere)."""

    to: str = ""

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        to = point.get("to")
        return bool(to) and (half(to) != source.controller) == (self.to == "enemy_half")

    def text(self, lang: str) -> str:
        if self.to == "enemy_half":
            return "if it moved onto the opponent's half" if lang == "en" else "если она переместилась на половину противника"
        return "if it moved onto your half" if lang == "en" else "если она переместилась на вашу половину"


@dataclass(frozen=True, slots=True)
class MovedBy(Condition):
    """``moved_by``: the move that triggered was that named movement (Огненный имп: a teleport)."""

    how: str = ""

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return point.get("how") == self.how

    def text(self, lang: str) -> str:
        return "if it teleported" if lang == "en" else "если она телепортировалась"


@dataclass(frozen=True, slots=True)
class MovedFromAdjacent(Flag):
    """``moved_from_adjacent``: the moved card came from a cell next to this card."""

    def words(self) -> tuple[str, str]:
        return ("if it moved away from a cell next to this card",
               "если она ушла с клетки рядом с этой картой")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        frm = point.get("frm")
        return bool(frm) and source.zone == "battlefield" and frm in neighbours(source.cell)


@dataclass(frozen=True, slots=True)
class SteppedOneCell(Flag):
    """``stepped_one_cell``: the move that triggered went to a neighbouring cell (Тови), not a jump."""

    def words(self) -> tuple[str, str]:
        return ("if it moved to a neighbouring cell", "если она перешла на соседнюю клетку")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        frm, to = point.get("frm"), point.get("to")
        return bool(frm and to) and distance(frm, to) == 1


@dataclass(frozen=True, slots=True)
class ArrivedAdjacent(Flag):
    """``arrived_adjacent``: the moved card came from a cell not next to this card onto one next to it."""

    def words(self) -> tuple[str, str]:
        return ("if it arrives next to this card from a cell that was not next to it",
               "если оно оказалось рядом с этой картой, придя с клетки не рядом с ней")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        frm, to = point.get("frm"), point.get("to")
        if not frm or not to or source.zone != "battlefield" or point.get("card") == source.id:
            return False
        near = set(neighbours(source.cell))
        return to in near and frm not in near and frm != source.cell


@dataclass(frozen=True, slots=True)
class EventAttacker(Condition):
    """``event_attacker``: the card whose attack caused the event (a ``hit``'s ``by``), wherever it is now,
    matches ``filter``."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        by = g.cards.get(point.get("by") or "")
        return by is not None and passes(g, source, by, self.filter)

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if the attacker is {f}" if lang == "en" else f"если атакующий — {f}"


@dataclass(frozen=True, slots=True)
class Target(Condition):
    """``target``: the attack's / event's target (``attacked``) matches ``filter``."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        cards = tg.resolve(g, dict(entry, controller=entry.get("controller", source.controller)), source, "attacked")
        return bool(cards) and all(passes(g, source, t, self.filter) for t in cards)

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if the target is {f}" if lang == "en" else f"если цель — {f}"


@dataclass(frozen=True, slots=True)
class EventCard(Condition):
    """``event_card``: the triggering event's card (wherever it is now, a dead one included) matches ``filter``."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        ev = g.cards.get(point.get("card") or "")
        return ev is not None and passes(g, source, ev, self.filter)

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if that creature is {f}" if lang == "en" else f"если то существо — {f}"


@dataclass(frozen=True, slots=True)
class EventCardId(Condition):
    """``event_card_id``: the triggering event is about that very card (a linked recruit: Линнет)."""

    id: str = ""

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return point.get("card") == self.id

    def text(self, lang: str) -> str:
        return "if it is the card it was recruited with" if lang == "en" else "если это карта, с которой её взяли в отряд"


@dataclass(frozen=True, slots=True)
class TargetRangedHits(Condition):
    """``target_ranged_hits``: (an attack's rider) the attacked card was wounded by at least that many other
    shots or throws earlier this turn (Мира)."""

    at_least: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        t = g.cards.get(point.get("card") or "")
        return t is not None and ranged_hits(g, t) - (1 if point.get("n") else 0) >= self.at_least

    def text(self, lang: str) -> str:
        if lang == "en":
            return f"if the target had already been wounded by at least {self.at_least} other shots or throws this turn"
        return (f"если цель уже получила в этот ход раны не меньше чем от {self.at_least} других "
                f"выстрелов или метаний")


@dataclass(frozen=True, slots=True)
class EventStrikeValue(Condition):
    """``event_strike_value``: (a ``strikes`` trigger) the blow had at least that value (Ревнитель Сеггера)."""

    at_least: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return point.get("value", 0) >= self.at_least

    def text(self, lang: str) -> str:
        return (f"if that strike's value was at least {self.at_least}" if lang == "en"
                else f"если сила того удара была не меньше {self.at_least}")


@dataclass(frozen=True, slots=True)
class DiedOfPoison(Flag):
    """``died_of_poison``: (a ``dies`` trigger) the creature died of its own Poisoning's wounds."""

    def words(self) -> tuple[str, str]:
        return ("if it died of its poisoning", "если оно погибло от отравления")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return point.get("type") == "died" and point.get("how") == "poison"


def _revealed(g: Any, entry: dict) -> list:
    return [g.cards[i] for i in entry.get("revealed") or [] if i in g.cards]


@dataclass(frozen=True, slots=True)
class RevealedAll(Condition):
    """``revealed_all``: (inside a prophecy's ``then``) every revealed card matches ``filter`` (and at least one
    was revealed)."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        rev = _revealed(g, entry)
        return bool(rev) and all(passes(g, source, r, self.filter) for r in rev)

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if every revealed card is {f}" if lang == "en" else f"если каждая открытая карта — {f}"


@dataclass(frozen=True, slots=True)
class RevealedCostOdd(Flag):
    """``revealed_cost_odd``: (inside a prophecy's ``then``) the first revealed card has an odd cost."""

    def words(self) -> tuple[str, str]:
        return ("if the revealed card has an odd cost", "если стоимость открытой карты нечётная")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        rev = _revealed(g, entry)
        return bool(rev) and (g.defn(rev[0]).get("cost") or 0) % 2 == 1


@dataclass(frozen=True, slots=True)
class MilledCard(Condition):
    """``milled_card``: the card the executing entry put from the deck into the graveyard (a ``mill_top_card``
    custom; Лилит и Эйдерик) matches ``filter``."""

    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        milled = g.cards.get(entry.get("milled") or "")
        return milled is not None and passes(g, source, milled, self.filter)

    def text(self, lang: str) -> str:
        f = phrase(self.filter, lang)
        return f"if the card put into the graveyard is {f}" if lang == "en" else f"если карта, положенная на кладбище, — {f}"


register({"moved_across": MovedAcross, "moved_onto": MovedOnto, "moved_by": MovedBy,
          "moved_from_adjacent": MovedFromAdjacent, "stepped_one_cell": SteppedOneCell,
          "arrived_adjacent": ArrivedAdjacent, "event_attacker": EventAttacker, "target": Target,
          "event_card": EventCard, "event_card_id": EventCardId, "target_ranged_hits": TargetRangedHits,
          "event_strike_value": EventStrikeValue, "died_of_poison": DiedOfPoison, "revealed_all": RevealedAll,
          "revealed_cost_odd": RevealedCostOdd, "milled_card": MilledCard})
