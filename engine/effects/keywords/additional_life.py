"""Additional life (дополнительная жизнь, ``additional_life``; 01-game-and-cards.md §3.5 [204.2-204.3, 204.8]):
the target gains n additional life, a marker above its life allowance that healing never removes, capped by a
``life_cap`` [204.3.a]. An effect (inside a trigger or an ``action``) or an activated ability of its own.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops.tokens import add_life
from engine.rules import targets as tg
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: this card) gains ``n`` additional life within its life maximum [204.2, 204.3.a]."""
    for t in targets(g, e, src, eff):
        add_life(g, t, tg.amount(g, eff.get("n", 1), e, src, t))


def text(a: dict, lang: str, words) -> str:
    """"<target> gains N additional life" in ``lang``."""
    t = a.get("target", "self")
    n = words.amount(a["n"], lang)
    if lang == "en":
        who = "it gains" if t == "self" else f"{words.target(t, lang)} gains"
        return f"{who} {n} additional life"
    who = "она получает" if t == "self" else f"{words.target(t, lang)} получает"
    return f"{who} дополнительные жизни: {n}"


ADDITIONAL_LIFE = register_keyword(Keyword(
    kw="additional_life", places="activated effect", rule="01 §3.5 additional life [204.2-204.3, 204.8]",
    text=text, fields={"n": "amount!", "target": "target?", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute))
