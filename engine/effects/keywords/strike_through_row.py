"""Strike through a row (удар через ряд), ``strike_through_row`` (03 §4 strike_through_row [g-53]; 02 §6): an attack ability; one die picks the strength, no defender, no
retaliation. Its execution and text are the attack abilities' own (engine/effects/attack.py)."""
from __future__ import annotations

from engine.effects.attack import keyword, short_form
from engine.effects.registry import register_keyword


def row_short_form(a: dict, place: str) -> None:
    """An unprinted strength (``"strike": null``) is the project's 1 (02-battle.md §6, cards README); then the
    attack abilities' short form."""
    if "strike" in a and a["strike"] is None:
        a["strike"] = [1, 1, 1]
    short_form(a, place)


STRIKE_THROUGH_ROW = register_keyword(keyword("strike_through_row", "03 §4 strike_through_row [g-53]; 02 §6",
                                              ranged=False, form=row_short_form))
