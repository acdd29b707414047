"""Discharge Experience X (Опыт в разряде) [g-33], 03 §4 ``discharge_exp``: a static modifier, +X (1 when printed without a number) to this card's
die roll when it attacks with a discharge; the greatest copy counts [414.4] (:func:`engine.effects.keywords._named.experience`).
Written ``{"kw": "discharge_exp", "n": X}``."""
from __future__ import annotations

from engine.effects.keywords._named import experience
from engine.effects.registry import register_keyword

DISCHARGE_EXP = register_keyword(experience("discharge_exp", "discharge", "03 §4 discharge_exp [g-33]", "discharge experience", "опыт в разряде"))
