"""Typed values beside the card data: every filter list, condition list, amount, cost and limit of an ability,
parsed once when its card definition is loaded into a game's catalogue (docs/architecture.md "The ability
language: typed values").

The card data keeps its shape: a parsed part stays the list or dict it was (so the JSON of the data, of scenario
overrides and of snapshots is unchanged, and ``==`` compares as before), made a :class:`ParsedList` or
:class:`ParsedMap`, which carries its frozen typed value in ``typed``. The rules read that value
(``engine.rules.filters.parse_filters``, ``conditions.parse_conditions``, ``amounts.parse_amount``,
:func:`engine.cards.abilities.cost`, ``abilities.limit_of``) without parsing again. A parsed part is never changed
in place: copies of an ability (``dict(a, ...)``, a search's copy of the state) share it.

The parsers register themselves here when their module is imported (:func:`register_parser`): those of filters,
conditions and amounts live in the rules layer, above this one; that of effects in the effects layer; those of
costs, limits and timing beside this module. What is parsed, by shape: a non-empty list of
``{"f": ...}`` objects (filters), of ``{"p": ...}`` objects (conditions), a ``{"per": ...}`` object (an amount), a
``cost`` object and a ``limit`` object of an ability, each effect object of a field the vocabulary types as effects
(:func:`parse_effects`); an ability of a card definition itself carries its timing (:func:`parse_ability`).
"""
from __future__ import annotations

from typing import Any, Callable, Final

from mypy_extensions import mypyc_attr

from engine.cards import vocab
from engine.errors import EngineError


@mypyc_attr(native_class=False)
class ParsedList(list):  # type: ignore[type-arg]
    """A filter or condition list of the card data with its typed value (a tuple) in ``typed``."""

    __slots__ = ("typed",)
    typed: Any


@mypyc_attr(native_class=False)
class ParsedMap(dict):  # type: ignore[type-arg]
    """An amount, cost, limit or effect object (or an ability) of the card data with its typed value in ``typed``."""

    __slots__ = ("typed",)
    typed: Any


#: What a parsed part is ("filters", "conditions", "amount", "cost", "limit", "timing", "effect") -> its parser
#: (list or dict -> typed value; raises ValueError for a value the engine does not know).
PARSERS: Final[dict[str, Callable[[Any], Any]]] = {}


def register_parser(kind: str, parse: Callable[[Any], Any]) -> None:
    """Record the parser of one kind of part. Raises ValueError for a kind registered twice."""
    if kind in PARSERS:
        raise ValueError(f"parser {kind!r} registered twice")
    PARSERS[kind] = parse


def _kind_of_list(items: list) -> str | None:
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    if all("f" in x for x in items):
        return "filters"
    if all("p" in x for x in items):
        return "conditions"
    return None


def _carry(kind: str, value: Any, where: str) -> Any:
    parse = PARSERS.get(kind)
    if parse is None:
        return value  # no parser registered (the rules are not loaded): the part stays as it is
    try:
        typed = parse(value)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"field {where}: {exc}" if where else str(exc)) from None
    out: Any = ParsedList(value) if isinstance(value, list) else ParsedMap(value)
    out.typed = typed
    return out


def parse_value(v: Any, where: str = "") -> Any:
    """``v`` (a JSON-like part of an ability) with every part listed in the module docstring parsed: a new
    container where something below it is parsed; a part parsed already is returned as it is. ``where`` names
    the field (for errors). Raises ValueError "field WHERE: why" for a part its parser refuses."""
    t = type(v)
    if t is ParsedList or t is ParsedMap:
        return v
    if isinstance(v, dict):
        kw = v.get("kw")
        out = {k: _field(k, x, f"{where}.{k}" if where else str(k), kw) for k, x in v.items()}
        return _carry("amount", out, where) if "per" in out and "f" not in out and "p" not in out else out
    if isinstance(v, list):
        items = [parse_value(x, f"{where}[{i}]") for i, x in enumerate(v)]
        kind = _kind_of_list(items)
        return items if kind is None else _carry(kind, items, where)
    return v


def _field(key: str, v: Any, where: str, kw: object) -> Any:
    if key in ("cost", "limit") and isinstance(v, dict) and type(v) is not ParsedMap:
        return _carry(key, {k: parse_value(x, f"{where}.{k}") for k, x in v.items()}, where)
    holds = _holds_effects(kw, key) if isinstance(v, list) else ""
    if holds == "effects":
        return parse_effects(v, where)
    if holds == "options":
        return [parse_effects(o, f"{where}[{i}]") if isinstance(o, list) else o for i, o in enumerate(v)]
    return parse_value(v, where)


def _holds_effects(kw: object, key: str) -> str:
    """``"effects"`` when field ``key`` of an object of keyword ``kw`` is a list of effects, ``"options"`` when it
    is a list of such lists (the vocabulary's field types, :data:`engine.cards.vocab.KW`), else ``""``. The
    ``effects`` of an object without a keyword (an outcome of a die) are effects too."""
    spec = vocab.KW.get(kw) if isinstance(kw, str) else None
    t: str = spec["fields"].get(key, "") if spec is not None else ("effects" if key == "effects" else "")
    return "effects" if t.startswith("effects") else "options" if t.startswith("options") else ""


def parse_effects(items: list, where: str = "effects") -> list:
    """A list of effect objects (``{"kw": ...}`` inside triggers, actions, riders ...), each parsed
    (:func:`parse_value`) and made a :class:`ParsedMap` carrying its typed value (``engine.effects.registry.
    Effect``); an item parsed already, or not an object, stays as it is. Raises ValueError "field WHERE[i]: why"
    for an effect its parser refuses (an unknown keyword, a bad field)."""
    out = []
    for i, x in enumerate(items):
        w = f"{where}[{i}]"
        y = parse_value(x, w)
        out.append(_carry("effect", y, w) if isinstance(y, dict) and type(y) is not ParsedMap else y)
    return out


def parse_ability(a: dict, card: str = "", index: int = 0) -> dict:
    """The ability ``a`` with its parts parsed (:func:`parse_value`), itself a :class:`ParsedMap` carrying its
    timing (:class:`engine.cards.timing.Timing`). Raises EngineError("invalid_card") naming the
    card, the ability (1-based index and keyword) and the field of a part that cannot be parsed."""
    try:
        return _carry("timing", parse_value(a), "")
    except ValueError as exc:
        raise EngineError("invalid_card", f"Card {card!r}, ability {index + 1} ({a.get('kw')}): {exc}.") from None


def parse_abilities(abilities: list, card: str = "") -> list:
    """Every ability of a card definition parsed (:func:`parse_ability`), in order."""
    return [parse_ability(a, card, i) for i, a in enumerate(abilities)]
