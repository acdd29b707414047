"""Poisoning (отравление, ``poison``; 03-abilities.md §4 poison [g-36]): the target creature gets the marker
``poison`` n (the greatest n counts [414.4]); a creature with protection from poison, an incorporeal creature
(an illegal target [g-03]) or a card that is no creature is not poisoned. An effect. The wounds it deals later, and
the loss of Poisoning on gaining Incorporeality or Protection from poison: engine/ops/passives.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import amount_of, targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.rules import keywords
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: the attacked card) is poisoned for ``n`` unless protected or incorporeal [g-36, g-03,
    414.4]."""
    for t in targets(g, e, src, eff, "attacked"):
        if not g.is_creature(t) or keywords.flagged(g, t, "bodiless") or keywords.protected(g, t, "poison", None, src):
            g.emit(Event.PROTECTED, card=t.id, kind="poison")
            continue
        n = amount_of(g, e, src, eff, target=t)
        if n <= 0:
            continue
        t.markers["poison"] = max(t.markers.get("poison", 0), n)
        g._poisoned = True
        g.emit(Event.POISONED, card=t.id, n=t.markers["poison"])


def short_form(a: dict, place: str) -> None:
    """Written as an effect or a grant without a ``target``, it poisons the card itself."""
    if place != "top":
        a.setdefault("target", "self")


def text(a: dict, lang: str, words) -> str:
    """"poison <target> for N" in ``lang``."""
    t, n = words.target(a.get("target"), lang), words.amount(a["n"], lang)
    return f"poison {t} for {n}" if lang == "en" else f"отравить {t} на {n}"


POISON = register_keyword(Keyword(
    kw="poison", places="effect", rule="03 §4 poison [g-36]", text=text,
    fields={"n": "amount!", "target": "target!"}, handler=execute, needs_target=True, short_form=short_form))
