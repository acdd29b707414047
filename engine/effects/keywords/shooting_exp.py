"""Shooting Experience X (Опыт в стрельбе) [g-31], 03 §4 ``shooting_exp``: a static modifier, +X (1 when printed without a number) to this card's
die roll when it attacks with a shot; the greatest copy counts [414.4] (:func:`engine.effects.keywords._named.experience`).
Written ``{"kw": "shooting_exp", "n": X}``."""
from __future__ import annotations

from engine.effects.keywords._named import experience
from engine.effects.registry import register_keyword

SHOOTING_EXP = register_keyword(experience("shooting_exp", "shot", "03 §4 shooting_exp [g-31]", "shooting experience", "опыт в стрельбе"))
