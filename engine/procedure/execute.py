"""Execution of the queue's head entry (RULES.md Q4, Q7): it runs completely; choices that belong to the entry
(defender, exchange) are asked inside it; nothing enters the queue meanwhile (triggers only become pending).

``g.executing`` = ``{"entry", "stage", "data", "ask", "done"}``: a simple strike advances through stages
(:func:`engine.procedure.strike.strike_step`); every other entry executes in one stage.
"""
from __future__ import annotations

import itertools

from engine.cards.abilities import ATTACK_KW
from engine.effects import apply_effects
from engine.effects.registry import conditions_hold
from engine.ops import acquire
from engine.ops.damage import reorder_graveyard
from engine.ops import trigger_points
from engine.ops.zones import relocate
from engine.procedure import attack, defender, strike
from engine.procedure.windows import answer_window, legal_window
from engine.rules import grants
from engine.rules import targets as tg


def start_execution(g, entry: dict) -> None:
    """Take the head entry out of the queue and start executing it."""
    g.emit("executing", source=entry["source"], kind=entry["kind"], ability=entry.get("ability"))
    g.executing = {"entry": entry, "stage": "start", "data": {}, "ask": None, "done": False}


def continue_execution(g) -> None:
    """Advance the executing entry until it asks a player or finishes; on finishing, a new round starts (Q5)."""
    ex = g.executing
    e = ex["entry"]
    if e["kind"] == "attack":
        strike.strike_step(g, ex)
    elif e["kind"] == "move":
        _move(g, e, g.cards.get(e["source"]))
        ex["done"] = True
    else:
        run_effects(g, ex)
    if ex.get("done"):
        g.executing = None
        acquire.refresh_forced(g)


def legal_answers(g, p: int) -> list[dict]:
    """Answers to a question asked inside the executing entry (defender or exchange prompt)."""
    ask = g.executing.get("ask") or {}
    if ask.get("player") != p:
        return []
    if ask["kind"] == "defender":
        return defender.legal_answers(ask)
    if ask["kind"] == "exchange":
        return [{"act": "choose", "option": "keep"}, {"act": "choose", "option": "weaken"}]
    if ask["kind"] == "choice":
        return [{"act": "choose", "option": {"choice": i}} for i in range(ask["options"])]
    if ask["kind"] == "window":
        return legal_window(g, g.executing, p)
    if ask["kind"] == "death_order":
        return [{"act": "order", "items": list(perm)} for perm in itertools.islice(
            itertools.permutations(ask["cards"]), 120)]
    return []


def answer(g, p: int, act: dict) -> None:
    """Apply a legal answer (see :func:`legal_answers`)."""
    ex = g.executing
    kind = ex["ask"]["kind"]
    if kind == "defender":
        strike.answer_defender(g, ex, act)
    elif kind == "exchange":
        strike.answer_exchange(g, ex, dict(act, player=p))
    elif kind == "choice":
        ex["data"]["pick"] = act["option"]["choice"]
        g.emit("chose", player=p, option=act["option"]["choice"])
        ex["ask"] = None
    elif kind == "window":
        answer_window(g, ex, p, act)
    elif kind == "death_order":
        todo = ex["data"]["death_order"].pop(0)
        if not ex["data"]["death_order"]:
            ex["data"].pop("death_order")
        reorder_graveyard(g, p, act["items"], todo.get("attached") or {})
        ex["ask"] = None
        if ex["data"].get("death_order"):
            _ask_death_order(g, ex)


# ---------------------------------------------------------------------- effect entries
def _effects_of(g, e: dict, src) -> list[dict] | None:
    """The effect list an entry executes, or None when it does nothing (Q7)."""
    if e["kind"] == "trigger":
        return e.get("effects") or []
    abil = g.abilities(src) if src is not None else []
    a = abil[e["ability"]] if e["ability"] < len(abil) else {}
    if not g.in_play(src):
        return None  # an activated ability of a card that left play does nothing (Q7)
    if grants.has_state(g, src, "_web"):
        return None  # a netted creature cannot act (Паук-пересмешник)
    return a.get("effects") or [] if a.get("kw") == "action" else [a]


def run_effects(g, ex: dict) -> None:
    """Execute the entry's effects in order from ``ex["data"]["i"]``; a ``choose_one`` asks its chooser inside the
    entry (RULES.md Q4) and resumes with the picked option."""
    e, data = ex["entry"], ex["data"]
    src = g.cards.get(e["source"])
    effects = _effects_of(g, e, src)
    if effects is None:
        g.emit("fizzled", source=e["source"])
        ex["done"] = True
        return
    i = data.get("i", 0)
    slots = _slots(effects, e)
    while i < len(effects):
        eff = effects[i]
        if i in slots:  # an action naming one chosen card per effect (engine.rules.options)
            e = dict(ex["entry"], target=slots[i], targets=None)
        else:
            e = ex["entry"]
        if eff.get("condition") and "atk" not in data and not conditions_hold(g, e, src, eff["condition"]):
            i += 1
            continue
        if eff.get("kw") in ATTACK_KW:  # resumable: its die opens the roll window (02 §9 step 7)
            data["i"] = i
            if not attack.attack_step(g, ex, e, eff):
                return
        elif eff.get("kw") == "choose_one":
            if "pick" not in data:
                chooser = e["controller"]
                if eff.get("chooser") == "target_controller":
                    ts = tg.resolve(g, e, src, "attacked")
                    if not ts:
                        i += 1
                        continue
                    chooser = ts[0].controller
                data["i"] = i
                ex["ask"] = {"kind": "choice", "player": chooser, "options": len(eff["options"]),
                             "source": e["source"]}
                return
            apply_effects(g, e, src, eff["options"][data.pop("pick")])
        else:
            apply_effects(g, e, src, [eff])
        i += 1
        if g.result is not None:
            break
        if _ask_death_order(g, ex):
            data["i"] = i
            return
    ex["done"] = True


def _ask_death_order(g, ex: dict) -> bool:
    """Several cards of one owner killed together by an "each ..." effect: ask that owner their graveyard order
    (02-battle.md §7.3 [PROPOSAL]; answer ``order`` with the cards, first = enters first)."""
    todo = ex["data"].get("death_order") or []
    if not todo:
        return False
    ex["ask"] = {"kind": "death_order", "player": todo[0]["player"], "cards": list(todo[0]["cards"])}
    return True


def _slots(effects: list[dict], e: dict) -> dict:
    """Effect index -> chosen card for an entry declared with one chosen target per effect."""
    chosen = [i for i, eff in enumerate(effects) if tg.is_choice(eff.get("target"))]
    if e.get("kind") != "ability" or len(chosen) < 2 or not e.get("targets"):
        return {}
    return dict(zip(chosen, e["targets"]))


def _move(g, e, src) -> None:
    """Movement executes if the card is still on the battlefield, the cell still empty and it is not held in place
    [203.3, Q7]."""
    to = e["to"]
    if src is None or src.zone != "battlefield" or to in g.board or grants.has_state(g, src, "_root") \
            or grants.has_state(g, src, "_web"):
        g.emit("fizzled", source=e["source"])
        return
    frm = src.cell
    relocate(g, src, to)
    trigger_points.collect(g, {"type": "moved", "card": src.id, "frm": frm, "to": to})


