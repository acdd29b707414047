"""Stealth (Скрытность) [g-43], 03 §4 ``stealth``: static. The card may stay face down through the Reveal: it is
not revealed with the others at the end of the first player's first turn [306.2.a] (its flag ``stays_hidden``,
asked by :func:`engine.procedure.phases.keeps_hidden`); it is revealed like any face-down card when it becomes a
target, declares a sudden action or a trigger of it fires [415.2]. Written ``{"kw": "stealth"}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return ("stealth: it may stay face down when the others are revealed" if lang == "en"
            else "скрытность: может остаться закрытой, когда остальные открываются")


STEALTH = register_keyword(Keyword(kw="stealth", places="static grant", rule="03 §4 stealth [g-43]; [306.2.a]",
                                   text=text, flags=frozenset({"stays_hidden"})))
