"""Attacks against it count weaker (``incoming_strike_reduced``; 03-abilities.md §5 reduce_attack_to_kind [g-91]): every
attack of ``applies_to`` against it counts as strength ``to`` at most. Its rule is read where combat asks for it
(engine/rules/keywords.py ``incoming_level``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.vocab import STRENGTHS
from engine.cards.words import STRENGTH
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Every <attack> against it counts as <strength>" in ``lang``."""
    to = STRENGTH[a["to"]]
    kinds = words.kinds(a["applies_to"], lang)
    return f"Every {kinds} against it counts as {to[0]}" if lang == "en" else f"Любой {kinds} по ней считается {to[2]}"


INCOMING_STRIKE_REDUCED = register_keyword(Keyword(
    kw="incoming_strike_reduced", places="static grant", rule="03 §5 reduce_attack_to_kind [g-91]", text=text,
    fields={"to": "enum!:" + "|".join(STRENGTHS), "applies_to": "kinds!"}))
