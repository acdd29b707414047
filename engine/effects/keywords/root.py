"""Rooted (``root``; Basilisk's gaze, card text; 02 §3): the target cannot leave its cell ``until`` the duration
ends. The whole keyword: schema, the state it puts on the target (``_root``), execution and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """The target (default: the attacked card) acquires the state ``_root`` until ``until`` (default: the end of
    the turn)."""
    for t in targets(g, e, src, eff, "attacked"):
        acquire.grant(g, t, [{"kw": "_root"}], eff.get("until", "end_of_turn"), e["controller"], src)


def text(e: dict, lang: str, words) -> str:
    """"<target> cannot leave its cell <until>" in ``lang``."""
    t = words.target(e.get("target"), lang)
    if lang == "en":
        return f"{t} cannot leave its cell {words.until(e['until'], lang)}"
    return f"{t} нельзя сдвинуть с её клетки, {words.until(e['until'], lang)}"


ROOT = register_keyword(Keyword(
    kw="root", places="effect", rule="none (card text); 02 §3", text=text,
    fields={"target": "target!", "until": "until!"}, handler=execute,
    state="_root", state_effects=frozenset({"cannot_move"})))
