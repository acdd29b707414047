"""'Ice rain' («ледяной дождь», Криомант, vs2023-057, card text; 02-battle.md §3 [203.4]): one die read like a
three-value attack (1-3: 3, 4-5: 2, 6: 1, README §6.7) sets how many of the opponent's creatures may move in his
next turn. Execution records a timed effect ``movers_limit`` (``g.effects``, ended with that turn) that
:func:`engine.rules.declarable.movers_used_up` reads: once that many of his creatures have spent movement, the
others may neither move nor use a named movement ability."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.ops import durations
from engine.rules import strike_table
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Roll the die (for the caster's controller) and limit the opponent's movers until the end of his next
    turn (the turn after this one: the card is not sudden, so it is cast in its controller's turn)."""
    me = e["controller"]
    n = (3, 2, 1)[strike_table.single_level(g.roll(me, e["source"], "ice rain"))]
    durations.add(g, "turn_end", e["source"], "movers_limit", player=3 - me, n=n, turn=g.turn + 1)
    g.emit("movers_limited", player=3 - me, n=n)


ICE_RAIN = register_custom(Custom(handler="ice_rain", rule="card text (Криомант); 02 §3 [203.4]", execute=execute))
