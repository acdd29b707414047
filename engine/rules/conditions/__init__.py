"""Conditions of the ability language as typed values (docs/card-vocabulary.md "Conditions").

One small frozen class per condition name, holding its parameters, its evaluation and its Russian and English text:
:mod:`.state` (the card itself and the turn), :mod:`.place` (where it stands, who stands around it), :mod:`.event`
(the triggering event or the executing entry), :mod:`.base` (the base class and the registry). :func:`holds`
answers whether every condition of a list holds now (unknown ones fail closed); :func:`text` phrases a list.
"""
from __future__ import annotations

from engine.rules.conditions import event, place, state
from engine.rules.conditions.base import CONDITIONS, Condition, holds, parse_condition, parse_conditions, text

__all__ = ["CONDITIONS", "Condition", "event", "holds", "parse_condition", "parse_conditions", "place", "state",
           "text"]
