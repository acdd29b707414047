"""The effect registry: one handler per effect ``kw`` (docs/card-vocabulary.md "effects"), an effect as a frozen
typed value, and the execution of effects.

A handler is ``f(g, entry, source, effect)``. Modules of :mod:`engine.effects` register theirs with
:func:`register`. An effect object of the card data (``{"kw": ...}`` inside a trigger, an action, a rider ...) is
parsed once, when its card definition loads (:mod:`engine.cards.typed`, :func:`effect_of`), into an
:class:`Effect` that holds its handler; :func:`apply_effects` runs that handler. An effect object made in play
is run by its keyword's name. An unknown ``kw`` does nothing and says so (event ``no_effect``), so an
unimplemented rule never acts by accident; in loaded card data it is refused.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping, TypeVar

from engine.cards import keywords, vocab
from engine.cards.typed import ParsedMap, register_parser
from engine.model.enums import Event
from engine.rules.conditions import holds

#: Effect kw -> handler ``f(g, entry, source, effect)``.
EFFECTS: dict[str, Callable[..., object]] = {}

#: A handler, as :func:`register` gives it back.
H = TypeVar("H", bound=Callable[..., object])


def register(*kws: str) -> Callable[[H], H]:
    """Decorator: register the handler for effect keywords ``kws`` (each kw once; a second registration raises
    ValueError)."""
    def deco(fn: H) -> H:
        for kw in kws:
            if kw in EFFECTS:
                raise ValueError(f"effect kw {kw!r} registered twice")
            EFFECTS[kw] = fn
        return fn
    return deco


def register_keyword(k: keywords.Keyword) -> keywords.Keyword:
    """Register a keyword defined in a module of its own (``engine/effects/keywords/``): its schema, defaults and
    text (:func:`engine.cards.keywords.register`) and its effect handler. Each keyword once (ValueError)."""
    keywords.register(k)
    if k.handler is not None:
        register(k.kw)(k.handler)
    return k


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect object of the card data, parsed (docs/card-vocabulary.md "effects"; 03-abilities.md §1.9).

    ``kw``: its keyword; ``keyword``: that keyword's record (None for ``custom`` and the engine's internal
    effects, which have a handler only); ``handler``: ``f(g, entry, source, effect)`` run when it executes (the
    one that says ``no_effect`` for a keyword without a handler, e.g. ``choose_one``, which the executing entry
    asks itself); ``target``: its ``target`` as written (a reference name or a target object, None without);
    ``condition``: its ``condition`` list (filters and conditions parsed), None without; ``amount``: its ``n``
    (an int, ``"full"``, ``"all"`` or an amount object), None without; ``until``: its duration, None without;
    ``params``: its other fields, read-only. The card data (the dict) keeps every field, for the handlers."""

    kw: str
    keyword: keywords.Keyword | None
    handler: Callable[..., object]
    target: str | dict | None
    condition: list | None
    amount: int | str | dict | None
    until: str | None
    params: Mapping[str, object]

    def __deepcopy__(self, memo: dict) -> Effect:
        return self  # a frozen value: copies of the data share it


#: The fields an :class:`Effect` holds by name; the others are its ``params``.
_COMMON = frozenset(("kw", "target", "condition", "n", "until"))


def effect_of(d: dict) -> Effect:
    """The :class:`Effect` of the effect object ``d`` (its parts parsed already, :mod:`engine.cards.typed`).
    Raises ValueError naming the field for an unknown keyword, a field its keyword does not have
    (:data:`engine.cards.vocab.KW`; a field named ``_...`` is the engine's own), a condition that is not a list,
    a duration that is not a name, or a target that is neither a name nor an object."""
    kw = d.get("kw")
    k = keywords.KEYWORDS.get(kw) if isinstance(kw, str) else None
    if not isinstance(kw, str) or (k is None and kw not in EFFECTS):
        raise ValueError(f"unknown effect keyword {kw!r}")
    cond, until, target = d.get("condition"), d.get("until"), d.get("target")
    if cond is not None and not isinstance(cond, list):
        raise ValueError(f"condition: not a list of conditions: {cond!r}")
    if until is not None and not isinstance(until, str):
        raise ValueError(f"until: not a duration: {until!r}")
    if target is not None and not isinstance(target, (str, dict)):
        raise ValueError(f"target: not a target: {target!r}")
    spec = vocab.KW.get(kw)
    unknown = sorted(f for f in d if f not in ("kw", "condition") and f[:1] != "_" and spec is not None
                     and f not in spec["fields"])
    if unknown:
        raise ValueError(f"{unknown[0]}: not a field of {kw!r}")
    return Effect(kw, k, EFFECTS.get(kw, _unknown), target, cond or None, d.get("n"), until,
                  MappingProxyType({f: v for f, v in d.items() if f not in _COMMON}))


def parsed_effect(eff: dict) -> Effect | None:
    """The :class:`Effect` an effect object of loaded card data carries (:mod:`engine.cards.typed`), else None
    (an effect object made in play, or a top-level ability run as its own effect)."""
    if type(eff) is ParsedMap:
        t = eff.typed
        if type(t) is Effect:
            return t
    return None


def apply_effects(g: Any, e: dict, src: Any, effects: list[dict]) -> None:
    """Execute effect objects in order for entry ``e`` (docs/card-vocabulary.md "effects"). A trigger executes
    although its source left play [405.4]; effects touch only cards in the play zone [SEED S2]."""
    blockers = keywords.hooked("blocks_effect")
    for eff in effects:
        t = parsed_effect(eff)
        if t is not None:
            cond, handler = t.condition, t.handler
        else:
            cond, handler = eff.get("condition"), EFFECTS.get(eff.get("kw") or "", _unknown)
        if cond and not conditions_hold(g, e, src, cond):
            continue
        if blockers and any(k.blocks_effect(g, e, eff) for k in blockers):
            continue  # a protection of its target (Thick Skin)
        handler(g, e, src, eff)


def conditions_hold(g: Any, e: dict, src: Any, conds: list) -> bool:
    """Evaluate an effect's ``condition`` list (docs/card-vocabulary.md "Conditions"); unknown ones fail closed."""
    return holds(g, src, conds, e)


def _unknown(g: Any, e: dict, src: Any, eff: dict) -> None:
    g.emit(Event.NO_EFFECT, source=e["source"], kw=eff.get("kw"))


register_parser("effect", effect_of)
