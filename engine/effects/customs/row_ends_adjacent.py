"""The two end cells of a row count as neighbours (Возница, vs2023-143, card text; 02-battle.md §3 [203.2], §4.1):
standing on an end cell (column a or e) it may move onto the other end cell of that row as if it were next to
it, and declare a simple strike at a creature standing there. The static form has the named effect
``row_ends_adjacent``, asked by :func:`engine.rules.combat.row_end_partner` (strike targets; the moves of
:mod:`engine.rules.declarable`). Nothing else counts them as adjacent (other cards' abilities, defenders)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom

ROW_ENDS_ADJACENT = register_custom(Custom(
    handler="row_ends_adjacent", rule="card text (Возница); 02 §3 [203.2], §4.1",
    flags=frozenset({"row_ends_adjacent"})))
