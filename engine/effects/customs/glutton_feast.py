"""Исхарская ненасыть (vs2023-127, card text): whenever a prophecy of its controller reveals cards (trigger point
``prophecy_reveals``), its next simple strike gets +X, X = the number of cards revealed; the bonus waiting for that
strike never exceeds +3 in total (README §6.7: the PHP engine accumulates it with a cap of 3). An acquired
``strike_bonus`` until ``next_simple_strike``, replaced by the new total each time."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.ops import acquire
from engine.model.state import GameState

CAP = 3


def execute(g: GameState, e, src, eff) -> None:
    """Add X to the waiting bonus, at most +3."""
    if src is None or not g.in_play(src):
        return
    x = len((e.get("point") or {}).get("cards") or [])
    old = sum(a.get("n", 0) for a in src.acquired if a.get("_glutton"))
    new = min(CAP, old + x)
    src.acquired = [a for a in src.acquired if not a.get("_glutton")]
    acquire.grant(g, src, [{"kw": "strike_bonus", "n": new, "applies_to": ["simple_strike"],
                            "values": ["weak", "medium", "strong"], "stacks": True, "_glutton": 1}],
                  "next_simple_strike", e["controller"], src)


GLUTTON_FEAST = register_custom(Custom(handler="glutton_feast", rule="card text (Исхарская ненасыть)",
                                       execute=execute))
