"""Rage X (Ярость) [g-59], 03 §4 ``rage``: mixed. Triggered part: at the end of its controller's turn, if the card
did not initiate an attack this turn, it gains a token (at most X). Activated part: during its controller's turn,
while closed, it may remove a token to open (an open card cannot open [219.2]; a token it lacks cannot be spent).
Written ``{"kw": "rage", "n": X}``; its ``parts`` are the end-of-turn trigger (effect: this keyword) and the
activated part ``{"kw": "rage", "cost": 1 token}`` (declared by the name ``rage``)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import ATTACK_ABILITIES
from engine.effects.keywords._named import x_text
from engine.effects.registry import register_keyword
from engine.model.history import acts
from engine.ops.tokens import gain_tokens
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """The end-of-turn trigger and the activated "remove a token: open"."""
    return [{"kw": "trigger", "when": "end_of_turn", "turn": "own", "optional": False,
             "effects": [{"kw": "rage", "n": a.get("n", 1)}]},
            {"kw": "rage", "n": a.get("n", 1), "cost": {"tap": False, "tokens": 1}, "sudden": True, "limit": None}]


def options(g: GameState, card, a: dict) -> list[dict]:
    """Declarable in its controller's turn while the card is closed (opening an open card is no effect, 219.2)."""
    if "cost" not in a or not card.closed or g.active != card.controller or not g.in_play(card):
        return []
    return [{}]


def execute(g: GameState, e, src, eff) -> None:
    """Trigger: a token (at most X) when it initiated no attack this turn; activated: it opens."""
    if src is None or not g.in_play(src):
        return
    if "cost" in eff or e.get("kind") == "ability" and not e.get("point"):
        if src.closed:
            src.closed = False
        return
    attacked = any(w in ("strike",) + tuple(ATTACK_ABILITIES) for _, w in acts(g, src))
    if not attacked and src.tokens < eff.get("n", 1):
        gain_tokens(g, src, 1)


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if "cost" in a:
        return "rage: it opens" if lang == "en" else "ярость: открывается"
    if lang == "en":
        return f"rage{x_text(a)}: at the end of your turn, if it made no attack, it gains a token (at most {n}); closed, it may remove a token to open"
    return f"ярость{x_text(a)}: в конце вашего хода, если она не атаковала, получает фишку (не больше {n}); закрытая, может снять фишку и открыться"


RAGE = register_keyword(Keyword(kw="rage", places="static activated effect", rule="03 §4 rage [g-59]", text=text,
                                fields={"n": "pos?", "cost": "cost?", "sudden": "bool?", "limit": "limit?"},
                                parts=parts, handler=execute, options=options, reads_history=("acts",)))
