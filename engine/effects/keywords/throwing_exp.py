"""Throwing Experience X (Опыт в метании) [g-32], 03 §4 ``throwing_exp``: a static modifier, +X (1 when printed without a number) to this card's
die roll when it attacks with a throw; the greatest copy counts [414.4] (:func:`engine.effects.keywords._named.experience`).
Written ``{"kw": "throwing_exp", "n": X}``."""
from __future__ import annotations

from engine.effects.keywords._named import experience
from engine.effects.registry import register_keyword

THROWING_EXP = register_keyword(experience("throwing_exp", "throw", "03 §4 throwing_exp [g-32]", "throwing experience", "опыт в метании"))
