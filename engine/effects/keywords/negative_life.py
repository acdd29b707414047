"""Negative life (отрицательная жизнь, ``negative_life``; 01-game-and-cards.md §3.5 [204.5-204.6]): the target
loses n life from its allowance, as a ``negative_life`` marker (not wounds), until ``until``; a creature whose
current life falls to 0 or below dies at once [204.6, 402.3]. When the duration ends the marker goes and the life
comes back (wounds stay).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops import damage
from engine.ops.durations import ON_EXPIRE, add
from engine.rules import targets as tg
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target gets ``n`` more negative life; ``until: end_of_turn`` registers its end at this turn's end
    (``end_of_battle``: it stays). Deaths are checked at once [204.6]."""
    ts = targets(g, e, src, eff, "attacked")
    for t in ts:
        n = tg.amount(g, eff.get("n", 1), e, src, t)
        if n <= 0:
            continue
        t.markers["negative_life"] = t.markers.get("negative_life", 0) + n
        g.emit(Event.LIFE_ADDED, card=t.id, n=-n)
        if eff.get("until", "end_of_turn") == "end_of_turn":
            add(g, "turn_end", t.id, "negative_life", n=n)
    damage.check_deaths(g, ts)


def _ends(g: GameState, entry: dict) -> None:
    """The duration ended: the card (if still the same card in play) gets its n life back."""
    c = g.cards.get(entry.get("card") or "")
    if c is None or not g.in_play(c):
        return
    left = c.markers.get("negative_life", 0) - entry.get("n", 0)
    if left > 0:
        c.markers["negative_life"] = left
    else:
        c.markers.pop("negative_life", None)


def text(a: dict, lang: str, words) -> str:
    """"<target> gets -N life <until>" in ``lang``."""
    t = words.target(a.get("target", "attacked"), lang)
    until = words.until(a.get("until", "end_of_turn"), lang)
    if lang == "en":
        return f"{t} gets -{a['n']} life {until} (negative life, not wounds)"
    return f"{t} получает -{a['n']} к жизни {until} (отрицательная жизнь, не раны)"


NEGATIVE_LIFE = register_keyword(Keyword(
    kw="negative_life", places="activated effect", rule="01 §3.5 negative life [204.5-204.6]", text=text,
    fields={"n": "amount!", "target": "target!", "until": "enum!:end_of_turn|end_of_battle", **NAMED_FIELDS,
            **ACTIVATED_FIELDS},
    handler=execute, needs_target=True))
ON_EXPIRE["negative_life"] = _ends
