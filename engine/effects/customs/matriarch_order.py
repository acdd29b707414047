"""'Matriarch's order' («приказ матриарха», Матриарх племени, vs2023-028, card text; 02-battle.md §5 [205.5.b],
[216.12]): the chosen enemy creature acquires the state ``_fights_open`` (granted by the order's controller) until
the end of the turn. While it lasts, a simple strike at it by a creature of that side standing next to it is a
fight even if it is closed (:func:`engine.rules.combat.ordered_open`, asked by ``fights``), and striking it does
not close the striker (:func:`engine.ops.costs._pay_strike`). The order makes nobody strike at once (README §6.7:
left to card code; read as changing how their strikes on it work this turn)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.ops import acquire
from engine.rules import targets as tg
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """The chosen creature is under the order until the end of the turn."""
    for t in tg.resolve(g, e, src, eff.get("target")):
        acquire.grant(g, t, [{"kw": "_fights_open"}], "end_of_turn", e["controller"], src)


MATRIARCH_ORDER = register_custom(Custom(
    handler="matriarch_order", rule="card text (Матриарх племени); 02 §5 [205.5.b], [216.12]", execute=execute))
