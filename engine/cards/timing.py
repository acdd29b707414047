"""When an ability is used, as a frozen value: declared by its controller or not, sudden or slow, offered only
inside a fixed window (03-abilities.md §2; 02-battle.md §2 sudden and slow actions [104.6]; RULES.md S4).

:func:`timing_of` reads an ability object of the card data into a :class:`Timing` once, when its card definition
loads (:mod:`engine.cards.typed` carries the value beside the ability); an ability made in play is read when it is
asked (:mod:`engine.cards.abilities`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.cards.effect import Effect
from engine.cards.keywords import CUSTOMS, KEYWORDS
from engine.cards.typed import PARSERS, register_parser


@dataclass(frozen=True, slots=True)
class Timing:
    """``activated``: declared by its controller with a cost (not static, not a trigger); ``sudden``: a sudden
    action, declarable whenever its controller has priority [104.6]; ``window``: offered only inside a fixed
    window, never declared in a priority round. ``effect``: an activated ability other than ``action`` is run
    as its own effect when its entry executes; a loaded one carries that :class:`engine.cards.effect.Effect`
    here (not compared)."""

    activated: bool = False
    sudden: bool = False
    window: bool = False
    effect: Effect | None = field(default=None, compare=False)


def activated(a: dict) -> bool:
    """True when the ability object ``a`` is declared by its controller (not static, not a trigger)."""
    return a.get("kw") != "trigger" and "cost" in a


def in_window(a: dict) -> bool:
    """True when ``a`` is a keyword or a ``custom`` whose registered record names a ``window``
    (:class:`engine.cards.keywords.Keyword`, :class:`engine.cards.keywords.Custom`)."""
    if a.get("kw") == "custom":
        c = CUSTOMS.get(a.get("handler") or "")
        return c is not None and c.window is not None
    k = KEYWORDS.get(a.get("kw") or "")
    return k is not None and k.window is not None


#: The eight timings without an effect, made once (a :class:`Timing` is immutable, so one value serves every
#: ability that reads as it): (activated, sudden, window) -> Timing.
_PLAIN: Final[dict[tuple[bool, bool, bool], Timing]] = {(x, s, w): Timing(x, s, w) for x in (False, True)
                                                  for s in (False, True) for w in (False, True)}


def timing_of(a: dict) -> Timing:
    """The :class:`Timing` of the ability object ``a`` (without an effect; a value shared by abilities alike)."""
    return _PLAIN[(activated(a), bool(a.get("sudden")), in_window(a))]


def _loaded(a: dict) -> Timing:
    """The parser registered for loaded card data: the timing, with the ability's own effect when it is run as
    one (the ``own_effect`` parser of :mod:`engine.effects.registry`, once registered; ValueError from it)."""
    t = timing_of(a)
    own = PARSERS.get("own_effect") if t.activated and a.get("kw") != "action" else None
    return t if own is None else Timing(t.activated, t.sudden, t.window, own(a))


register_parser("timing", _loaded)
