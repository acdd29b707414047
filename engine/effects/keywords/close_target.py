"""Close (закрыть, ``close_target``; 01-game-and-cards.md §6.4 [219.1-219.3]): the target closes. An effect."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each open target (default: the attacked card) closes [219.1]."""
    for t in targets(g, e, src, eff, "attacked"):
        if not t.closed:
            t.closed = True
            g.emit(Event.CLOSED, card=t.id)


def text(a: dict, lang: str, words) -> str:
    """"close <target>" in ``lang``."""
    t = words.target(a.get("target"), lang)
    return f"close {t}" if lang == "en" else f"закрыть {t}"


def futile(g: GameState, eff: dict, card, closed: bool) -> bool:
    """Closing a closed card changes nothing [219.2]."""
    return closed


CLOSE_TARGET = register_keyword(Keyword(
    kw="close_target", places="effect", rule="01 §6.4 [219.1-219.3]", text=text, fields={"target": "target!"},
    handler=execute, needs_target=True, futile=futile))
