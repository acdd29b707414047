"""An effect object of the card data as a frozen value (docs/card-vocabulary.md "effects"; 03-abilities.md §1.9).

The value lives here, in the cards layer, so that every layer can read it; its parser, which resolves the handler,
registers itself from :mod:`engine.effects.registry` (:mod:`engine.cards.typed` carries the value beside the data).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from engine.cards.keywords import Keyword


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect object, parsed.

    ``kw``: its keyword; ``keyword``: that keyword's record (None for ``custom`` and the engine's internal
    effects, which have a handler only); ``handler``: ``f(g, entry, source, effect)`` run when it executes (the
    one that says ``no_effect`` for a keyword without a handler, e.g. ``choose_one``, which the executing entry
    asks itself); ``target``: its ``target`` as written (a reference name or a target object, None without);
    ``condition``: its ``condition`` list (filters and conditions parsed), None without; ``amount``: its ``n``
    (an int, ``"full"``, ``"all"`` or an amount object), None without; ``until``: its duration, None without;
    ``params``: its other fields, read-only. The card data (the dict) keeps every field, for the handlers."""

    kw: str
    keyword: Keyword | None
    handler: Callable[..., object]
    target: str | dict | None
    condition: list | None
    amount: int | str | dict | None
    until: str | None
    params: Mapping[str, object]

    def __deepcopy__(self, memo: dict) -> Effect:
        return self  # a frozen value: copies of the data share it
