"""Grant abilities (даровать способности, ``grant``; 03-abilities.md §1.5 acquired abilities [407], durations
[418]): the target acquires ``abilities`` until ``until`` (or, with ``used_by``, until its next attack of those
kinds). An effect."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: this card) acquires ``abilities`` until ``until`` [407, 418]."""
    for t in targets(g, e, src, eff):
        acquire.grant(g, t, eff.get("abilities") or [], eff.get("until", "end_of_battle"), e["controller"], src,
                      eff.get("used_by"))


def text(a: dict, lang: str, words) -> str:
    """"<target> gets: <abilities> <until>" in ``lang``."""
    en = lang == "en"
    t = a.get("target")
    until = words.until(a["until"], lang)
    if a.get("used_by"):
        kinds = words.kinds(a["used_by"], lang)
        until += f" or until its next {kinds}" if en else f" или до её следующей атаки ({kinds})"
    gs = words.grants(a["abilities"], lang)
    if t == "self":
        return f"it gets: {gs} {until}" if en else f"она получает: {gs} {until}"
    return f"{words.target(t, lang)} gets: {gs} {until}" if en else f"{gs} для {words.target(t, lang, 2)} {until}"


GRANT = register_keyword(Keyword(
    kw="grant", places="effect", rule="03 §1.5 acquired abilities [407]", text=text,
    fields={"target": "target!", "abilities": "abilities!", "until": "until!", "used_by": "kinds?"},
    handler=execute, needs_target=True))
