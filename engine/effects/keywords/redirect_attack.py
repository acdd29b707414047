"""Redirecting an attack (``redirect_attack``; «перенаправить удар», 03 §1.6 redirection [412]): in the ``target``
window of a simple strike (02 §9 step 5, once the final target is known) the strike is moved onto another
creature: one of the chooser's creatures next to the present target (``to: beside_target``, Бешеный маг's 'magic
trick', a sudden spell with a cost) or next to this card (``beside_self``, Волот: ``chooser: opponent``, the
opponent of Волот's controller may move Волот's own strike onto one of his creatures). Offered and applied by
:mod:`engine.procedure.windows`; the attacker and the present target are never chosen.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """The redirection in plain words, after the cost."""
    kinds = words.kinds(a["applies_to"], lang)
    if a.get("chooser") == "opponent":
        if lang == "en":
            return f"the opponent may redirect its {kinds} onto one of his creatures next to it"
        return f"противник может перенаправить её {kinds} на своё существо рядом с ней"
    vs = words.filter_list(a["vs"], lang) if a.get("vs") else ""
    once = ""
    if a.get("once_per_target"):
        once = " (once per turn for each attacked creature)" if lang == "en" else \
            " (один раз за ход для каждого атакованного существа)"
    if a.get("to") == "formation_with_self":
        if lang == "en":
            at = f" at a card ({vs})" if vs else ""
            return f"it may redirect a {kinds}{at} onto a creature in formation with it{once}"
        at = f" по карте ({vs})" if vs else ""
        ru = words.kinds(a["applies_to"], "ru", 1)
        return f"может перенаправить атаку ({ru}){at} на существо в строю с ней{once}"
    if lang == "en":
        return f"move a {kinds} from its target onto a creature of yours next to that target"
    return f"перенести {kinds} с его цели на ваше существо рядом с этой целью"


REDIRECT_ATTACK = register_keyword(Keyword(
    kw="redirect_attack", places="activated static", rule="03 §1.6 redirection [412]; 02 §9 step 5", text=text,
    fields={"applies_to": "kinds!", "to": "enum!:beside_target|beside_self|formation_with_self",
            "chooser": "enum?:controller|opponent", "vs": "filters?", "once_per_target": "bool?",
            "window": "enum!:target", "optional": "bool?", "name": "name?", "kind": "enum?:influence|spell",
            "cost": "cost?", "sudden": "bool?", "limit": "limit?"}))
