"""Effects: what an executing entry does. :mod:`engine.effects.registry` maps each effect ``kw`` to its handler;
importing this package registers every handler module (basic effects, attack abilities) and every keyword module
of :mod:`engine.effects.keywords` (one keyword per module) and of :mod:`engine.effects.customs` (one card's
``custom`` behaviour per module)."""
import importlib
import pkgutil

from engine.effects import attack, basic, customs, keywords  # noqa: F401 (importing them registers handlers)
from engine.effects.registry import EFFECTS, apply_effects, register, register_keyword


for _m in sorted(m.name for m in pkgutil.iter_modules(keywords.__path__)):
    importlib.import_module(f"{keywords.__name__}.{_m}")  # each registers its keyword
for _m in sorted(m.name for m in pkgutil.iter_modules(customs.__path__)):
    importlib.import_module(f"{customs.__name__}.{_m}")  # each registers one card's custom behaviour

__all__ = ["EFFECTS", "apply_effects", "register", "register_keyword"]
