"""Strike through a row (удар через ряд), ``strike_through_row`` (03 §4 strike_through_row [g-53]; 02 §6): an attack ability; one die picks the strength, no defender, no
retaliation. Its execution and text are the attack abilities' own (engine/effects/attack.py)."""
from __future__ import annotations

from engine.effects.attack import keyword
from engine.effects.registry import register_keyword

STRIKE_THROUGH_ROW = register_keyword(keyword("strike_through_row", "03 §4 strike_through_row [g-53]; 02 §6", ranged=False))
