"""Defends without closing (``defender_no_close``; 02-battle.md §4, 03-abilities.md §6 [216.12.a]): it does not close
when it acts as a defender (``unlimited``: any number of times per turn). Its flag
``defends_without_closing`` is asked by engine/procedure/strike.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Does not close when it acts as a defender" in ``lang``."""
    extra = ""
    if a["unlimited"]:
        extra = "; it may defend any number of times per turn" if lang == "en" else \
            "; может защищать сколько угодно раз за ход"
    if lang == "en":
        return "Does not close when it acts as a defender" + extra
    return "Не закрывается, когда становится защитником" + extra


DEFENDER_NO_CLOSE = register_keyword(Keyword(
    kw="defender_no_close", places="static grant", rule="02 §4; 03 §6 defender_no_close [216.12.a]", text=text,
    fields={"unlimited": "bool!"}, flags=frozenset({"defends_without_closing"})))
