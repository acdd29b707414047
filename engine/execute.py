"""Execution of the queue's head entry (RULES.md Q4, Q7): it runs completely; choices that belong to the entry
(defender, exchange) are asked inside it; nothing enters the queue meanwhile (triggers only become pending).

``g.executing`` = ``{"entry", "stage", "data", "ask", "done"}``: a simple strike advances through stages
(:func:`engine.combat.strike_step`); every other entry executes in one stage.
"""
from __future__ import annotations

from . import abilities as ab
from . import combat, damage, triggers


def start_execution(g, entry: dict) -> None:
    """Take the head entry out of the queue and start executing it."""
    g.emit("executing", source=entry["source"], kind=entry["kind"], ability=entry.get("ability"))
    g.executing = {"entry": entry, "stage": "start", "data": {}, "ask": None, "done": False}


def continue_execution(g) -> None:
    """Advance the executing entry until it asks a player or finishes; on finishing, a new round starts (Q5)."""
    ex = g.executing
    e = ex["entry"]
    if e["kind"] == "attack":
        combat.strike_step(g, ex)
    else:
        _execute_simple(g, e)
        ex["done"] = True
    if ex.get("done"):
        g.executing = None
        g.prio = None


def legal_answers(g, p: int) -> list[dict]:
    """Answers to a question asked inside the executing entry (defender or exchange prompt)."""
    ask = g.executing.get("ask") or {}
    if ask.get("player") != p:
        return []
    if ask["kind"] == "defender":
        return [{"act": "pass"}] + [{"act": "defend", "source": d} for d in ask["options"]]
    if ask["kind"] == "exchange":
        return [{"act": "choose", "option": "keep"}, {"act": "choose", "option": "weaken"}]
    return []


def answer(g, p: int, act: dict) -> None:
    """Apply a legal answer (see :func:`legal_answers`)."""
    ex = g.executing
    kind = ex["ask"]["kind"]
    if kind == "defender":
        combat.answer_defender(g, ex, act)
    elif kind == "exchange":
        combat.answer_exchange(g, ex, dict(act, player=p))


# ---------------------------------------------------------------------- one-stage entries
def _execute_simple(g, e: dict) -> None:
    src = g.cards.get(e["source"])
    if e["kind"] == "move":
        _move(g, e, src)
        return
    if e["kind"] == "trigger":
        apply_effect(g, e, src, e["effect"], trigger=True)
        return
    a = g.abilities(src)[e["ability"]] if src is not None and e["ability"] < len(g.abilities(src)) else {}
    if not g.in_play(src):
        g.emit("fizzled", source=e["source"])  # an activated ability of a card that left play does nothing (Q7)
        return
    if a.get("kw") in ab.ATTACK_KW:
        combat.execute_attack_ability(g, e, a)
    else:
        apply_effect(g, e, src, a, trigger=False)


def _move(g, e, src) -> None:
    """Movement executes if the card is still on the battlefield and the cell still empty [203.3, Q7]."""
    to = e["to"]
    if src is None or src.zone != "battlefield" or to in g.board:
        g.emit("fizzled", source=e["source"])
        return
    frm = src.cell
    del g.board[frm]
    g.board[to] = src.id
    src.cell = to
    for c in g.cards.values():
        if c.attached_to == src.id:
            c.cell = to
    g.emit("moved", card=src.id, frm=frm, to=to)
    triggers.collect(g, {"type": "moved", "card": src.id})


def _targets(g, e, src, spec) -> list:
    """The cards an effect acts on: ``self``, ``chosen`` (the entry's target), ``each_enemy_creature``,
    ``each_friendly_creature``; only cards in the play zone [SEED S2]."""
    ctrl = e["controller"]
    if spec in (None, "self"):
        return [src] if src is not None and g.in_play(src) else []
    if spec == "each_enemy_creature":
        return [c for c in g.play_cards() if c.controller != ctrl and g.is_creature(c)]
    if spec == "each_friendly_creature":
        return [c for c in g.play_cards() if c.controller == ctrl and g.is_creature(c)]
    t = g.cards.get(e.get("target"))
    return [t] if t is not None and g.in_play(t) else []


def apply_effect(g, e: dict, src, eff: dict, trigger: bool) -> None:
    """Execute an effect object (gain_token, heal, wound, accumulate_token, resurrect, close_target, poison ...)
    for entry ``e``. A trigger executes although its source left play [405.4]; effects touch only cards in play."""
    kw = eff.get("kw")
    n = eff.get("n", 1)
    if n == "X":
        n = e.get("x") or 0
    if kw == "accumulate_token":
        if g.in_play(src):
            mx = eff.get("max")
            if mx is None or src.tokens < mx:
                src.tokens += 1
                g.emit("tokens", card=src.id, n=1)
        return
    if kw in ab.ATTACK_KW:
        combat.execute_attack_ability(g, e, eff)
        return
    if kw == "resurrect":
        _resurrect(g, e, src, eff)
        return
    tspec = eff.get("target", "self" if kw in ("gain_token", "heal") else "chosen")
    targets = _targets(g, e, src, tspec)
    if kw == "gain_token":
        for t in targets:
            mx = _token_max(g, t)
            gain = n if mx is None else max(0, min(n, mx - t.tokens))
            if gain:
                t.tokens += gain
                g.emit("tokens", card=t.id, n=gain)
    elif kw == "heal":
        for t in targets:
            damage.heal(g, t, n)
    elif kw == "wound":
        for t in targets:
            damage.wound(g, t, n if isinstance(n, int) else 0, "wound", src)
        damage.check_deaths(g, targets)
    elif kw == "close_target":
        for t in targets:
            if not t.closed:
                t.closed = True
                g.emit("closed", card=t.id)
    elif kw == "poison":
        for t in targets:
            t.markers["poison"] = max(t.markers.get("poison", 0), n if isinstance(n, int) else 1)
            g.emit("poisoned", card=t.id, n=t.markers["poison"])
    elif kw == "finishing_blow":
        for t in targets:
            damage.destroy(g, t)
    else:
        g.emit("no_effect", source=e["source"], kw=kw)


def _token_max(g, card) -> int | None:
    for a in g.abilities(card):
        if a.get("kw") == "accumulate_token" and a.get("max") is not None:
            return a["max"]
    return None


def _resurrect(g, e, src, eff) -> None:
    """Resurrection [g-07]: a card from its controller's graveyard to the declared cell, closed if printed so; a
    card leaving the graveyard has no markers (docs/rules-decisions.md)."""
    t = g.cards.get(e.get("target"))
    to = e.get("to")
    if t is None or t.zone != "graveyard" or to in g.board:
        g.emit("fizzled", source=e["source"])
        return
    g.graveyards[t.owner].remove(t.id)
    t.reset_in_play_state()
    t.zone = "battlefield"
    t.controller = e["controller"]
    t.cell = to
    g.board[to] = t.id
    t.closed = "closed" in str(eff.get("placement", "")).lower()
    g.emit("resurrected", card=t.id, to=to)
