"""Accuracy (Точность) [g-50], 03 §4 ``accuracy``: static. Every property and ability of this card cannot be
redirected: no defender may be assigned against its simple strikes (a defender is a redirection [205.3]); it
ignores abilities that force it to attack. Written ``{"kw": "accuracy"}``; its
``parts`` are the vocabulary's ``directed_strike`` and ``ignores_forced_targeting`` of every attack."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def parts(card: dict, a: dict) -> list[dict]:
    """No defender against its strikes; forced targets do not bind it."""
    return [{"kw": "directed_strike"}, {"kw": "ignores_forced_targeting", "applies_to": ["any_attack"]}]


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "accuracy: its attacks cannot be redirected (no defender) and nothing forces it to attack"
    return "точность: её атаки нельзя перенаправить (без защитника), её нельзя обязать атаковать"


ACCURACY = register_keyword(Keyword(kw="accuracy", places="static grant", rule="03 §4 accuracy [g-50]", text=text,
                                    parts=parts))
