"""Lose tokens (потерять фишки, ``remove_tokens``; 01-game-and-cards.md §6.2 [218]): the target loses ``n`` tokens
(``"all"`` or a number, at most what it has). An effect, not a payment."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.words import tokens
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: this card) loses ``n`` tokens (default all) [218]."""
    for t in targets(g, e, src, eff):
        n = t.tokens if eff.get("n", "all") == "all" else min(t.tokens, eff["n"])
        if n:
            g.emit("tokens_lost", card=t.id, n=n)
            t.tokens -= n


def text(a: dict, lang: str, words) -> str:
    """"<target> loses N tokens" / "... all its tokens" in ``lang``."""
    t = a.get("target")
    who = ("it", "она") if t == "self" else (words.target(t, lang), words.target(t, lang))
    if a.get("n", "all") != "all":
        return f"{who[0]} loses {tokens(a['n'], lang)}" if lang == "en" else f"{who[1]} теряет {tokens(a['n'], lang)}"
    return f"{who[0]} loses all its tokens" if lang == "en" else f"{who[1]} теряет все фишки"


REMOVE_TOKENS = register_keyword(Keyword(
    kw="remove_tokens", places="effect", rule="01 §6.2 [218] (an effect, not a payment)", text=text,
    fields={"n": "token_count!", "target": "target!"}, handler=execute))
