"""The card filter as a typed value: the base class, the registry, parsing and matching.

A filter (``{"f": name, ...}`` in the card data; docs/card-vocabulary.md "Filters") asks one question about a
candidate card, seen from the card that has the ability (``source``). Each name is one small frozen class holding
its parameters, its test and its text in Russian and English (the modules beside this one register them). A list of
filter objects is parsed once, when its card definition loads (:mod:`engine.cards.typed` carries the tuple of
these values beside the list), and :func:`match` asks each in turn. An unknown name parses to :class:`Unknown`, which fails closed, so that an
unimplemented rule never acts by accident.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from engine.cards.typed import ParsedList, register_parser
from engine.cards.words import or_


@dataclass(frozen=True, slots=True)
class Filter:
    """One filter (registered under its ``f`` in the card data); subclasses add their parameters as fields (the
    schema, checked against :data:`engine.cards.vocab.FILTERS` by the tests) and implement :meth:`test` and
    :meth:`text`. No class-level constants: mypyc's dataclasses take them for fields."""

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        """Does ``card`` pass, seen from ``source`` (None outside a card's ability: ``ctx["controller"]`` then
        names the side)? ``ctx`` carries the event's cards and cells (``attacked``, ``event_card``,
        ``event_cell``, ``chosen``, ``revealed``, ``defender``)."""
        raise NotImplementedError

    def text(self, lang: str) -> str:
        """The filter in words, ``lang`` ``"ru"`` or ``"en"`` (an attribute of "cards (...)")."""
        raise NotImplementedError

    @classmethod
    def parse(cls, d: dict) -> Filter:
        """The value of the data object ``d``: its keys as fields (lists become tuples); keys that are no field
        are left out (the schema check reports them)."""
        names = {f.name for f in fields(cls)}
        kwargs = {}
        for k, v in d.items():
            if k in names:
                kwargs[k] = tuple(v) if isinstance(v, list) else v
        return cls(**kwargs)


@dataclass(frozen=True, slots=True)
class Unknown(Filter):
    """A filter name the engine does not know: no card passes (fail closed)."""

    f: str = ""

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return False

    def text(self, lang: str) -> str:
        raise KeyError(self.f)

    @classmethod
    def parse(cls, d: dict) -> Filter:
        return cls(str(d.get("f")))


#: ``f`` name -> its class.
FILTERS: Final[dict[str, type[Filter]]] = {}


def register(classes: dict[str, type[Filter]]) -> None:
    """Record filter classes by their name in the card data. Raises ValueError for a name registered twice."""
    for name, cls in classes.items():
        if name in FILTERS:
            raise ValueError(f"filter {name!r} registered twice")
        FILTERS[name] = cls


def parse_filter(d: dict) -> Filter:
    """The typed value of one filter object ``{"f": name, ...}`` (:class:`Unknown` for an unknown name)."""
    cls = FILTERS.get(d.get("f") or "") if isinstance(d, dict) else None
    return Unknown.parse(d if isinstance(d, dict) else {}) if cls is None else cls.parse(d)


def parse_filters(fs: Any) -> tuple[Filter, ...]:
    """The typed values of a filter list (None or [] = no filter): the tuple a list of loaded card data carries
    (:class:`engine.cards.typed.ParsedList`), a tuple of parsed filters as it is, any other list parsed now."""
    if type(fs) is ParsedList:
        return fs.typed
    if not fs:
        return ()
    if type(fs) is tuple:
        return fs
    return tuple(parse_filter(f) for f in fs)


def _parse_known(fs: list) -> tuple[Filter, ...]:
    """The parser registered for loaded card data: raises ValueError for a filter name the engine does not
    know."""
    parsed = tuple(parse_filter(f) for f in fs)
    for f in parsed:
        if isinstance(f, Unknown):
            raise ValueError(f"unknown filter {f.f!r}")
    return parsed


def match(g: Any, source: Any, card: Any, filters: Any, ctx: dict | None = None) -> bool:
    """Does ``card`` pass every filter of ``filters`` (a list of ``{"f": ...}``), seen from ``source``?
    (docs/card-vocabulary.md "Filters"; 03-abilities.md §3 targets)."""
    if not filters:
        return True
    c = ctx or {}
    for f in parse_filters(filters):
        if not f.test(g, source, card, c):
            return False
    return True


def text(fs: Any, lang: str) -> str:
    """A filter list in words: each filter's text, comma-separated."""
    return phrase(parse_filters(fs), lang)


def passes(g: Any, source: Any, card: Any, fs: tuple[Filter, ...], ctx: dict | None = None) -> bool:
    """:func:`match` for an already parsed filter tuple (a typed value's ``filter`` field)."""
    c = ctx or {}
    for f in fs:
        if not f.test(g, source, card, c):
            return False
    return True


def phrase(fs: tuple[Filter, ...], lang: str) -> str:
    """:func:`text` for an already parsed filter tuple."""
    return ", ".join(f.text(lang) for f in fs)


@dataclass(frozen=True, slots=True)
class AnyOf(Filter):
    """``any``: at least one of ``of`` holds ("itself or a creature next to it")."""

    of: tuple[Filter, ...] = ()

    @classmethod
    def parse(cls, d: dict) -> Filter:
        return cls(tuple(parse_filter(x) for x in d.get("of") or []))

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return any(f.test(g, source, card, ctx) for f in self.of)

    def text(self, lang: str) -> str:
        return ("either " if lang == "en" else "либо ") + ", ".join(f.text(lang) for f in self.of)


@dataclass(frozen=True, slots=True)
class NotAll(Filter):
    """``not``: ``of`` (all of them) does not hold."""

    of: tuple[Filter, ...] = ()

    @classmethod
    def parse(cls, d: dict) -> Filter:
        return cls(tuple(parse_filter(x) for x in d.get("of") or []))

    def test(self, g: Any, source: Any, card: Any, ctx: dict) -> bool:
        return not all(f.test(g, source, card, ctx) for f in self.of)

    def text(self, lang: str) -> str:
        return ("not " if lang == "en" else "не ") + ", ".join(f.text(lang) for f in self.of)


def words(pair: tuple[str, str], lang: str) -> str:
    """``pair[0]`` in English, ``pair[1]`` in Russian."""
    return pair[0] if lang == "en" else pair[1]


def listed(values: tuple, lang: str) -> str:
    """Values joined with "or"."""
    return or_([str(v) for v in values], lang)


register({"any": AnyOf, "not": NotAll})
register_parser("filters", _parse_known)
