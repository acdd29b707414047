"""Incarnation tokens (фишки инкарнации, ``incarnation_token``; 03-abilities.md §4 ``incarnation`` [g-19], [218.8]):
put n incarnation tokens on a card in its owner's graveyard (they ignore any token maximum). ``target``: ``self``
(the card itself: its Incarnation's own turn-start token) or ``own_graveyard`` (a card of your graveyard matching
``filter``, chosen by you inside the entry; none: nothing). The card's "when it receives an incarnation token"
triggers fire from the graveyard, then it incarnates if it now has enough (engine/effects/keywords/incarnation.py).
A token on a card without Incarnation does nothing more (§6.7).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects import choice
from engine.effects.keywords.incarnation import incarnate
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops import trigger_points
from engine.rules import targets as tg
from engine.model.state import GameState

_MEMO = "incarnation_token"


def execute(g: GameState, e, src, eff) -> None:
    """Choose the card, put the tokens, fire its triggers, incarnate it if it has enough."""
    m = choice.memo(g, _MEMO)
    p = e["controller"]
    if "card" not in m:
        if eff.get("target", "self") == "self":
            cands = [src.id] if src is not None and src.zone == "graveyard" else []
        else:
            cands = [cid for cid in g.graveyards[p]
                     if tg.match(g, src, g.cards[cid], eff.get("filter"), {"controller": p})]
        if not cands:
            g.emit(Event.FIZZLED, source=e["source"])
            return
        i = choice.pick(g, p, cands, "incarnation_token_card", e["source"])
        if i is None:
            return
        m["card"] = cands[i]
    card = g.cards[m["card"]]
    if not m.get("placed"):
        m["placed"] = True
        if card.zone != "graveyard":
            choice.forget(g, _MEMO)
            return
        card.tokens += eff.get("n", 1)
        g.emit(Event.TOKENS, card=card.id, n=eff.get("n", 1), kind="incarnation")
        trigger_points.collect(g, {"type": "incarnation_token", "card": card.id, "n": card.tokens})
    if incarnate(g, card) is None:
        return
    choice.forget(g, _MEMO)


def text(a: dict, lang: str, words) -> str:
    """"put N incarnation token(s) on <card>" in ``lang``."""
    n = a.get("n", 1)
    en = lang == "en"
    if a.get("target", "self") == "self":
        who = "it (in the graveyard)" if en else "неё (на кладбище)"
    else:
        who = "a card in your graveyard" if en else "карту на вашем кладбище"
        if a.get("filter"):
            who += f" ({words.filters(a['filter'], lang)})"
    if en:
        return f"put {n} incarnation token{'s' if n > 1 else ''} on {who}"
    return f"положить фишки инкарнации ({n}) на {who}"


INCARNATION_TOKEN = register_keyword(Keyword(
    kw="incarnation_token", places="effect", rule="03 §4 incarnation [g-19]; [218.8]", text=text,
    fields={"n": "int!", "target": "enum?:self|own_graveyard", "filter": "filters?"}, handler=execute))
