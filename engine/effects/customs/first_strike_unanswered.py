"""The first simple strike of your creatures this turn cannot be answered (Рагнар's Valhalla, vs2023-063, card
text; 03 §4 unanswerable_strike [g-02]): a timed effect ``side_unanswered`` for the controller, ended with the
turn; :func:`engine.rules.keywords.unanswered` reads it and the strike procedure uses it up when the first simple
strike of that side is dealt (README §6.7: the first by any of your creatures).

Also here: Рагнар's own static «the first Valhalla ability of your cards each turn takes effect twice», the named
effect ``valhalla_twice`` that :func:`engine.ops.trigger_points.collect` asks at the start of your turn (the first
pending Valhalla trigger is pending twice; each is declared on its own, with its own targets)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.ops import durations
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Until the end of this turn, the next simple strike of the controller's creatures is unanswered."""
    durations.add(g, "turn_end", e["source"], "side_unanswered", player=e["controller"], turn=g.turn)
    g.emit("side_unanswered", player=e["controller"])


FIRST_STRIKE_UNANSWERED = register_custom(Custom(
    handler="first_strike_unanswered", rule="card text (Рагнар); 03 §4 unanswerable_strike [g-02]", execute=execute))
VALHALLA_TWICE = register_custom(Custom(
    handler="valhalla_twice", rule="card text (Рагнар); Valhalla: docs/cards.md G11",
    flags=frozenset({"valhalla_twice"})))
