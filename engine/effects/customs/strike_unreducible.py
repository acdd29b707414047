"""The strength of its simple strike cannot be lowered (Гидра, vs2023-136, card text; 02-battle.md §5, 03-abilities.md
§5 reduce_attack_to_kind [g-91], §1.12 [422.4]): no effect caps its strength (``incoming_strike_reduced``), sets it
lower (``set_strike_strength``) or takes n from it (``damage_reduction``); preventions such as armour still act on
the wounds (README §6.7). The static form has the named effect ``strike_unreducible``, which
:func:`engine.rules.keywords.unreducible` asks."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom

STRIKE_UNREDUCIBLE = register_custom(Custom(
    handler="strike_unreducible", rule="card text (Гидра); 03 §5 [g-91], §1.12 [422.4]",
    flags=frozenset({"strike_unreducible"})))
