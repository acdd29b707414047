"""Soulcatcher X (Душелов) [g-14], 03 §4 ``soulcatcher``: triggered. When a creature dies, this card gains a token,
never above X tokens; each death is its own trigger. Written ``{"kw": "soulcatcher", "n": X}``; its ``parts`` are
the any-creature-dies trigger whose effect is this keyword."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import x_text
from engine.effects.registry import register_keyword
from engine.ops.tokens import gain_tokens
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """One trigger per creature death."""
    return [{"kw": "trigger", "when": "dies", "subject": "any", "optional": False,
             "effects": [{"kw": "soulcatcher", "n": a.get("n", 1)}]}]


def execute(g: GameState, e, src, eff) -> None:
    """A token while it has fewer than X [g-14]."""
    if src is not None and g.in_play(src) and src.tokens < eff.get("n", 1):
        gain_tokens(g, src, 1)


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"soulcatcher{x_text(a)}: when a creature dies, it gains a token (at most {n})"
    return f"душелов{x_text(a)}: при гибели существа получает фишку (не больше {n})"


SOULCATCHER = register_keyword(Keyword(kw="soulcatcher", places="static grant effect",
                                       rule="03 §4 soulcatcher [g-14]", text=text, fields={"n": "pos?"},
                                       parts=parts, handler=execute))
