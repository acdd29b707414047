"""The searching bots' evaluation of a position, from a view only: material in crystals (bots/evaluate.py).

A unit in play is worth ``worth * (1 + left / life)`` to its side: the same scale as :func:`bots.evaluate.loss`
(a wound costs ``worth / life``, death costs the rest and the worth again). A unit face down to the viewer counts
as an average card (bots/evaluate.py ``Unit``). :func:`score` squashes the material difference, relative to a
reference, into [0, 1]; a finished game scores 1 (won), 0 (lost) or 0.5 (a draw).
"""
from __future__ import annotations

import math

from bots.evaluate import Unit

#: Crystals of material difference that move :func:`score` from 0.5 to about 0.73.
SCALE = 8.0


def material(view: dict) -> float:
    """Own material minus the other side's, in crystals, for ``view["viewer"]``."""
    me = view.get("viewer")
    total = 0.0
    for c in (view.get("cards") or {}).values():
        if c.get("zone") not in ("battlefield", "aux") or c.get("attached_to"):
            continue
        u = Unit(c, me)
        v = u.worth * (1.0 + u.left / u.life)
        total += v if u.mine else -v
    return total


def score(view: dict, reference: float = 0.0) -> float:
    """The position's worth to the viewer in [0, 1]: the result when the game is over, else a logistic of
    (:func:`material` - ``reference``) / :data:`SCALE`."""
    result = view.get("result")
    if result is not None:
        w = result.get("winner")
        return 0.5 if w == "draw" else 1.0 if w == view.get("viewer") else 0.0
    return 1.0 / (1.0 + math.exp(-(material(view) - reference) / SCALE))
