"""Reducing a strike to n, as a playable answer (``cap_strike``; Глорм's 'distracting flash', «свести удар к 1»,
03 §5 reduce_attack_to_n [g-90]): offered in the fixed window ``protection`` of a simple strike (02 §9 step 10) at
one of its controller's creatures; the strike then deals at most ``n``. The card pays ``wound_self`` wounds for
it (an influence), unless the struck creature matches ``unless``. (The static form, an attack on the card itself
reduced while a condition holds, is ``reduce_attack_to_n``.) Offered and applied by
:mod:`engine.procedure.windows`; the cap is applied by :mod:`engine.procedure.strike`.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.registry import register_keyword
from engine.ops.damage import check_deaths, wound
from engine.rules.targets import match
from engine.model.state import GameState


def window_options(g: GameState, w, card, a: dict, base: dict) -> list[dict]:
    """A strike at one of your creatures (Глорм)."""
    blow = (w.data.get("blows") or [None])[0]
    ok = blow is not None and w.tgt is not None and w.tgt.controller == w.p and g.is_creature(w.tgt)
    return [base] if ok else []


def window_apply(g: GameState, ex: dict, card, a: dict, act: dict) -> None:
    """«свести удар к n» [g-90]: the strike deals at most n; the card pays with wounds unless ``unless`` matches
    the target."""
    data = ex["data"]
    data["cap"] = min(data.get("cap", a["n"]), a["n"])
    tgt = g.cards.get(data.get("target") or "")
    if a.get("wound_self") and not (tgt is not None and a.get("unless") and match(g, card, tgt, a["unless"])):
        wound(g, card, a["wound_self"], "wound", card)
        check_deaths(g, [card])


def text(a: dict, lang: str, words) -> str:
    """"a simple strike at one of your creatures deals at most n[; this card takes w wounds, none if ...]"."""
    kinds = words.kinds(a["applies_to"], lang)
    pay = ""
    if a.get("wound_self"):
        unless = ""
        if a.get("unless"):
            unless = (f", none if the struck creature is {words.filter_list(a['unless'], lang)}" if lang == "en"
                      else f", и ни одной, если цель — {words.filter_list(a['unless'], lang)}")
        pay = (f"; this card takes {a['wound_self']} wound for it{unless}" if lang == "en"
               else f"; эта карта получает за это {a['wound_self']} рану{unless}")
    if lang == "en":
        return f"a {kinds} at one of your creatures deals at most {a['n']}{pay}"
    return f"{kinds} по вашему существу наносит не больше {a['n']}{pay}"


CAP_STRIKE = register_keyword(Keyword(
    kw="cap_strike", places="activated", rule="03 §5 reduce_attack_to_n [g-90]; 02 §9 step 10", text=text,
    fields={"n": "int!", "applies_to": "kinds!", "window": "enum!:protection", "wound_self": "int?",
            "unless": "filters?", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    window="protection", window_options=window_options, window_apply=window_apply))
