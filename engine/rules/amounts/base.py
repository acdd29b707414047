"""The amount as a typed value (docs/card-vocabulary.md "amount"): a number, or X counted when the entry executes.

An amount in the card data is an int or ``{"per": COUNTER, "times"?, "plus"?, "max"?, "filter"?, "half"?}``: value =
count × times + plus (halved, rounded down, with ``half``), capped at ``max``, never below 0. Each counter is one
small frozen class holding its count and its Russian and English text (:mod:`.counters` registers them);
:class:`Amount` holds the rest. An amount object is parsed once, when its card definition loads
(:mod:`engine.cards.typed` carries the :class:`Amount` beside the dict; :func:`parse_amount` reads it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.cards.typed import ParsedMap, register_parser
from engine.cards.words import idx
from engine.rules.filters import Filter, parse_filters, phrase


@dataclass(frozen=True, slots=True)
class Counter:
    """One counter (an amount's ``per``, registered under that name): :meth:`words` = (en, ru) is its text."""

    def words(self) -> tuple[str, str]:
        """What it counts: (en, ru)."""
        return ("", "")

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None,
              fs: tuple[Filter, ...]) -> int:
        """The number counted for ``entry`` (its triggering event ``point``), seen from ``source``; ``target`` is
        the card the effect acts on, ``level`` the strength result (0 weak .. 2 strong) when a strike modifier asks,
        ``fs`` the amount's filter."""
        raise NotImplementedError

    def text(self, lang: str) -> str:
        """What it counts, in words."""
        return self.words()[idx(lang)]


@dataclass(frozen=True, slots=True)
class Zero(Counter):
    """A counter the engine does not know: it counts 0."""

    def count(self, g: Any, entry: dict, point: dict, source: Any, target: Any, level: int | None,
              fs: tuple[Filter, ...]) -> int:
        return 0


#: ``per`` name -> its counter (one instance: counters hold no parameters).
COUNTERS: Final[dict[str, Counter]] = {}


def register(counters: dict[str, Counter]) -> None:
    """Record counters by their name in the card data. Raises ValueError for a name registered twice."""
    for name, c in counters.items():
        if name in COUNTERS:
            raise ValueError(f"counter {name!r} registered twice")
        COUNTERS[name] = c


@dataclass(frozen=True, slots=True)
class Amount:
    """An X: ``per`` (the counter's name), ``counter``, ``times``, ``plus``, ``max`` (None = no cap), ``half``,
    ``filter`` (what a counter of cards counts)."""

    per: str
    counter: Counter
    times: int = 1
    plus: int = 0
    max: int | None = None
    half: bool = False
    filter: tuple[Filter, ...] = ()

    def value(self, g: Any, entry: dict, source: Any, target: Any = None, level: int | None = None) -> int:
        """count × times + plus (halved with ``half``), capped at ``max``, at least 0."""
        base = self.counter.count(g, entry, entry.get("point") or {}, source, target, level, self.filter)
        v = base * self.times + self.plus
        if self.half:
            v //= 2
        if self.max is not None:
            v = min(v, self.max)
        return max(0, v)

    def text(self, lang: str) -> str:
        """"X+1 (X = ...)" in ``lang``."""
        plus = self.plus
        return "X" + (f"+{plus}" if plus > 0 else f"−{-plus}" if plus < 0 else "") + self.x_is(lang)

    def x_is(self, lang: str) -> str:
        """" (X = times × what it counts, at most max)" in ``lang``."""
        en = lang == "en"
        counter = self.counter.text(lang)
        if self.filter:
            counter += f" ({phrase(self.filter, lang)})"
        if self.half:
            counter = ("half of " if en else "половина: ") + counter + (", rounded down" if en else ", с округлением вниз")
        expr = (f"{self.times} × " if self.times != 1 else "") + counter
        cap = ""
        if self.max is not None:
            cap = f", at most {self.max}" if en else f", но не больше {self.max}"
        return f" (X = {expr}{cap})"


def parse_amount(spec: dict) -> Amount:
    """The typed value of an amount object: the one a dict of loaded card data carries
    (:class:`engine.cards.typed.ParsedMap`), any other dict parsed now. An unknown ``per`` counts 0."""
    if type(spec) is ParsedMap:
        return spec.typed
    per = str(spec.get("per"))
    return Amount(per, COUNTERS.get(per) or Zero(), spec.get("times", 1), spec.get("plus", 0), spec.get("max"),
                  bool(spec.get("half")), parse_filters(spec.get("filter")))


def _parse_known(spec: dict) -> Amount:
    """The parser registered for loaded card data: raises ValueError for a counter the engine does not know."""
    if spec.get("per") not in COUNTERS:
        raise ValueError(f"unknown counter {spec.get('per')!r}")
    return parse_amount(spec)


def amount(g: Any, spec: Any, entry: dict, source: Any, target: Any = None, level: int | None = None) -> int:
    """The value of an ``amount`` (an int, or ``{"per", "times", "plus", "max", "filter"?, "half"?}``) for this
    entry; ``level`` is the strength result (0 weak .. 2 strong) when a strike modifier asks; anything else is 0."""
    if isinstance(spec, int):
        return spec
    if not isinstance(spec, dict):
        return 0
    return parse_amount(spec).value(g, entry, source, target, level)


def text(spec: Any, lang: str) -> str:
    """An amount in words: an int as it is, ``"full"`` as "completely", an X with what it counts."""
    if isinstance(spec, int):
        return str(spec)
    if spec == "full":
        return "completely" if lang == "en" else "полностью"
    return parse_amount(spec).text(lang)


def x_is(spec: dict, lang: str) -> str:
    """" (X = ...)" of an amount object (an attack's bonus)."""
    return parse_amount(spec).x_is(lang)


register_parser("amount", _parse_known)
