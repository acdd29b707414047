"""Ревнитель Сеггера (vs2023-192, card text): after its simple strike dealt a blow of value V (a ``strikes``
trigger; the value is the event's ``value``), its controller chooses X from 1 to V (engine/effects/choice.py) and
its creatures directly left and right of it get ``value_protection`` X against non-magical attacks until the end
of the opponent's next turn ("of that size" = exactly X, README §6.7)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.effects import choice
from engine.ops import acquire
from engine.rules import targets as tg
from engine.model.state import GameState

BESIDE = {"each": "creature", "side": "friendly", "filter": [{"f": "beside_source", "dirs": ["left", "right"]}]}


def execute(g: GameState, e, src, eff) -> None:
    """Ask X (1..V), then grant the protection to the creatures beside it."""
    v = (e.get("point") or {}).get("value") or 0
    if v < 1 or src is None or not g.in_play(src):
        return
    items = list(range(1, v + 1))
    i = choice.pick(g, e["controller"], items, "protection_value", e["source"])
    if i is None:
        return
    x = items[i]
    for t in tg.resolve(g, e, src, BESIDE):
        acquire.grant(g, t, [{"kw": "value_protection", "n": x, "kinds": ["nonmagical"]}],
                      "end_of_opponent_next_turn", e["controller"], src)
    g.emit("value_chosen", card=src.id, n=x)


ZEALOT_WARD = register_custom(Custom(handler="zealot_ward", rule="card text (Ревнитель Сеггера); 03 §4 [411]",
                                     execute=execute))
