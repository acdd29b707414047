"""Shared pieces of the named abilities of 03-abilities.md §4 defined in this package: the number of a numbered
named ability (the greatest copy counts [414.4]; printed without a number it is 1) and the attack kinds that are
attacks (not influences, spells or poisoning)."""
from __future__ import annotations

#: Kinds of wounds that do not come from an attack (03 §1.2: influences, spells; Poisoning [g-36]).
NOT_ATTACKS = ("wound", "poison", "spell")


def value(abilities: list[dict]) -> int:
    """X of a numbered named ability: the greatest copy [414.4]; 1 when printed without a number."""
    return max((a.get("n", 1) for a in abilities), default=0)


def x_text(a: dict) -> str:
    """" X" after the name when X is not 1, else ""."""
    n = a.get("n", 1)
    return f" {n}" if n != 1 else ""
