"""The effect registry: one handler per effect ``kw`` (docs/card-vocabulary.md "effects"), the parser of effects,
and their execution.

A handler is ``f(g, entry, source, effect)``. Modules of :mod:`engine.effects` register theirs with
:func:`register`. An effect object of the card data (``{"kw": ...}`` inside a trigger, an action, a rider ...; an
activated ability run as its own effect) is parsed once, when its card definition loads (:mod:`engine.cards.typed`,
:func:`effect_of`), into an :class:`engine.cards.effect.Effect` that holds its handler; :func:`apply_effects` runs
that handler. An effect object made in play
is run by its keyword's name. An unknown ``kw`` does nothing and says so (event ``no_effect``), so an
unimplemented rule never acts by accident; in loaded card data it is refused.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Final, TypeVar

from engine.cards import keywords, vocab
from engine.cards.effect import Effect
from engine.cards.timing import Timing
from engine.cards.typed import ParsedMap, register_parser
from engine.model.enums import Event
from engine.rules.conditions import holds

#: Effect kw -> handler ``f(g, entry, source, effect)``.
EFFECTS: Final[dict[str, Callable[..., object]]] = {}

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


#: The fields an :class:`Effect` holds by name; the others are its ``params``.
_COMMON: Final = frozenset(("kw", "target", "condition", "n", "until"))


def effect_of(d: dict, fields: bool = True) -> Effect:
    """The :class:`engine.cards.effect.Effect` of the effect object ``d`` (its parts parsed already,
    :mod:`engine.cards.typed`). Raises ValueError naming the field for an unknown keyword, a field its keyword does
    not have (with ``fields``: :data:`engine.cards.vocab.KW`; a field named ``_...`` is the engine's own), a
    condition that is not a list, a duration that is not a name, or a target that is neither a name nor an
    object."""
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
                     and f not in spec["fields"]) if fields else []
    if unknown:
        raise ValueError(f"{unknown[0]}: not a field of {kw!r}")
    return Effect(kw, k, EFFECTS.get(kw, _unknown), target, cond or None, d.get("n"), until,
                  MappingProxyType({f: v for f, v in d.items() if f not in _COMMON}))


def own_effect_of(a: dict) -> Effect:
    """The :class:`engine.cards.effect.Effect` of an activated ability run as its own effect (its fields are
    checked by the card schema, :mod:`engine.cards.schema`). Raises ValueError for an unknown keyword."""
    return effect_of(a, False)


def parsed_effect(eff: dict) -> Effect | None:
    """The :class:`engine.cards.effect.Effect` an effect object of loaded card data carries, or that of an
    activated ability of a loaded definition run as its own effect (in its :class:`engine.cards.timing.Timing`;
    :mod:`engine.cards.typed`); None for an effect object made in play."""
    if type(eff) is ParsedMap:
        t = eff.typed
        if type(t) is Effect:
            return t
        if type(t) is Timing:
            return t.effect
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
register_parser("own_effect", own_effect_of)
