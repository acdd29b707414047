"""Regeneration (регенерация, ``regeneration``; 03-abilities.md §4 [g-42]): heals n at its owner's turn start. Its rule
is read where combat asks for it (engine/ops/passives.py); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Regeneration N" in ``lang`` (with ``stacks``: it adds to any it already has)."""
    extra = ""
    if a.get("stacks"):
        extra = " (adds to any it already has)" if lang == "en" else " (прибавляется к уже имеющемуся)"
    name = "Regeneration" if lang == "en" else "Регенерация"
    return f"{name} {a['n']}{extra}{words.conditions(a.get('condition'), lang)}"


REGENERATION = register_keyword(Keyword(
    kw="regeneration", places="static grant", rule="03 §4 regeneration [g-42]", text=text,
    fields={"n": "int!"}))
