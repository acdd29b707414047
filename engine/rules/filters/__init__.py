"""Card filters of the ability language as typed values (docs/card-vocabulary.md "Filters").

One small frozen class per filter name, holding its parameters, its test and its Russian and English text:
:mod:`.card` (the card's own properties and state), :mod:`.place` (where it stands relative to this card),
:mod:`.event` (relative to the triggering event or the entry), :mod:`.base` (the base class, the registry, ``any``
and ``not``). :func:`match` tests a card against a filter list; :func:`text` phrases one.
"""
from __future__ import annotations

from engine.rules.filters import card, event, place
from engine.rules.filters.base import FILTERS, Filter, match, parse_filter, parse_filters, passes, phrase, text
from engine.rules.filters.place import formation_chain

__all__ = ["FILTERS", "Filter", "card", "event", "formation_chain", "match", "parse_filter", "parse_filters", "passes",
           "phrase", "place", "text"]
