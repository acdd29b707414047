"""Execution of the queue's head entry (RULES.md Q4, Q7): it runs completely; choices that belong to the entry
(defender, exchange) are asked inside it; nothing enters the queue meanwhile (triggers only become pending).

``g.executing`` = ``{"entry", "stage", "data", "ask", "done"}``: a simple strike advances through stages
(:func:`engine.combat.strike_step`); every other entry executes in one stage.
"""
from __future__ import annotations

from . import abilities as ab
from . import combat, damage, triggers
from . import targets as tg


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
        apply_effects(g, e, src, e.get("effects") or [])
        return
    abil = g.abilities(src) if src is not None else []
    a = abil[e["ability"]] if e["ability"] < len(abil) else {}
    if not g.in_play(src):
        g.emit("fizzled", source=e["source"])  # an activated ability of a card that left play does nothing (Q7)
        return
    if a.get("kw") == "action":
        apply_effects(g, e, src, a.get("effects") or [])
    else:
        apply_effects(g, e, src, [a])


def _move(g, e, src) -> None:
    """Movement executes if the card is still on the battlefield and the cell still empty [203.3, Q7]."""
    to = e["to"]
    if src is None or src.zone != "battlefield" or to in g.board:
        g.emit("fizzled", source=e["source"])
        return
    relocate(g, src, to)
    triggers.collect(g, {"type": "moved", "card": src.id})


def relocate(g, card, to: str) -> None:
    """Put a battlefield card (with its attachments) on cell ``to`` (movement or relocation)."""
    frm = card.cell
    del g.board[frm]
    g.board[to] = card.id
    card.cell = to
    for c in g.cards.values():
        if c.attached_to == card.id:
            c.cell = to
    g.emit("moved", card=card.id, frm=frm, to=to)


def apply_effects(g, e: dict, src, effects: list[dict]) -> None:
    """Execute effect objects in order for entry ``e`` (docs/card-vocabulary.md "effects"). A trigger executes
    although its source left play [405.4]; effects touch only cards in the play zone [SEED S2]."""
    for eff in effects:
        if eff.get("condition") and not conditions_hold(g, e, src, eff["condition"]):
            continue
        EFFECTS.get(eff.get("kw"), _unknown)(g, e, src, eff)


def conditions_hold(g, e, src, conds) -> bool:
    """Evaluate an effect's ``condition`` list (docs/card-vocabulary.md "Conditions"); unknown ones fail closed."""
    from .conditions import holds
    return holds(g, src, conds, e)


def _unknown(g, e, src, eff):
    g.emit("no_effect", source=e["source"], kw=eff.get("kw"))


def _n(g, e, src, eff, key="n", target=None):
    return tg.amount(g, eff.get(key, 1), e, src, target)


def _targets(g, e, src, eff, default="self"):
    return tg.resolve(g, e, src, eff.get("target", default))


def eff_accumulate(g, e, src, eff):
    """Accumulate a token (накопить фишку) [218.3]: +1 up to the card's token maximum."""
    gain_tokens(g, src, 1)


def gain_tokens(g, card, n: int) -> int:
    """Give ``n`` tokens to a card in play, never above its token maximum [218.6]; returns how many."""
    if card is None or not g.in_play(card) or n <= 0:
        return 0
    mx = ab.token_max(g.abilities(card))
    gain = n if mx is None else max(0, min(n, mx - card.tokens))
    if gain:
        card.tokens += gain
        g.emit("tokens", card=card.id, n=gain)
    return gain


def eff_gain_token(g, e, src, eff):
    for t in _targets(g, e, src, eff):
        gain_tokens(g, t, _n(g, e, src, eff, target=t))


def eff_heal(g, e, src, eff):
    for t in _targets(g, e, src, eff):
        n = eff.get("n", 1)
        damage.heal(g, t, "full" if n == "full" else tg.amount(g, n, e, src, t))
        if eff.get("cure_poison"):
            t.markers.pop("poison", None)


def eff_wound(g, e, src, eff):
    ts = _targets(g, e, src, eff, "attacked")
    for t in ts:
        damage.wound(g, t, _n(g, e, src, eff, target=t), "wound", src)
    damage.check_deaths(g, ts)


def eff_close(g, e, src, eff):
    for t in _targets(g, e, src, eff, "attacked"):
        if not t.closed:
            t.closed = True
            g.emit("closed", card=t.id)


def eff_open(g, e, src, eff):
    for t in _targets(g, e, src, eff, "self"):
        if t.closed:
            t.closed = False
            t.markers.pop("movement", None)
            t.actions = 0  # opened: full movement and may act again [219.4, 203.7]
            g.emit("opened", card=t.id)


def eff_poison(g, e, src, eff):
    for t in _targets(g, e, src, eff, "attacked"):
        n = _n(g, e, src, eff, target=t)
        t.markers["poison"] = max(t.markers.get("poison", 0), n)
        g.emit("poisoned", card=t.id, n=t.markers["poison"])


def eff_destroy(g, e, src, eff):
    for t in _targets(g, e, src, eff, "attacked"):
        damage.destroy(g, t)


def eff_attack(g, e, src, eff):
    combat.execute_attack_ability(g, e, eff)


def eff_jump(g, e, src, eff):
    to = e.get("to")
    if src is None or src.zone != "battlefield" or to in g.board:
        g.emit("fizzled", source=e["source"])
        return
    relocate(g, src, to)
    triggers.collect(g, {"type": "moved", "card": src.id})


def eff_resurrect(g, e, src, eff):
    """Resurrection [g-07]: a card from the graveyard to the declared cell, closed if printed so; it comes back
    with no markers and under the resurrecting player's control (docs/rules-decisions.md)."""
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
    t.closed = bool(eff.get("closed"))
    g.emit("resurrected", card=t.id, to=to)


EFFECTS = {
    "accumulate_token": eff_accumulate, "gain_token": eff_gain_token, "heal": eff_heal, "wound": eff_wound,
    "close_target": eff_close, "open_target": eff_open, "poison": eff_poison, "destroy": eff_destroy,
    "finishing_blow": eff_destroy, "resurrect": eff_resurrect, "jump": eff_jump,
    **{k: eff_attack for k in ab.ATTACK_KW},
}
