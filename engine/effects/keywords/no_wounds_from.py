"""Taking no wounds from ... (``no_wounds_from``; «не получает ран от ...», 03 §5 no_wounds_from [g-79]): attacks
of the kinds in ``from`` may still be declared at it but put no wounds on it; ``retaliation: true`` = the blow
of the creature it strikes, in a fight it started («ответные удары не наносят ему ран», Килсус). Static or
granted; :func:`engine.rules.keywords.no_wounds` reads it (the wounds step, :func:`engine.ops.damage.wound`, and
the responder's blow, :mod:`engine.procedure.strike`).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.model.state import GameState


def no_wounds(g: GameState, card, kind, retaliation, mine) -> bool:
    """No wounds from attacks of its ``from`` kinds, or from a retaliation when it names ``retaliation`` [g-79]."""
    for a in mine:
        if retaliation and a.get("retaliation"):
            return True
        if a.get("from") and kinds_match(kind, a["from"]):
            return True
    return False


def text(a: dict, lang: str, words) -> str:
    """"It takes no wounds from <kinds> / retaliation strikes" in ``lang``."""
    parts_en, parts_ru = [], []
    if a.get("from"):
        parts_en.append(words.kinds(a["from"], "en", 3))
        parts_ru.append(words.kinds(a["from"], "ru", 3))
    if a.get("retaliation"):
        parts_en.append("retaliation strikes")
        parts_ru.append("ответных ударов")
    if lang == "en":
        return "It takes no wounds from " + " or ".join(parts_en)
    return "Не получает ран от " + " или ".join(parts_ru)


NO_WOUNDS_FROM = register_keyword(Keyword(
    kw="no_wounds_from", places="static grant", rule="03 §5 no_wounds_from [g-79]", text=text,
    fields={"from": "kinds?", "retaliation": "bool?"}, no_wounds=no_wounds))
