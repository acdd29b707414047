"""Attacks against it count weaker (``incoming_strike_reduced``; 03-abilities.md §5 reduce_attack_to_kind [g-91]): every
attack of ``applies_to`` against it counts as strength ``to`` at most. Read by :func:`engine.rules.keywords.incoming_level` through this record's ``level_cap``."""
from __future__ import annotations

from engine.cards.vocab import STRENGTHS
from engine.cards.words import STRENGTH
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import LEVELS, kinds_match
from engine.model.state import GameState


def level_cap(g: GameState, target, kind, level, mine) -> int:
    """Attacks of ``applies_to`` against it count as strength ``to`` at most [g-91]."""
    for a in mine:
        if kinds_match(kind, a.get("applies_to")):
            level = min(level, LEVELS.index(a["to"]))
    return level


def short_form(a: dict, place: str) -> None:
    """The card pool's form (Степной волколак) names no attack: simple strikes (cards README)."""
    a.setdefault("applies_to", ["simple_strike"])


def text(a: dict, lang: str, words) -> str:
    """"Every <attack> against it counts as <strength>" in ``lang``."""
    to = STRENGTH[a["to"]]
    kinds = words.kinds(a["applies_to"], lang)
    return f"Every {kinds} against it counts as {to[0]}" if lang == "en" else f"Любой {kinds} по ней считается {to[2]}"


INCOMING_STRIKE_REDUCED = register_keyword(Keyword(
    kw="incoming_strike_reduced", places="static grant", rule="03 §5 reduce_attack_to_kind [g-91]", text=text,
    fields={"to": "enum!:" + "|".join(STRENGTHS), "applies_to": "kinds!"}, level_cap=level_cap,
    short_form=short_form))
