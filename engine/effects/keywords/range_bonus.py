"""Range bonus (``range_bonus``; 03-abilities.md §3.2 [g-11], §1.12): +n range for its ``applies_to`` attacks. Its rule
is read where combat asks for it (engine/rules/keywords.py ``range_bonus``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"+N to the range of its <attacks>" in ``lang``."""
    kinds = words.kinds(a["applies_to"], lang)
    return f"+{a['n']} to the range of its {kinds}" if lang == "en" else f"+{a['n']} к дальности: {kinds}"


RANGE_BONUS = register_keyword(Keyword(
    kw="range_bonus", places="static grant", rule="03 §3.2 [g-11], §1.12", text=text,
    fields={"n": "int!", "applies_to": "kinds!"}))
