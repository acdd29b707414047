"""Choose one (выбрать одно, ``choose_one``; 03-abilities.md §1.9 [416], RULES.md Q4): an effect whose chooser (its
controller, or the attacked card's controller) picks one of ``options`` (each a list of effects) while the entry
executes: its ``ask_choice`` and ``chosen`` hooks, asked by engine/procedure/execute.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.words import idx, or_
from engine.effects.registry import conditions_hold, register_keyword
from engine.model.enums import PromptKind
from engine.rules import targets as tg
from engine.model.state import GameState

_WHO = {"controller": ("its controller chooses", "её владелец выбирает"),
        "target_controller": ("the attacked card's controller chooses", "владелец атакованной карты выбирает")}


def ask_choice(g: GameState, e: dict, src, eff: dict) -> dict | None:
    """The prompt of the choice: its chooser (the entry's controller, or the attacked card's controller with
    ``chooser: target_controller``) picks one of ``options``; ``allowed`` lists the offered ones when an option's
    conditions fail. None when there is no attacked card to ask for, or no option holds (RULES.md Q4)."""
    chooser = e["controller"]
    if eff.get("chooser") == "target_controller":
        ts = tg.resolve(g, e, src, "attacked")
        if not ts:
            return None
        chooser = ts[0].controller
    allowed = [k for k, opt in enumerate(eff["options"])
               if all(conditions_hold(g, e, src, x["condition"]) for x in opt if x.get("condition"))]
    if not allowed:
        return None
    ask = {"kind": PromptKind.CHOICE, "player": chooser, "options": len(eff["options"]), "source": e["source"]}
    if len(allowed) < len(eff["options"]):  # an option whose conditions fail is not offered
        ask["allowed"] = allowed
    return ask


def chosen(eff: dict, pick: int) -> list[dict]:
    """The effects of the picked option."""
    return eff["options"][pick]


def first_in(obj) -> dict | None:
    """The first choose one (``choose_one``) object in a JSON-like value (an ability, its effects, at any depth; depth
    first), or None."""
    if isinstance(obj, dict):
        if obj.get("kw") == "choose_one":
            return obj
        obj = list(obj.values())
    if isinstance(obj, list):
        for v in obj:
            found = first_in(v)
            if found is not None:
                return found
    return None


def acts_on_attacked(eff: dict) -> bool:
    """Whether ``eff`` is a choose one (``choose_one``) with an option acting on the attacked card (атакованная
    карта), e.g. Овражный гном's "close it or wound it for 2"."""
    return eff.get("kw") == "choose_one" and any(
        x.get("target") == "attacked" for option in eff["options"] for x in option)


def option_texts(a: dict, lang: str, words) -> list[str]:
    """Each option of the ``choose_one`` object ``a`` in plain words (``lang`` "ru" or "en"), in option order: its
    effects joined by "and" ("close the attacked card", "wound the attacked card for 2 (not an attack)")."""
    joiner = " and " if lang == "en" else " и "
    return [joiner.join(words.effect(x, lang) for x in o) for o in a["options"]]


def text(a: dict, lang: str, words) -> str:
    """"<chooser> chooses: <option> or <option>" in ``lang``."""
    return _WHO[a["chooser"]][idx(lang)] + ": " + or_(option_texts(a, lang, words), lang)


CHOOSE_ONE = register_keyword(Keyword(
    kw="choose_one", places="effect", rule="03 §1.9 [416]; RULES.md Q4 (choice inside an entry)", text=text,
    fields={"chooser": "enum!:controller|target_controller", "options": "options!"},
    ask_choice=ask_choice, chosen=chosen))
