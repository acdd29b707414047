"""Die bonus (``roll_bonus``; 03-abilities.md §1.12 [422]): +n to its die when it makes an attack of ``applies_to``
(against ``vs`` targets). Its rule is read where combat asks for it (engine/rules/keywords.py ``roll_mod``); this
module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"+N to its die roll when it attacks / makes <attack>" in ``lang``."""
    vs = words.vs(a, lang)
    if a["applies_to"] == ["any_attack"]:
        return f"+{a['n']} to its die roll when it attacks{vs}" if lang == "en" else \
            f"+{a['n']} к броску кубика, когда она атакует{vs}"
    kinds = words.kinds(a["applies_to"], lang)
    return f"+{a['n']} to its die roll when it makes {kinds}{vs}" if lang == "en" else \
        f"+{a['n']} к броску кубика, когда она атакует ({kinds}){vs}"


ROLL_BONUS = register_keyword(Keyword(
    kw="roll_bonus", places="static grant", rule="03 §1.12 [422]", text=text,
    fields={"n": "int!", "applies_to": "kinds!", "vs": "filters?"}))
