"""Meets simple strikes as an open card while closed (Властелин хаоса, vs2023-169, card text; 02-battle.md §5
[205.5.b]): a simple strike at it is a fight (both players roll, it may strike back) even while it is closed. The
static form has the named effect ``answers_when_closed``, which :func:`engine.rules.combat.fights` asks."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom

ANSWERS_WHEN_CLOSED = register_custom(Custom(
    handler="answers_when_closed", rule="card text (Властелин хаоса); 02 §5 [205.5.b]",
    flags=frozenset({"answers_when_closed"})))
