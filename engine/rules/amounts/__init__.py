"""Amounts of the ability language as typed values (docs/card-vocabulary.md "amount", "Counters"):
:mod:`.base` (:class:`Amount`, the counter base class, parsing, :func:`amount`, :func:`text`) and :mod:`.counters`
(one class per counter)."""
from __future__ import annotations

from engine.rules.amounts import counters
from engine.rules.amounts.base import COUNTERS, Amount, Counter, amount, parse_amount, text, x_is

__all__ = ["COUNTERS", "Amount", "Counter", "amount", "counters", "parse_amount", "text", "x_is"]
