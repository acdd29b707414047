"""Throw (метание), ``throw`` (03 §4 throw [g-26]; 02 §6): an attack ability; one die picks the strength, no defender, no
retaliation. It has a range. Its execution and text are the attack abilities' own (engine/effects/attack.py)."""
from __future__ import annotations

from engine.effects.attack import keyword
from engine.effects.registry import register_keyword

THROW = register_keyword(keyword("throw", "03 §4 throw [g-26]; 02 §6", ranged=True))
