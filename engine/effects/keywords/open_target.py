"""Open (открыть, ``open_target``; 01-game-and-cards.md §6.4 [219.1-219.3]): the target opens with its full
movement and may act again [203.7, 219.4]. An effect."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each closed target (default: this card) opens [219.2]: full movement again [203.7], it may act again
    [219.4]."""
    for t in targets(g, e, src, eff, "self"):
        if t.closed:
            t.closed = False
            t.markers.pop("movement", None)
            t.actions = 0
            t.used.pop("strikes", None)
            g.emit(Event.OPENED, card=t.id)


def text(a: dict, lang: str, words) -> str:
    """"open <target>" in ``lang``."""
    t = words.target(a.get("target"), lang)
    return f"open {t}" if lang == "en" else f"открыть {t}"


def futile(g: GameState, eff: dict, card, closed: bool) -> bool:
    """Opening an open card changes nothing [219.2]."""
    return not closed


OPEN_TARGET = register_keyword(Keyword(
    kw="open_target", places="effect", rule="01 §6.4 [219.1-219.3]", text=text, fields={"target": "target!"},
    handler=execute, futile=futile))
