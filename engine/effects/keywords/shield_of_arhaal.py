"""Shield of Arhaal X (Щит Архааля) [g-58], 03 §4 ``shield_of_arhaal``: a static modifier from the target, −1 to
every nonmagical attack against this card for each poisoned creature adjacent to it (both squads), at most −X,
counted when the modifier applies. Read by :func:`engine.rules.keywords.reduce` through ``wound_mod``. Written
``{"kw": "shield_of_arhaal", "n": X}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import NONMAGICAL
from engine.effects.keywords._named import value, x_text
from engine.effects.registry import register_keyword
from engine.rules.adjacency import adjacent_cards
from engine.model.state import GameState


def wound_mod(g: GameState, target, amount, kind, level, source, mine) -> int:
    """The wounds less min(X, poisoned creatures next to it) for a nonmagical attack."""
    if kind not in NONMAGICAL:
        return amount
    poisoned = sum(1 for c in adjacent_cards(g, target) if g.is_creature(c) and c.markers.get("poison"))
    return max(0, amount - min(value(mine), poisoned))


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"shield of Arhaal{x_text(a)}: −1 to nonmagical attacks against it per poisoned creature next to it (at most −{n})"
    return f"щит Архааля{x_text(a)}: −1 к немагическим атакам по нему за каждое отравленное существо рядом (не больше −{n})"


SHIELD_OF_ARHAAL = register_keyword(Keyword(
    kw="shield_of_arhaal", places="static grant", rule="03 §4 shield_of_arhaal [g-58]", text=text,
    fields={"n": "pos?"}, wound_mod=wound_mod))
