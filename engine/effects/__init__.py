"""Effects: what an executing entry does. :mod:`engine.effects.registry` maps each effect ``kw`` to its handler;
importing this package registers every handler module (basic effects, attack abilities)."""
from engine.effects import attack, basic  # noqa: F401 (registers their handlers)
from engine.effects.registry import EFFECTS, apply_effects, register


__all__ = ["EFFECTS", "apply_effects", "register"]
