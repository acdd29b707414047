"""Life maximum (``life_cap``; 03-abilities.md §5 life_max [204.3.a]): its life can never exceed n. Its ``life_limit``
hook is asked by :func:`engine.rules.keywords.life_limit` (engine/ops/tokens.py ``add_life``)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def life_limit(g: GameState, card, mine) -> int:
    """The least n of the card's copies ``mine`` [204.3.a]."""
    return min(a.get("n") for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"Its life can never exceed N" in ``lang``."""
    return f"Its life can never exceed {a['n']}" if lang == "en" else f"Её жизни не могут быть больше {a['n']}"


LIFE_CAP = register_keyword(Keyword(
    kw="life_cap", places="static grant", rule="03 §5 life_max [204.3.a]", text=text,
    fields={"n": "int!"}, life_limit=life_limit))
