"""Filters about the candidate card itself: its printed properties, its state, its side (docs/card-vocabulary.md
"Filters"; 01-game-and-cards.md §3 properties)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards.keywords import carries
from engine.cards.words import ABILITY_NAME, ELEMENT_EN, MARKER_NAMES, idx, or_
from engine.model.history import attack_wounds
from engine.rules.filters.base import Filter, register


@dataclass(frozen=True, slots=True)
class Flag(Filter):
    """A filter without parameters whose text is one fixed phrase, :meth:`words` = (en, ru)."""

    def words(self) -> tuple[str, str]:
        """The phrase: (en, ru)."""
        raise NotImplementedError

    def text(self, lang: str) -> str:
        return self.words()[idx(lang)]


@dataclass(frozen=True, slots=True)
class Element(Filter):
    """``element``: its element is one of ``in`` (01 §2)."""

    values: tuple[str, ...] = ()

    @classmethod
    def parse(cls, d: dict) -> Filter:
        return cls(tuple(d.get("in") or ()))  # ``in`` is a Python word

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return g.defn(card).get("element") in self.values

    def text(self, lang: str) -> str:
        if lang == "en":
            return "of element " + or_([ELEMENT_EN.get(x, x) for x in self.values], lang)
        return "стихия " + or_(list(self.values), lang)


@dataclass(frozen=True, slots=True)
class Open(Flag):
    """``open``: the card is open."""

    def words(self) -> tuple[str, str]:
        return ("open", "открытая")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return not card.closed


@dataclass(frozen=True, slots=True)
class Closed(Flag):
    """``closed``: the card is closed."""

    def words(self) -> tuple[str, str]:
        return ("closed", "закрытая")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return bool(card.closed)


def _side(source: Any, ctx: dict) -> Any:
    return source.controller if source is not None else ctx.get("controller")


@dataclass(frozen=True, slots=True)
class Enemy(Flag):
    """``enemy``: controlled by the opponent of this card's controller."""

    def words(self) -> tuple[str, str]:
        return ("enemy", "вражеская")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.controller != _side(source, ctx)


@dataclass(frozen=True, slots=True)
class Friendly(Flag):
    """``friendly``: controlled by this card's controller."""

    def words(self) -> tuple[str, str]:
        return ("yours", "ваша")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.controller == _side(source, ctx)


@dataclass(frozen=True, slots=True)
class Other(Flag):
    """``other``: not this card."""

    def words(self) -> tuple[str, str]:
        return ("other than this card", "не эта карта")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is None or card.id != source.id


@dataclass(frozen=True, slots=True)
class Self(Flag):
    """``self``: this card itself."""

    def words(self) -> tuple[str, str]:
        return ("this card itself", "сама эта карта")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return source is not None and card.id == source.id


@dataclass(frozen=True, slots=True)
class IsSelf(Self):
    """``is_self``: this card itself (the same test as ``self``; e.g. "itself or a creature next to it")."""



@dataclass(frozen=True, slots=True)
class Creature(Flag):
    """``creature``: a creature (01 §3)."""

    def words(self) -> tuple[str, str]:
        return ("a creature", "существо")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return bool(g.is_creature(card))


@dataclass(frozen=True, slots=True)
class Flyer(Flag):
    """``flyer``: a flying creature now, printed or by an acquired flight [211]."""

    def words(self) -> tuple[str, str]:
        return ("flying", "летающая")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return bool(g.is_flyer(card))


@dataclass(frozen=True, slots=True)
class NotFlyer(Flag):
    """``not_flyer``: not printed a flyer and no acquired flight [g-38]."""

    def words(self) -> tuple[str, str]:
        return ("not a flyer", "не летающая")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return not g.defn(card).get("flyer") and not carries(card.acquired, "flies")


@dataclass(frozen=True, slots=True)
class HasClass(Filter):
    """``has_class``: its printed classes include one of ``in``."""

    values: tuple[str, ...] = ()

    @classmethod
    def parse(cls, d: dict) -> Filter:
        return cls(tuple(d.get("in") or ()))  # ``in`` is a Python word

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        classes = g.defn(card).get("classes") or []
        return any(x in classes for x in self.values)

    def text(self, lang: str) -> str:
        return ("of class " if lang == "en" else "класса ") + or_([f"«{x}»" for x in self.values], lang)


@dataclass(frozen=True, slots=True)
class HasMarker(Filter):
    """``has_marker``: carries at least one marker ``marker`` (put by ``mark``; 01 §6.1 [200.6])."""

    marker: str = ""

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.markers.get(self.marker, 0) > 0

    def text(self, lang: str) -> str:
        m = MARKER_NAMES.get(self.marker, (self.marker, self.marker))[idx(lang)]
        return f"with a '{m}' marker" if lang == "en" else f"с маркером «{m}»"


@dataclass(frozen=True, slots=True)
class Elite(Filter):
    """``elite``: elite == ``value``."""

    value: bool = False

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return bool(g.defn(card).get("elite")) == bool(self.value)

    def text(self, lang: str) -> str:
        if lang == "en":
            return "elite" if self.value else "regular"
        return "элитная" if self.value else "рядовая"


@dataclass(frozen=True, slots=True)
class CostAtMost(Filter):
    """``cost_at_most``: cost <= n."""

    n: int = 0

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return (g.defn(card).get("cost") or 0) <= self.n

    def text(self, lang: str) -> str:
        return f"costing {self.n} or less" if lang == "en" else f"стоимостью не больше {self.n}"


@dataclass(frozen=True, slots=True)
class CostAtLeast(Filter):
    """``cost_at_least``: cost >= n."""

    n: int = 0

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return (g.defn(card).get("cost") or 0) >= self.n

    def text(self, lang: str) -> str:
        return f"costing {self.n} or more" if lang == "en" else f"стоимостью не меньше {self.n}"


@dataclass(frozen=True, slots=True)
class HasAbility(Filter):
    """``has_ability``: has (printed or acquired) an ability whose kw is in ``kw``; ``spell`` matches any ability
    with ``kind: spell``."""

    kw: tuple[str, ...] = ()

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        kws = set(self.kw)
        return any(a.get("kw") in kws or ("spell" in kws and a.get("kind") == "spell") for a in g.abilities(card))

    def text(self, lang: str) -> str:
        names = [ABILITY_NAME.get(k, (k, k))[idx(lang)] for k in self.kw]
        return ("having " if lang == "en" else "имеющая ") + or_(names, lang)


@dataclass(frozen=True, slots=True)
class Corporeal(Flag):
    """``corporeal``: not incorporeal (none of its abilities, printed or acquired, is of a keyword with the named
    effect ``bodiless``)."""

    def words(self) -> tuple[str, str]:
        return ("not incorporeal", "не бестелесная")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return not carries(g.abilities(card), "bodiless")


@dataclass(frozen=True, slots=True)
class Unwounded(Flag):
    """``unwounded``: has no wounds."""

    def words(self) -> tuple[str, str]:
        return ("without wounds", "без ран")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.wounds == 0


@dataclass(frozen=True, slots=True)
class Poisoned(Flag):
    """``poisoned``: carries Poisoning."""

    def words(self) -> tuple[str, str]:
        return ("poisoned", "отравленная")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return bool(card.markers.get("poison"))


@dataclass(frozen=True, slots=True)
class MoveAtLeast(Filter):
    """``move_at_least``: printed movement >= n (a flyer has none)."""

    n: int = 0

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return (g.defn(card).get("move") or 0) >= self.n

    def text(self, lang: str) -> str:
        return f"with movement {self.n} or more" if lang == "en" else f"с движением {self.n} или больше"


@dataclass(frozen=True, slots=True)
class WeakStrikeAtLeast(Filter):
    """``weak_strike_at_least``: its printed weak strike is at least n (Демон зависти)."""

    n: int = 0

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return (g.defn(card).get("strike") or [0])[0] >= self.n

    def text(self, lang: str) -> str:
        return f"with a weak strike of {self.n} or more" if lang == "en" else f"со слабым ударом {self.n} или больше"


@dataclass(frozen=True, slots=True)
class IsDefender(Flag):
    """``is_defender``: the defender of the simple strike executing now [205.3]."""

    def words(self) -> tuple[str, str]:
        return ("a defender", "защитник")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        d = ctx.get("defender")
        if d is None and g.executing is not None:
            d = (g.executing.get("data") or {}).get("defender")
        return d is not None and d == card.id


@dataclass(frozen=True, slots=True)
class UnhurtByAttacks(Flag):
    """``unhurt_by_attacks_this_turn``: no wound from an attack this turn (engine/model/history.py)."""

    def words(self) -> tuple[str, str]:
        return ("not wounded by an attack this turn", "не получавшая ран от атак в этот ход")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return attack_wounds(g, card) == 0


@dataclass(frozen=True, slots=True)
class NotMovedThisTurn(Flag):
    """``not_moved_this_turn``: spent no movement this turn [203.4]; the side not in turn has not moved."""

    def words(self) -> tuple[str, str]:
        return ("that has not moved this turn", "не перемещавшаяся в этот ход")

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return card.controller != g.active or not card.markers.get("movement")


register({"element": Element, "open": Open, "closed": Closed, "enemy": Enemy, "friendly": Friendly, "other": Other,
          "self": Self, "is_self": IsSelf, "creature": Creature, "flyer": Flyer, "not_flyer": NotFlyer,
          "has_class": HasClass, "has_marker": HasMarker, "elite": Elite, "cost_at_most": CostAtMost,
          "cost_at_least": CostAtLeast, "has_ability": HasAbility, "corporeal": Corporeal, "unwounded": Unwounded,
          "poisoned": Poisoned, "move_at_least": MoveAtLeast, "weak_strike_at_least": WeakStrikeAtLeast,
          "is_defender": IsDefender, "unhurt_by_attacks_this_turn": UnhurtByAttacks,
          "not_moved_this_turn": NotMovedThisTurn})
