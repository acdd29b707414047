"""An attack ability (shot/выстрел, discharge/разряд, throw/метание, magic strike, special strike, strike across a
row) executed by the queue's head entry, target by target: its die opens the fixed window ``roll`` (02-battle.md
§9 step 7, "Fixed windows"), so a die-changing ability (Ловец удачи) can change the die of any attack, not only of
a simple strike. The attack itself is :mod:`engine.effects.attack`; the window is :mod:`engine.procedure.windows`.
"""
from __future__ import annotations

from engine.effects.attack import attack_begin, attack_finish, rolls_die
from engine.procedure import windows
from engine.rules import targets as tg
from engine.model.state import GameState


def attack_step(g: GameState, ex: dict, e: dict, eff: dict) -> bool:
    """Advance the attack effect ``eff`` of the executing entry ``ex`` (entry ``e``) at each of its targets in turn.
    Returns False while a player is being asked (state in ``ex["data"]["atk"]``, JSON-like), True when done."""
    data = ex["data"]
    st = data.get("atk")
    if st is None:
        ids = e.get("targets") or [e.get("target")]
        spec = eff.get("target")
        if isinstance(spec, str):
            ids = [t.id for t in tg.resolve(g, e, g.cards.get(e["source"]), spec)] or [None]
        st = data["atk"] = {"ids": ids, "k": 0, "rolled": False}
    while st["k"] < len(st["ids"]):
        one = dict(e, target=st["ids"][st["k"]])
        if not st["rolled"]:
            if not st.get("begun"):
                begun = attack_begin(g, one, eff)
                if begun is None:
                    st["k"] += 1
                    continue
                st["begun"] = True
                data["target"] = begun[1].id
                data["attack_kind"] = eff.get("kw")
                windows.open_window(g, ex, "target", "effects")  # only a redirection is offered here
                if ex.get("ask"):
                    return False
            src = g.cards.get(e["source"])
            st.pop("begun", None)
            st["rolled"] = True
            data["dice"] = {src.id: g.roll(src.controller, src.id, eff.get("kw"))} if rolls_die(eff) else {}
            if data["dice"]:
                windows.open_window(g, ex, "roll", "effects")
                if ex.get("ask"):
                    return False
        src = g.cards.get(e["source"])
        tgt = g.cards.get(data.get("target") or "")
        if src is not None and tgt is not None and g.in_play(src) and g.in_play(tgt):
            attack_finish(g, one, eff, src, tgt, (data.get("dice") or {}).get(src.id))
        for k in ("target", "attack_kind", "dice"):
            data.pop(k, None)
        st["rolled"] = False
        st["k"] += 1
    data.pop("atk", None)
    return True
