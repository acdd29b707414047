"""Vampirism (вампиризм, ``vampirism``; 03-abilities.md §4 [g-06]): it heals the wounds it deals (less ``minus``). Its
rule is read where combat asks for it (engine/ops/passives.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Vampirism" / "Vampirism for X−N (...)" in ``lang``."""
    m = a.get("minus")
    if m:
        return f"Vampirism for X−{m} (X = the wounds it deals)" if lang == "en" else \
            f"Вампиризм на X−{m} (X = нанесённые ею раны)"
    return "Vampirism" if lang == "en" else "Вампиризм"


VAMPIRISM = register_keyword(Keyword(
    kw="vampirism", places="static grant", rule="03 §4 vampirism [g-06]", text=text,
    fields={"minus": "int?"}))
