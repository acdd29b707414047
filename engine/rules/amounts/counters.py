"""The counters an amount may count (``amount.per``; docs/card-vocabulary.md "Counters"), one frozen class each
with its count and its Russian and English text."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.model.board import cell_at, in_front, xy
from engine.model.history import steps, struck
from engine.model.history import wounds as wounds_this_turn
from engine.rules.adjacency import adjacent_cards
from engine.rules.amounts.base import Counter, register
from engine.rules.filters import Filter, parse_filters, passes

_Fs = tuple[Filter, ...]


def _strike(g: Any, card: Any, level: int) -> int:
    """``card``'s printed strike of strength ``level`` (0 weak .. 2 strong)."""
    return (g.defn(card).get("strike") or [0, 0, 0])[level]


@dataclass(frozen=True, slots=True)
class TokensPaid(Counter):
    """``tokens_paid``: tokens removed by this declaration."""

    def words(self) -> tuple[str, str]:
        return ("the number of tokens paid", "число потраченных фишек")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return entry.get("paid_tokens") or 0


@dataclass(frozen=True, slots=True)
class TokensAtDeclaration(Counter):
    """``tokens_at_declaration``: tokens on it when declared, before paying."""

    def words(self) -> tuple[str, str]:
        return ("the number of tokens on it when declared", "число фишек на ней при заявке")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return entry.get("tokens_at_declaration") or 0


@dataclass(frozen=True, slots=True)
class WoundsOnSelf(Counter):
    """``wounds_on_self``: the wounds on this card."""

    def words(self) -> tuple[str, str]:
        return ("the number of wounds on it", "число ран на ней")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return source.wounds if source is not None else 0


@dataclass(frozen=True, slots=True)
class BehindAttackedWeak(Counter):
    """``behind_attacked_weak``: the printed weak strike of the card directly behind the struck card, on its side
    (Тич); 0 if none."""

    def words(self) -> tuple[str, str]:
        return ("the weak strike of the card standing behind the attacked one",
               "слабый удар карты, стоящей за атакованной")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        hit = g.cards.get(point.get("target") or "")
        behind = None
        if hit is not None and hit.zone == "battlefield" and hit.cell:
            (c, r) = xy(hit.cell)
            cell = cell_at(c, r + (-1 if hit.controller == 1 else 1))
            behind = g.cards.get(g.board.get(cell or "") or "")
        return (g.defn(behind).get("strike") or [0])[0] if behind is not None else 0


@dataclass(frozen=True, slots=True)
class OwnStrikeSameLevel(Counter):
    """``own_strike_same_level``: (an attack's bonus) its holder's printed simple strike of the strength rolled."""

    def words(self) -> tuple[str, str]:
        return ("its own simple strike of the same strength",
               "её собственный простой удар той же силы")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return _strike(g, source, level or 0) if source is not None else 0


@dataclass(frozen=True, slots=True)
class EventHeal(Counter):
    """``event_heal``: the heal a heal replacement replaced (Вожак сатиров)."""

    def words(self) -> tuple[str, str]:
        return ("the amount it was to be healed", "на сколько её должны были излечить")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return point.get("n", 0)


@dataclass(frozen=True, slots=True)
class EventWounds(EventHeal):
    """``event_wounds``: the wounds just received in the triggering event."""

    def words(self) -> tuple[str, str]:
        return ("the wounds that creature has just received", "только что полученные им раны")


@dataclass(frozen=True, slots=True)
class OppositeStrikeMedium(Counter):
    """``opposite_strike_medium``: the medium printed strike of the creature directly opposite; 0 if none."""

    def words(self) -> tuple[str, str]:
        return ("the medium strike value of the creature directly opposite",
               "средний удар существа прямо напротив")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        opp = g.board.get(in_front(source.cell, source.controller) or "") if source and source.cell else None
        return _strike(g, g.cards[opp], 1) if opp else 0


@dataclass(frozen=True, slots=True)
class FriendlyCreatures(Counter):
    """``friendly_creatures``: creatures of its controller in play matching the amount's ``filter``."""

    def words(self) -> tuple[str, str]:
        return ("the number of your creatures in play", "число ваших существ в игре")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return sum(1 for c in g.play_cards() if source is not None and c.controller == source.controller
                   and g.is_creature(c) and not c.hidden and passes(g, source, c, fs))


_BESIDE = parse_filters([{"f": "beside_source", "dirs": ["left", "right"]}])


@dataclass(frozen=True, slots=True)
class BesideWeakSum(Counter):
    """``beside_weak_sum``: the weak printed strikes of its own creatures directly left and right of it."""

    def words(self) -> tuple[str, str]:
        return ("the sum of the weak strikes of your creatures directly left and right of it",
               "сумма слабых ударов ваших существ сразу слева и справа от неё")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return sum((g.defn(c).get("strike") or [0])[0] for c in g.play_cards()
                   if source is not None and c.controller == source.controller and g.is_creature(c)
                   and passes(g, source, c, _BESIDE))


@dataclass(frozen=True, slots=True)
class TargetStrikeSameLevel(Counter):
    """``target_strike_same_level``: (a strike modifier) the attacked creature's printed strike of the strength
    being dealt."""

    def words(self) -> tuple[str, str]:
        return ("the attacked creature's printed strike of the same strength",
               "напечатанный удар атакованного существа той же силы")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return _strike(g, target, level or 0) if target is not None else 0


@dataclass(frozen=True, slots=True)
class TargetStayed(Counter):
    """``target_stayed``: 1 when the target spent no movement in its controller's current or last turn."""

    def words(self) -> tuple[str, str]:
        return ("1 if that creature spent no movement in its last turn, else 0",
               "1, если то существо не перемещалось в свой последний ход, иначе 0")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return 0 if target is None or target.markers.get("movement") else 1


@dataclass(frozen=True, slots=True)
class TargetPoison(Counter):
    """``target_poison``: the Poisoning the target has now."""

    def words(self) -> tuple[str, str]:
        return ("the poisoning the target already has", "отравление, которое уже есть у цели")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return target.markers.get("poison", 0) if target is not None else 0


@dataclass(frozen=True, slots=True)
class EventPoison(Counter):
    """``event_poison``: the Poisoning the triggering event's dead creature had."""

    def words(self) -> tuple[str, str]:
        return ("the poisoning the dead creature had", "отравление погибшего существа")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return point.get("poison", 0)


@dataclass(frozen=True, slots=True)
class WoundsThisTurn(Counter):
    """``wounds_this_turn``: the wounds the target received during the current turn (Хронос)."""

    def words(self) -> tuple[str, str]:
        return ("the wounds it received this turn", "раны, полученные им в этот ход")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return wounds_this_turn(g, target) if target is not None else 0


@dataclass(frozen=True, slots=True)
class StepsThisTurn(Counter):
    """``steps_this_turn``: the cells this card moved by its own steps this turn (Килсус)."""

    def words(self) -> tuple[str, str]:
        return ("the cells it moved this turn",
               "число клеток, на которые она переместилась в этот ход")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return len(steps(g, source)) if source is not None else 0


@dataclass(frozen=True, slots=True)
class FriendlyAboveStartingLife(Counter):
    """``friendly_above_starting_life``: its controller's cards in play whose current life exceeds their printed
    life."""

    def words(self) -> tuple[str, str]:
        return ("the number of your cards whose current life is above their printed life",
               "число ваших карт, у которых текущих жизней больше напечатанных")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return sum(1 for c in g.play_cards() if source is not None and c.controller == source.controller
                   and not c.hidden and g.life(c) - c.wounds > (g.defn(c).get("life") or 0))


def _first_revealed(g: Any, entry: dict) -> Any:
    return g.cards.get((entry.get("revealed") or [""])[0])


@dataclass(frozen=True, slots=True)
class RevealedCost(Counter):
    """``revealed_cost``: (inside a prophecy's ``then``) the cost of the first revealed card."""

    def words(self) -> tuple[str, str]:
        return ("the cost of the revealed card", "стоимость открытой карты")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        rev = _first_revealed(g, entry)
        return 0 if rev is None else g.defn(rev).get("cost") or 0


@dataclass(frozen=True, slots=True)
class RevealedNameInPlay(Counter):
    """``revealed_name_in_play``: 1 when a card of the first revealed card's name is in play, else 0."""

    def words(self) -> tuple[str, str]:
        return ("1 if a card with the revealed card's name is in play, else 0",
               "1, если в игре есть карта с именем открытой карты, иначе 0")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        rev = _first_revealed(g, entry)
        if rev is None:
            return 0
        name = g.defn(rev).get("name_ru")
        return int(any(g.defn(c).get("name_ru") == name for c in g.play_cards() if not c.hidden))


@dataclass(frozen=True, slots=True)
class StruckOrAdjacentEnemies(Counter):
    """``struck_or_adjacent_enemies``: the different cards it struck this turn plus the enemy creatures next to it
    not yet struck (Гидра's strikes per turn)."""

    def words(self) -> tuple[str, str]:
        return ("one strike at each enemy creature next to it",
               "по одному удару по каждому соседнему вражескому существу")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        done = struck(g, source) if source is not None else []
        near = [c.id for c in adjacent_cards(g, source) if c.controller != source.controller and g.is_creature(c)
                and c.id not in done] if source is not None and source.zone == "battlefield" else []
        return len(set(done)) + len(near)


@dataclass(frozen=True, slots=True)
class TokensOnSelf(Counter):
    """``tokens_on_self``: the tokens on this card now (a static bonus: Камнедрев)."""

    def words(self) -> tuple[str, str]:
        return ("the number of tokens on it", "число фишек на ней")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return source.tokens if source is not None else 0


@dataclass(frozen=True, slots=True)
class XDeclared(Counter):
    """``x_declared``: the X stated at declaration."""

    def words(self) -> tuple[str, str]:
        return ("the X chosen", "выбранное X")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return entry.get("x") or 0


@dataclass(frozen=True, slots=True)
class TargetCurrentLife(Counter):
    """``target_current_life``: the target's life + additional life - wounds [204.6]."""

    def words(self) -> tuple[str, str]:
        return ("the attacked creature's current life", "текущие жизни атакованного существа")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return g.life(target) - target.wounds if target is not None else 0


@dataclass(frozen=True, slots=True)
class PoisonedAdjacentToTarget(Counter):
    """``poisoned_adjacent_to_target``: the poisoned cards next to the target."""

    def words(self) -> tuple[str, str]:
        return ("the number of poisoned creatures next to the target",
               "число отравленных существ рядом с целью")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None, fs: _Fs) -> int:
        return sum(1 for c in adjacent_cards(g, target) if c.markers.get("poison")) if target is not None else 0


register({"tokens_paid": TokensPaid(), "tokens_at_declaration": TokensAtDeclaration(),
          "wounds_on_self": WoundsOnSelf(), "behind_attacked_weak": BehindAttackedWeak(),
          "own_strike_same_level": OwnStrikeSameLevel(), "event_heal": EventHeal(), "event_wounds": EventWounds(),
          "opposite_strike_medium": OppositeStrikeMedium(), "friendly_creatures": FriendlyCreatures(),
          "beside_weak_sum": BesideWeakSum(), "target_strike_same_level": TargetStrikeSameLevel(),
          "target_stayed": TargetStayed(), "target_poison": TargetPoison(), "event_poison": EventPoison(),
          "wounds_this_turn": WoundsThisTurn(), "steps_this_turn": StepsThisTurn(),
          "friendly_above_starting_life": FriendlyAboveStartingLife(), "revealed_cost": RevealedCost(),
          "revealed_name_in_play": RevealedNameInPlay(), "struck_or_adjacent_enemies": StruckOrAdjacentEnemies(),
          "tokens_on_self": TokensOnSelf(), "x_declared": XDeclared(), "target_current_life": TargetCurrentLife(),
          "poisoned_adjacent_to_target": PoisonedAdjacentToTarget()})
