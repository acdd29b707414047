"""Put tokens (положить фишки, ``gain_token``; 01-game-and-cards.md §6.2 [218.2, 218.5]): the target gets n tokens,
not by accumulating; a card that takes tokens only from itself (custom ``tokens_from_self_only``, Пустотник)
refuses another card's. An effect."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.words import tokens
from engine.effects.basic import amount_of, targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops.tokens import gain_tokens
from engine.rules import keywords
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: this card) gets ``n`` tokens up to its token maximum [218.5]."""
    for t in targets(g, e, src, eff):
        if t is not src and any(a.get("handler") == "tokens_from_self_only" for a in keywords.kws(g, t, "custom")):
            g.emit(Event.PROTECTED, card=t.id, kind="tokens")
            continue
        gain_tokens(g, t, amount_of(g, e, src, eff, target=t))


def short_form(a: dict, place: str) -> None:
    """Written as an effect or a grant without a ``target``, it gains the token the card itself."""
    if place != "top":
        a.setdefault("target", "self")


def text(a: dict, lang: str, words) -> str:
    """"put N tokens on <target>" in ``lang``."""
    n, t = tokens(a["n"], lang), words.target(a.get("target"), lang)
    return f"put {n} on {t}" if lang == "en" else f"положить {n} на {t}"


GAIN_TOKEN = register_keyword(Keyword(
    kw="gain_token", places="effect", rule="01 §6.2 [218.2, 218.5]", text=text,
    fields={"n": "int!", "target": "target!"}, handler=execute, short_form=short_form))
