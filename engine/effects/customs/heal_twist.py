"""Мрачная дворянка (vs2023-154, card text; 03 §4 heal [g-18], §1.10 replacement [419]): while its current life is
above 8 the first heal a card of the opponent receives each turn is cancelled (named effect
``blocks_first_enemy_heal``); while it is below 8 the first heal a card of yours receives each turn is doubled
(``doubles_first_own_heal``). The conditions are the static customs' own (``current_life_at_least`` 9 /
``current_life_at_most`` 7: at exactly 8 neither, README §6.7); :func:`engine.ops.damage.heal` applies them (a heal
that would remove at least one wound). "May": the owner always uses it (it only helps)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom

BLOCKS_FIRST_ENEMY_HEAL = register_custom(Custom(
    handler="blocks_first_enemy_heal", rule="card text (Мрачная дворянка); 03 §1.10 [419]",
    flags=frozenset({"blocks_first_enemy_heal"})))
DOUBLES_FIRST_OWN_HEAL = register_custom(Custom(
    handler="doubles_first_own_heal", rule="card text (Мрачная дворянка); 03 §1.10 [419]",
    flags=frozenset({"doubles_first_own_heal"})))
