"""Shared pieces of the named abilities of 03-abilities.md §4 defined in this package: the number of a numbered
named ability (the greatest copy counts [414.4]; printed without a number it is 1) and the attack kinds that are
attacks (not influences, spells or poisoning)."""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Keyword
from engine.ops import damage
from engine.model.state import GameState

#: Kinds of wounds that do not come from an attack (03 §1.2: influences, spells; Poisoning [g-36]).
NOT_ATTACKS: Final = ("wound", "poison", "spell")


def value(abilities: list[dict]) -> int:
    """X of a numbered named ability: the greatest copy [414.4]; 1 when printed without a number."""
    return max((a.get("n", 1) for a in abilities), default=0)


def x_text(a: dict) -> str:
    """" X" after the name when X is not 1, else ""."""
    n = a.get("n", 1)
    return f" {n}" if n != 1 else ""


def wound_self(g: GameState, card, n: int) -> None:
    """The card wounds itself for ``n`` ("wound self" [g-89]: not an attack, not an opposing influence), deaths
    checked at once (RULES.md Q3)."""
    damage.wound(g, card, n, "wound", source=card)
    damage.check_deaths(g, [card])


def experience(kw: str, kind: str, rule: str, en: str, ru: str) -> Keyword:
    """The record of an attack-experience named ability (Shooting, Throwing, Discharge Experience X [g-31..g-33]):
    +X (1 when printed without a number; the greatest copy [414.4]) to the card's lone die when it attacks with
    ``kind``; :func:`engine.rules.keywords.roll_mod` asks its ``roll_mod`` (role ``ranged``)."""
    def roll_mod(g: GameState, card, role, other, attack, mine) -> int:
        return value(mine) if role == "ranged" and attack == kind else 0

    def text(a: dict, lang: str, words=None) -> str:
        n = a.get("n", 1)
        return f"{en}{x_text(a)}: +{n} to its die roll for a {kind}" if lang == "en" else \
            f"{ru}{x_text(a)}: +{n} к броску кубика"
    return Keyword(kw=kw, places="static grant", rule=rule, text=text, fields={"n": "pos?"}, roll_mod=roll_mod)
