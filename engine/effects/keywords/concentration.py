"""Concentration (Концентрация) [g-20], 03 §4 ``concentration``: triggered. At the end of the opponent's turn, if
this card received no wounds during that turn, it gains a token; rechecked when the trigger executes (wounded in
between: no token). Written ``{"kw": "concentration"}``; its ``parts`` are the end-of-turn trigger whose effect is
this keyword (the wounds of the turn come from :mod:`engine.model.history`)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.history import wounds
from engine.ops.tokens import gain_tokens
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """The trigger at the end of the opponent's turn."""
    return [{"kw": "trigger", "when": "end_of_turn", "turn": "opponent", "optional": False,
             "effects": [{"kw": "concentration"}]}]


def execute(g: GameState, e, src, eff) -> None:
    """A token when it took no wound this turn [g-20]."""
    if src is not None and g.in_play(src) and wounds(g, src) == 0:
        gain_tokens(g, src, 1)


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "concentration: at the end of the opponent's turn, if it took no wounds that turn, it gains a token"
    return "концентрация: в конце хода противника, если в этом ходу она не получила ран, получает фишку"


CONCENTRATION = register_keyword(Keyword(kw="concentration", places="static grant effect",
                                         rule="03 §4 concentration [g-20]", text=text, parts=parts,
                                         handler=execute, reads_history=("wounds",)))
