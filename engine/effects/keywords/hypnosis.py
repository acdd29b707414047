"""Hypnosis (гипноз; Шаман-душегрыз, ../shared/cards/README.md §6.6, card text): an open enemy creature makes a
simple strike at a card standing next to it, then closes. Declared with ``targets`` = [the creature, the card it
strikes] (the struck card is any card that creature may strike now: one next to it). When it executes the
creature pays its strike (it closes, [216.12]) and the strike executes at once, before any priority
(:func:`engine.procedure.execute.strike_now`): the creature is the attacker, with its own abilities, under its
controller. A spell: a creature protected from spells is not hypnotised [411].
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops.costs import _pay_strike
from engine.rules import keywords
from engine.rules.combat import strike_target_ok, strike_targets
from engine.model.state import GameState


def options(g: GameState, card, a: dict) -> list[dict]:
    """``{"targets": [creature, struck card]}`` for every open enemy creature on the battlefield and every card it
    may strike now."""
    out = []
    for v in g.play_cards():
        if v.controller == card.controller or v.hidden or v.zone != "battlefield" or not g.is_creature(v):
            continue
        if a.get("kind") == "spell" and keywords.protected(g, v, "spell", None, card):
            continue
        out.extend({"targets": [v.id, t]} for t in strike_targets(g, v) if not g.cards[t].hidden)
    return out


def execute(g: GameState, e, src, eff) -> None:
    """If the creature is still open and may still strike the card, it pays its strike and the strike is made
    next (``e["strike_now"]``); else nothing (RULES.md Q7)."""
    ids = e.get("targets") or []
    if len(ids) != 2:
        return
    v, t = g.cards.get(ids[0]), g.cards.get(ids[1])
    if v is None or t is None or v.closed or not g.in_play(v) or not strike_target_ok(g, v, t) or \
            (e.get("spell") and keywords.protected(g, v, "spell", None, src)):
        g.emit(Event.FIZZLED, source=e["source"])
        return
    _pay_strike(g, v)
    if not v.closed:
        v.closed = True  # "then closes", whatever would keep it open
        g.emit(Event.CLOSED, card=v.id)
    e["strike_now"] = {"source": v.id, "target": t.id}


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words, after its cost."""
    if lang == "en":
        return "an open enemy creature makes a simple strike at a card next to it, then closes"
    return "открытое вражеское существо наносит простой удар по соседней карте, затем закрывается"


HYPNOSIS = register_keyword(Keyword(
    kw="hypnosis", places="activated", rule="card text (Шаман-душегрыз, README §6.6); 02 §4", text=text,
    fields={**NAMED_FIELDS, **ACTIVATED_FIELDS}, handler=execute, options=options))
