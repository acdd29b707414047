"""The effect registry: one handler per effect ``kw`` (docs/card-vocabulary.md "effects"), and their execution.

A handler is ``f(g, entry, source, effect)``. Modules of :mod:`engine.effects` register theirs with
:func:`register`; :func:`apply_effects` looks them up when an entry executes. An unknown ``kw`` does nothing and
says so (event ``no_effect``), so an unimplemented rule never acts by accident.
"""
from __future__ import annotations

from engine.cards import keywords
from engine.model.enums import Event
from engine.rules.conditions import holds


#: Effect kw -> handler ``f(g, entry, source, effect)``.
EFFECTS: dict = {}


def register(*kws: str):
    """Decorator: register the handler for effect keywords ``kws`` (each kw once; a second registration raises
    ValueError)."""
    def deco(fn):
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


def apply_effects(g, e: dict, src, effects: list[dict]) -> None:
    """Execute effect objects in order for entry ``e`` (docs/card-vocabulary.md "effects"). A trigger executes
    although its source left play [405.4]; effects touch only cards in the play zone [SEED S2]."""
    blockers = keywords.hooked("blocks_effect")
    for eff in effects:
        if eff.get("condition") and not conditions_hold(g, e, src, eff["condition"]):
            continue
        if blockers and any(k.blocks_effect(g, e, eff) for k in blockers):
            continue  # a protection of its target (Thick Skin)
        EFFECTS.get(eff.get("kw"), _unknown)(g, e, src, eff)


def conditions_hold(g, e, src, conds) -> bool:
    """Evaluate an effect's ``condition`` list (docs/card-vocabulary.md "Conditions"); unknown ones fail closed."""
    return holds(g, src, conds, e)


def _unknown(g, e, src, eff):
    g.emit(Event.NO_EFFECT, source=e["source"], kw=eff.get("kw"))
