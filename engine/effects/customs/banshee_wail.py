"""'Banshee's wail' («вой баньши», Лунная баньши, vs2023-157, card text; ../shared/cards/README.md §6.6): instant,
close: the value of one chosen strike is lowered by 1, and the Banshee gains a token. Read (§6.7) as 1 less damage
of one blow of a simple strike, chosen in that strike's ``protection`` window (02-battle.md §9 step 10, once the
strengths are known): the attacker's blow or, in a fight, the responder's. It is used only there (a window
ability, never declared with priority). The lowered blow is recorded in the strike's data (``lowered``) and read
when the wounds are dealt (:mod:`engine.procedure.strike`)."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.ops.tokens import gain_tokens
from engine.model.state import GameState


def window_options(g: GameState, ex, card, idx, a, p) -> list[dict]:
    """One answer per blow of the executing simple strike (``target``: the striking card whose blow is lowered)."""
    data = ex["data"]
    blows = data.get("blows") or [None, None]
    src, tgt = ex["entry"].get("source"), data.get("target")
    out = []
    for who, lvl in ((src, blows[0]), (tgt, blows[1] if data.get("fight") else None)):
        if who and lvl is not None:
            out.append({"act": "ability", "source": card.id, "ability": idx, "target": who})
    return out


def window_apply(g: GameState, ex, card, a, act) -> None:
    """Lower that blow by 1; the Banshee gains a token (within its maximum)."""
    lowered = ex["data"].setdefault("lowered", {})
    lowered[act["target"]] = lowered.get(act["target"], 0) + 1
    g.emit("strike_lowered", card=act["target"], by=card.id, n=1)
    gain_tokens(g, card, 1)


BANSHEE_WAIL = register_custom(Custom(handler="banshee_wail", rule="card text (Лунная баньши); 02 §9 step 10",
                                      window="protection", window_options=window_options,
                                      window_apply=window_apply))
