"""Change a roll (``roll_modifier``; 03-abilities.md §1.12 [422.3], 02-battle.md §9 fixed windows, step 7): an
activated ability used in the roll window; one die roll (any, or its controller's) is changed by one of ``options``
(+1, -1, roll again). Offered and applied by engine/procedure/windows.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.cards.words import idx, or_
from engine.effects.registry import register_keyword

_OPTIONS = {"+1": ("add 1", "прибавить 1"), "-1": ("subtract 1", "отнять 1"),
            "reroll": ("roll it again", "перебросить его")}


def text(a: dict, lang: str, words) -> str:
    """"change any die roll: add 1 or subtract 1" in ``lang``."""
    who = ("any die roll", "любой бросок кубика") if a["rolls_of"] == "any" else ("a roll of yours", "ваш бросок")
    head = f"change {who[0]}: " if lang == "en" else f"изменить {who[1]}: "
    return head + or_([_OPTIONS[o][idx(lang)] for o in a["options"]], lang)


ROLL_MODIFIER = register_keyword(Keyword(
    kw="roll_modifier", places="activated", rule="03 §1.12 [422.3]; 02 §9 fixed windows (step 7)", text=text,
    fields={"options": "list_str!", "rolls_of": "enum!:any|friendly", "window": "enum!:roll", **NAMED_FIELDS,
            **ACTIVATED_FIELDS}))
