"""Choose one (выбрать одно, ``choose_one``; 03-abilities.md §1.9 [416], RULES.md Q4): an effect whose chooser (its
controller, or the attacked card's controller) picks one of ``options`` (each a list of effects) while the entry
executes. The choice is asked by engine/procedure/execute.py; this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.words import idx, or_
from engine.effects.registry import register_keyword

_WHO = {"controller": ("its controller chooses", "её владелец выбирает"),
        "target_controller": ("the attacked card's controller chooses", "владелец атакованной карты выбирает")}


def text(a: dict, lang: str, words) -> str:
    """"<chooser> chooses: <option> or <option>" in ``lang``."""
    joiner = " and " if lang == "en" else " и "
    opts = [joiner.join(words.effect(x, lang) for x in o) for o in a["options"]]
    return _WHO[a["chooser"]][idx(lang)] + ": " + or_(opts, lang)


CHOOSE_ONE = register_keyword(Keyword(
    kw="choose_one", places="effect", rule="03 §1.9 [416]; RULES.md Q4 (choice inside an entry)", text=text,
    fields={"chooser": "enum!:controller|target_controller", "options": "options!"}))
