"""Add life (добавить жизнь, ``add_life``; 01-game-and-cards.md §3.5 additional life [204]): the target gains n
additional life. An effect (the activated form with an amount is ``additional_life``)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import amount_of, targets
from engine.effects.registry import register_keyword
from engine.ops.tokens import add_life
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: this card) gains ``n`` additional life within its life maximum [204]."""
    for t in targets(g, e, src, eff):
        add_life(g, t, amount_of(g, e, src, eff, target=t))


def text(a: dict, lang: str, words) -> str:
    """"give <target> N additional life" in ``lang``."""
    t = a.get("target")
    if lang == "en":
        return f"give {words.target(t, lang)} {a['n']} additional life"
    return f"добавить {a['n']} дополнительную жизнь для {words.target(t, lang, 2)}"


ADD_LIFE = register_keyword(Keyword(
    kw="add_life", places="effect", rule="01 §3.5 additional life [204]", text=text,
    fields={"n": "int!", "target": "target!"}, handler=execute))
