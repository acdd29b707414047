"""Fading X (Угасание) [g-52], 03 §4 ``fading``: triggered, mandatory. At the start of its controller's turn (Turn
Start step [311.4], after cards open), if the card opened this turn or was open before the turn began (it is open
when the trigger executes), it wounds itself for X: "wound self" [g-89], not an attack (Armour does not help) and
not an opposing influence (Resilience does not help). Written ``{"kw": "fading", "n": X}``; its ``parts`` are the
turn-start trigger whose effect is this keyword."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import wound_self, x_text
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """The trigger at the start of its controller's turn."""
    return [{"kw": "trigger", "when": "start_of_turn", "turn": "own", "optional": False,
             "effects": [{"kw": "fading", "n": a.get("n", 1)}]}]


def execute(g: GameState, e, src, eff) -> None:
    """Wound itself for X when it is in play and open [g-52]."""
    if src is not None and g.in_play(src) and not src.closed:
        wound_self(g, src, eff.get("n", 1))


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"fading{x_text(a)}: at the start of your turn, if it is open, it wounds itself for {n}"
    return f"угасание{x_text(a)}: в начале вашего хода, если она открыта, наносит себе {n} ран"


FADING = register_keyword(Keyword(kw="fading", places="static grant effect", rule="03 §4 fading [g-52]", text=text,
                                  fields={"n": "pos?"}, parts=parts, handler=execute))
