"""Destruction (уничтожение, ``destroy``; 03-abilities.md §5 destroy [g-94]): the target is destroyed. An effect."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import damage
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: the attacked card) is destroyed [g-94]."""
    for t in targets(g, e, src, eff, "attacked"):
        damage.destroy(g, t, by=src, kind="destroy")


def text(a: dict, lang: str, words) -> str:
    """"destroy <target>" in ``lang``."""
    t = a.get("target")
    if t == "self":
        return "destroy this card" if lang == "en" else "уничтожить эту карту"
    return f"destroy {words.target(t, lang)}" if lang == "en" else f"уничтожить {words.target(t, lang)}"


DESTROY = register_keyword(Keyword(
    kw="destroy", places="effect", rule="03 §5 destroy [g-94]", text=text, fields={"target": "target!"},
    handler=execute))
