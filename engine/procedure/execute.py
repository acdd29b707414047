"""Execution of the queue's head entry (RULES.md Q4, Q7): it runs completely; choices that belong to the entry
(defender, exchange) are asked inside it; nothing enters the queue meanwhile (triggers only become pending).

``g.executing`` = ``{"entry", "stage", "data", "ask", "done"}``: a simple strike advances through stages
(:func:`engine.procedure.strike.strike_step`); every other entry executes in one stage.
"""
from __future__ import annotations

import itertools

from engine.cards.keywords import KEYWORDS
from engine.cards.kinds import REACH
from engine.effects import apply_effects
from engine.effects.registry import conditions_hold, parsed_effect
from engine.model.enums import EntryKind, Event, PromptKind
from engine.model.types import Executing, QueueEntry
from engine.ops import acquire
from engine.ops.damage import reorder_graveyard
from engine.procedure import attack, defender, queue, strike
from engine.ops.durations import add
from engine.ops import trigger_points
from engine.ops import zones
from engine.procedure.windows import answer_window, legal_window
from engine.rules import grants
from engine.rules import targets as tg
from engine.model.state import GameState


def start_execution(g: GameState, entry: QueueEntry) -> None:
    """Start executing ``entry`` (taken from the queue's head). The only writer of ``g.executing``."""
    g.emit(Event.EXECUTING, source=entry["source"], kind=entry["kind"], ability=entry.get("ability"))
    ex: Executing = {"entry": entry, "stage": "start", "data": {}, "ask": None, "done": False}
    g.executing = ex


def strike_now(g: GameState, done: QueueEntry) -> None:
    """An executed effect made a creature make a simple strike at once (``done["strike_now"]``: ``source``,
    ``target``; its cost, the closing, is paid by the effect): the strike executes next, before any priority, as
    an entry of its controller that never waits in the queue (card text, e.g. 'hypnosis'); "an attack is declared
    against it" triggers become pending [RULES.md Q5.1]."""
    spec = done["strike_now"]
    src = g.cards.get(spec.get("source") or "")
    if src is None or not g.in_play(src):
        return
    entry: QueueEntry = {"uid": queue.new_uid(g), "kind": EntryKind.ATTACK, "source": src.id, "controller": src.controller,
                         "ability": None, "target": spec.get("target"), "targets": None, "x": None, "to": None,
                         "effect": None, "cause": done["source"]}
    g.emit(Event.DECLARED, player=src.controller, source=src.id, kind=EntryKind.ATTACK, ability=None,
           target=entry["target"], to=None, x=None)
    trigger_points.collect(g, {"type": "attack_declared", "card": entry["target"], "by": src.id,
                               "attack": "simple_strike"})
    start_execution(g, entry)


def continue_execution(g: GameState) -> None:
    """Advance the executing entry until it asks a player or finishes; on finishing, a new round starts (Q5)."""
    ex = g.executing
    e = ex["entry"]
    if e["kind"] == EntryKind.CLOSE_TO_STRIKE_FLYER:
        _close_for_flyer(g, e)
        return
    if e["kind"] == EntryKind.ATTACK:
        strike.strike_step(g, ex)
    elif e["kind"] == EntryKind.MOVE:
        zones.move(g, e, g.cards.get(e["source"]), e["to"])
        ex["done"] = True
    else:
        run_effects(g, ex)
    if ex.get("done"):
        g.executing = None
        acquire.refresh_forced(g)


def legal_answers(g: GameState, p: int) -> list[dict]:
    """Answers to a question asked inside the executing entry (defender or exchange prompt)."""
    ask = g.executing.get("ask") or {}
    if ask.get("player") != p:
        return []
    if ask["kind"] == PromptKind.DEFENDER:
        return defender.legal_answers(ask)
    if ask["kind"] == PromptKind.EXCHANGE:
        return [{"act": "choose", "option": "keep"}, {"act": "choose", "option": "weaken"}]
    if ask["kind"] == PromptKind.CHOICE:
        return [{"act": "choose", "option": {"choice": i}} for i in ask.get("allowed", range(ask["options"]))]
    if ask["kind"] == PromptKind.WINDOW:
        return legal_window(g, g.executing, p)
    if ask["kind"] == "death_order":
        return [{"act": "order", "items": list(perm)} for perm in itertools.islice(
            itertools.permutations(ask["cards"]), 120)]
    return []


def answer(g: GameState, p: int, act: dict) -> None:
    """Apply a legal answer (see :func:`legal_answers`)."""
    ex = g.executing
    kind = ex["ask"]["kind"]
    if kind == PromptKind.DEFENDER:
        strike.answer_defender(g, ex, act)
    elif kind == PromptKind.EXCHANGE:
        strike.answer_exchange(g, ex, dict(act, player=p))
    elif kind == PromptKind.CHOICE:
        ex["data"]["pick"] = act["option"]["choice"]
        g.emit(Event.CHOSE, player=p, option=act["option"]["choice"])
        ex["ask"] = None
    elif kind == PromptKind.WINDOW:
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
def _effects_of(g: GameState, e: dict, src) -> list[dict] | None:
    """The effect list an entry executes, or None when it does nothing (Q7)."""
    if e["kind"] == EntryKind.TRIGGER:
        return e.get("effects") or []
    abil = g.abilities(src) if src is not None else []
    a = abil[e["ability"]] if e["ability"] < len(abil) else {}
    if not g.in_play(src):
        return None  # an activated ability of a card that left play does nothing (Q7)
    if grants.under(g, src, "cannot_act"):
        return None  # e.g. a netted creature cannot act (Паук-пересмешник)
    return a.get("effects") or [] if a.get("kw") == "action" else [a]


def run_effects(g: GameState, ex: dict) -> None:
    """Execute the entry's effects in order from ``ex["data"]["i"]``; an effect whose keyword has an ``ask_choice``
    hook (choose one) asks its chooser inside the entry (RULES.md Q4) and resumes with the picked option's
    effects (its ``chosen`` hook)."""
    e, data = ex["entry"], ex["data"]
    src = g.cards.get(e["source"])
    effects = _effects_of(g, e, src)
    if effects is None:
        g.emit(Event.FIZZLED, source=e["source"])
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
        t = parsed_effect(eff)
        cond = t.condition if t is not None else eff.get("condition")
        if cond and "atk" not in data and not conditions_hold(g, e, src, cond):
            i += 1
            continue
        kw = t.kw if t is not None else eff.get("kw")
        k = t.keyword if t is not None else KEYWORDS.get(kw)
        if kw in REACH:  # resumable: its die opens the roll window (02 §9 step 7)
            data["i"] = i
            if not attack.attack_step(g, ex, e, eff):
                return
        elif k is not None and k.ask_choice is not None:  # a choice inside the entry (RULES.md Q4)
            if "pick" not in data:
                ask = k.ask_choice(g, e, src, eff)
                if ask is None:  # nothing to choose from: the effect does nothing
                    i += 1
                    continue
                data["i"] = i
                ex["ask"] = ask
                return
            apply_effects(g, e, src, k.chosen(eff, data.pop("pick")))
        else:
            apply_effects(g, e, src, [eff])
            if ex.get("ask"):  # the effect asks a choice inside the entry (RULES.md Q4): resume at it when answered
                data["i"] = i
                return
        i += 1
        if g.result is not None:
            break
        if _ask_death_order(g, ex):
            data["i"] = i
            return
    ex["done"] = True


def asked_effect(g: GameState) -> dict | None:
    """The effect of the executing entry whose ``ask_choice`` hook asks the open choice (a choose one, выбрать
    одно: a ``choice`` prompt without ``what``), or None when no such choice is open. Reads only."""
    ex = g.executing
    ask = (ex or {}).get("ask") or {}
    if ask.get("kind") != PromptKind.CHOICE or "what" in ask:
        return None
    e = ex["entry"]
    effects = _effects_of(g, e, g.cards.get(e["source"])) or []
    i = ex["data"].get("i", 0)
    return effects[i] if i < len(effects) else None


def _ask_death_order(g: GameState, ex: dict) -> bool:
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
    if e.get("kind") != EntryKind.ABILITY or len(chosen) < 2 or not e.get("targets"):
        return {}
    return dict(zip(chosen, e["targets"]))


def _close_for_flyer(g: GameState, e: QueueEntry) -> None:
    """Closing to strike a flyer [211.9] executes: the card gets marker ``flyer_strike``, usable on its
    controller's next turn and removed when used or at the end of that turn."""
    g.executing = None
    c = g.cards.get(e["source"])
    if c is None or not g.in_play(c):
        g.emit(Event.FIZZLED, source=e["source"])
        return
    c.markers["flyer_strike"] = 1
    add(g, "turn_end", c.id, "flyer_strike", marker="flyer_strike", turn=g.turn + 2, since=g.turn)
    g.emit(Event.FLYER_STRIKE_READY, card=c.id)


