"""Does not open (не открывается, ``skip_next_open``; 01-game-and-cards.md §6.4 [311], card text): the target does
not open at the start of its controller's next turn. An effect."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: the attacked card) gets the marker ``skip_open`` (read at its turn start)."""
    for t in targets(g, e, src, eff, "attacked"):
        t.markers["skip_open"] = 1
        g.emit(Event.SKIP_OPEN, card=t.id)


def text(a: dict, lang: str, words) -> str:
    """"<target> does not open at the start of its controller's next turn" in ``lang``."""
    t = words.target(a.get("target"), lang)
    if lang == "en":
        return f"{t} does not open at the start of its controller's next turn"
    return f"{t} не открывать в начале следующего хода её владельца"


SKIP_NEXT_OPEN = register_keyword(Keyword(
    kw="skip_next_open", places="effect", rule="01 §6.4 [311] (card text)", text=text, fields={"target": "target!"},
    handler=execute))
