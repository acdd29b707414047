"""The condition as a typed value: the base class, the registry, parsing and evaluation.

A condition (``{"p": name, ...}`` in the card data; docs/card-vocabulary.md "Conditions") asks one question about
the state when it is checked, seen from the card that has the ability (``source``). Each name is one small frozen
class holding its parameters, its evaluation and its text in Russian and English (the modules beside this one
register them). A condition list is parsed once, when its card definition loads (:mod:`engine.cards.typed`
carries the tuple beside the list; :func:`parse_conditions` reads it); :func:`holds` asks each in turn. An unknown name parses to :class:`Unknown`, which fails closed (the effect does not happen), so that an
unimplemented rule never acts by accident.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from engine.cards.typed import ParsedList, register_parser
from engine.cards.words import idx
from engine.rules.filters import parse_filters


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition (registered under its ``p`` in the card data); subclasses add their parameters as fields (the
    schema, checked against :data:`engine.cards.vocab.CONDITIONS` by the tests; a ``filter`` field holds parsed
    filters) and implement :meth:`holds` and :meth:`text`. No class-level constants: mypyc's dataclasses take them
    for fields."""

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        """Does it hold now for ``source`` (never None here)? ``entry``: the executing entry or the triggering
        event's context (``{"point": event}``), ``{}`` when there is none; ``point``: its triggering event or
        ``{}``."""
        raise NotImplementedError

    def text(self, lang: str) -> str:
        """The condition in words (``lang`` ``"ru"`` or ``"en"``), a clause such as "while it is closed"."""
        raise NotImplementedError

    @classmethod
    def parse(cls, d: dict) -> Condition:
        """The value of the data object ``d``: its keys as fields (lists become tuples, ``filter`` parsed filters);
        keys that are no field are left out (the schema check reports them)."""
        names = {f.name for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for k, v in d.items():
            if k == "filter":
                kwargs[k] = parse_filters(v)
            elif k in names:
                kwargs[k] = tuple(v) if isinstance(v, list) else v
        return cls(**kwargs)


@dataclass(frozen=True, slots=True)
class Flag(Condition):
    """A condition without parameters whose text is one fixed phrase, :meth:`words` = (en, ru)."""

    def words(self) -> tuple[str, str]:
        """The phrase: (en, ru)."""
        raise NotImplementedError

    def text(self, lang: str) -> str:
        return self.words()[idx(lang)]


@dataclass(frozen=True, slots=True)
class Unknown(Condition):
    """A condition name the engine does not know: it never holds (fail closed)."""

    p: str = ""

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return False

    def text(self, lang: str) -> str:
        raise KeyError(self.p)

    @classmethod
    def parse(cls, d: dict) -> Condition:
        return cls(str(d.get("p")))


#: ``p`` name -> its class.
CONDITIONS: Final[dict[str, type[Condition]]] = {}


def register(classes: dict[str, type[Condition]]) -> None:
    """Record condition classes by their name in the card data. Raises ValueError for a name registered twice."""
    for name, cls in classes.items():
        if name in CONDITIONS:
            raise ValueError(f"condition {name!r} registered twice")
        CONDITIONS[name] = cls


def parse_condition(d: dict) -> Condition:
    """The typed value of one condition object ``{"p": name, ...}`` (:class:`Unknown` for an unknown name)."""
    cls = CONDITIONS.get(d.get("p") or "") if isinstance(d, dict) else None
    return Unknown.parse(d if isinstance(d, dict) else {}) if cls is None else cls.parse(d)


def parse_conditions(cs: Any) -> tuple[Condition, ...]:
    """The typed values of a condition list (None or [] = none): the tuple a list of loaded card data carries
    (:class:`engine.cards.typed.ParsedList`), any other list parsed now."""
    if type(cs) is ParsedList:
        return cs.typed
    if not cs:
        return ()
    return tuple(parse_condition(c) for c in cs)


def _parse_known(cs: list) -> tuple[Condition, ...]:
    """The parser registered for loaded card data: raises ValueError for a condition name the engine does not
    know."""
    parsed = tuple(parse_condition(c) for c in cs)
    for c in parsed:
        if isinstance(c, Unknown):
            raise ValueError(f"unknown condition {c.p!r}")
    return parsed


def holds(g: Any, source: Any, conds: Any, entry: dict | None = None) -> bool:
    """True when every condition in ``conds`` (a list of ``{"p": ...}``) holds for ``source`` now; a condition
    never holds without a source. ``entry`` is the executing entry or the triggering event's context
    (``{"point": event}``) when there is one (docs/card-vocabulary.md "Conditions")."""
    if not conds:
        return True
    if source is None:
        return False
    e = entry or {}
    point = e.get("point") or {}
    for c in parse_conditions(conds):
        if not c.holds(g, source, e, point):
            return False
    return True


def text(cs: Any, lang: str) -> str:
    """A condition list in words: " (a; b)", or "" for none."""
    parsed = parse_conditions(cs)
    return "" if not parsed else " (" + "; ".join(c.text(lang) for c in parsed) + ")"


register_parser("conditions", _parse_known)
