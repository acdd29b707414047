"""Special strike (особый удар), ``special_strike`` (03 §4 special_strike [g-35]; 02 §6): an attack ability; one die picks the strength, no defender, no
retaliation. Its execution and text are the attack abilities' own (engine/effects/attack.py)."""
from __future__ import annotations

from engine.effects.attack import keyword
from engine.effects.registry import register_keyword

SPECIAL_STRIKE = register_keyword(keyword("special_strike", "03 §4 special_strike [g-35]; 02 §6", ranged=False))
