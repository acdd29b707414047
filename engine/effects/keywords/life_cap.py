"""Life maximum (``life_cap``; 03-abilities.md §5 life_max [204.3.a]): its life can never exceed n. Its rule is read
where combat asks for it (engine/ops/tokens.py ``add_life``); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"Its life can never exceed N" in ``lang``."""
    return f"Its life can never exceed {a['n']}" if lang == "en" else f"Её жизни не могут быть больше {a['n']}"


LIFE_CAP = register_keyword(Keyword(
    kw="life_cap", places="static grant", rule="03 §5 life_max [204.3.a]", text=text,
    fields={"n": "int!"}))
