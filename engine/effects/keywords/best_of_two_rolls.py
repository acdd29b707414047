"""Best of two rolls (``best_of_two_rolls``; card text, 03-abilities.md §1.12): in a fight of ``applies_to`` in one of
``roles`` it rolls twice and keeps the better die. Read by :func:`engine.rules.keywords.best_of_two` through this record's ``best_roll``."""
from __future__ import annotations

from engine.cards.words import idx, or_
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import kinds_match
from engine.model.state import GameState


def best_roll(g: GameState, card, role, mine) -> bool:
    """A copy naming ``role`` whose ``applies_to`` covers the simple strike: it rolls twice and keeps the better
    die (Храмовый воин)."""
    return any(role in (a.get("roles") or ()) and kinds_match("simple_strike", a.get("applies_to") or
                                                              ["simple_strike"]) for a in mine)


def text(a: dict, lang: str, words) -> str:
    """"In a <attack> fight, <roles>, it rolls the die twice ..." in ``lang``."""
    roles = or_([{"attacker": ("attacking", "нападая"), "responder": ("defending", "защищаясь")}[r][idx(lang)]
                 for r in a["roles"]], lang)
    kinds = words.kinds(a["applies_to"], lang)
    if lang == "en":
        return f"In a {kinds} fight, {roles}, it rolls the die twice and keeps the better result"
    return f"В схватке ({kinds}), {roles}, бросает кубик дважды и берёт лучший результат"


BEST_OF_TWO_ROLLS = register_keyword(Keyword(
    kw="best_of_two_rolls", places="static grant", rule="none (card text); 03 §1.12", text=text,
    fields={"applies_to": "kinds!", "roles": "roles!"}, best_roll=best_roll))
