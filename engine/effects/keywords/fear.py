"""Fear X (Страх) [g-45], 03 §4 ``fear``: triggered. When this card is attacked (it is the final target of an
attack, after the defender choice: a defender with Fear is the one that triggers), the attacking card wounds
itself for X ("wound self" [g-89]: not an attack, Resilience does not help), unless the attacker also has Fear.
Written ``{"kw": "fear", "n": X}``; its ``parts`` are the "attacked" trigger whose effect is this keyword."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import wound_self, x_text
from engine.effects.registry import register_keyword
from engine.rules import targets as tg
from engine.rules.grants import kws
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """The trigger on being the final target of an attack."""
    return [{"kw": "trigger", "when": "attacked", "optional": False, "effects": [{"kw": "fear", "n": a.get("n", 1)}]}]


def execute(g: GameState, e, src, eff) -> None:
    """The attacker wounds itself for X unless it has Fear too [g-45]."""
    for attacker in tg.resolve(g, e, src, "attacker"):
        if not kws(g, attacker, "fear"):
            wound_self(g, attacker, eff.get("n", 1))


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"fear{x_text(a)}: a card that attacks it wounds itself for {n} (unless it has fear)"
    return f"страх{x_text(a)}: атаковавшая её карта наносит себе {n} ран (если у неё нет страха)"


FEAR = register_keyword(Keyword(kw="fear", places="static grant effect", rule="03 §4 fear [g-45]", text=text,
                                fields={"n": "pos?"}, parts=parts, handler=execute))
