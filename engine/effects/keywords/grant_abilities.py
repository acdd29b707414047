"""Granting abilities (``grant_abilities``; «получает ...», 03-abilities.md §1.5 [407.1-407.2]): the playable
ability whose effect is that ``target`` acquires ``grants`` until ``until`` (absent or null: to the end of the
battle [407.2]). The cost, kind (воздействие / заклинание), name and limit sit on the ability; ``and`` holds
effects done as part of the same action ("при этом", ../shared/cards/README.md §6.4). A granted ``flight`` makes
the card take off at once (engine/effects/keywords/flight.py). Granting an ability the card already holds from a
grant renews it (docs/cards.md G8).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import targets
from engine.effects.keywords.flight import take_off
from engine.effects.registry import apply_effects, register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Every target (default: this card; a spell skips cards protected from spells [411]) acquires ``grants``
    until ``until``; then the ``and`` effects execute (a chosen target of theirs is the same card:
    ``same_target``)."""
    until = eff.get("until") or "end_of_battle"
    extra = None
    if until == "end_of_opponent_xth_turn":  # the X-th opponent turn from now, X stated at declaration
        x = max(1, int(e.get("x") or e.get("paid_tokens") or 1))
        extra = {"end_turn": g.turn + 2 * x - (1 if g.active == e["controller"] else 0)}
    for t in targets(g, e, src, eff, "self"):
        acquire.grant(g, t, eff.get("grants") or [], until, e["controller"], src, extra=extra)
        if any(a.get("kw") == "flight" for a in eff.get("grants") or []):
            take_off(g, t)
    if eff.get("and"):
        apply_effects(g, e, src, eff["and"])


def text(a: dict, lang: str, words) -> str:
    """"<target> gets: <grants> <until>[; <and>]" in ``lang``."""
    t = a.get("target", "self")
    until = a.get("until") or "end_of_battle"
    tail = "" if until == "end_of_battle" else " " + words.until(until, lang)
    gs = words.grants(a["grants"], lang)
    if [x.get("kw") for x in a["grants"]] == ["flight"]:
        gs = "flight (it becomes a flyer)" if lang == "en" else "полёт (становится летающей)"
    extra = ""
    if a.get("and"):
        extra = "; " + "; ".join(words.effect(x, lang) for x in a["and"])
    if lang == "en":
        who = "it" if t == "self" else words.target(t, lang)
        return f"{who} gets: {gs}{tail}{extra}"
    if t == "self":
        return f"она получает: {gs}{tail}{extra}"
    return f"{gs} для {words.target(t, lang, 2)}{tail}{extra}"


GRANT_ABILITIES = register_keyword(Keyword(
    kw="grant_abilities", places="activated", rule="03 §1.5 [407.1-407.2]", text=text,
    fields={"grants": "abilities!", "target": "target!", "until": "until?", "and": "effects?",
            **NAMED_FIELDS, **ACTIVATED_FIELDS},
    defaults={"target": "self"}, handler=execute))
