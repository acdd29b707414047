"""Range X (Дальность X) [g-11], 03 §4 ``range`` and §3.2: a target-choice modifier. Written on a card as
``{"kw": "range", "n": X}``, it gives the card's ranged attacks (shot, throw, discharge) that print no range the
range X: a legal target is at most X steps away (Chebyshev distance); cards in an aux zone stay reachable by them at
any range [SEED S2]. An attack with a printed range keeps its own. Applied when the definition is built (this
record's ``rewrite``)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword

_RANGED = ("shot", "throw", "discharge")


def rewrite(a: dict, other: dict) -> dict:
    """An unranged ranged attack of the card gets range X."""
    if other.get("kw") in _RANGED and other.get("range") is None:
        return dict(other, range=a.get("n", 1))
    return other


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    return f"range {n}" if lang == "en" else f"дальность {n}"


RANGE = register_keyword(Keyword(kw="range", places="static", rule="03 §4 range [g-11]; 03 §3.2", text=text,
                                 fields={"n": "pos!"}, rewrite=rewrite))
