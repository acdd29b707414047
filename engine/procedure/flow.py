"""The queue and priority state machine (очередь, приоритет): RULES.md Q1-Q11, [SEED S3], [SEED S4].

:func:`run` advances the game until it must wait for a player, and sets ``g.prompt`` to who must act and for
what. One round (Q5): pending triggers are declared (inactive player first, each in the order they choose), then
the active player gets priority; a declaration starts a new round, two passes in succession end it; then the head
of the queue executes (Q4), or with an empty queue the phase ends ([SEED S3], 215.8).
"""
from __future__ import annotations

from typing import Final

from engine.ops.damage import release_dead, unhosted_attachments_die
from engine.model.enums import PRELIM_PHASES, Phase, PromptKind
from engine.ops import passives
from engine.ops import trigger_points
from engine.ops.reveal import reveal_involved
from engine.procedure import queue, triggers
from engine.procedure.execute import continue_execution, start_execution, strike_now
from engine.procedure.phases import advance_phase, anyone_has_sudden, turn_preparation_step
from engine.procedure.prelim import prelim_step
from engine.procedure.victory import check_loss
from engine.model.state import GameState


#: The preliminary phase's steps, as a set.
_PRELIM: Final = frozenset(PRELIM_PHASES)


def run(g: GameState) -> None:
    """Advance until a player must act (``g.prompt`` set) or the game ends (``g.result`` set)."""
    for _ in range(100000):
        if g.result is not None:
            g.prompt = None
            return
        phase = g.phase
        prelim = phase in _PRELIM
        if not prelim:
            reveal_involved(g)  # [415.2] base effect, before anyone is asked
        release_dead(g)  # a dead card's markers go once its own on-death abilities are done [g-87]
        ex = g.executing
        if ex is not None:
            ask = ex.get("ask")
            if ask:
                g.prompt = dict(ask)
                return
            entry = ex["entry"]
            continue_execution(g)
            if g.executing is None:
                trigger_points.cut_loops(g, entry)
                if entry.get("strike_now"):
                    strike_now(g, entry)  # "it makes a simple strike" as part of the effect (Шаман-душегрыз)
                if entry.get("flyer_strike"):
                    c = g.cards.get(entry["source"])
                    if c is not None:
                        c.markers.pop("flyer_strike", None)  # used [211.9]
            continue
        if prelim or phase == Phase.TURN_PREPARATION:
            prompt = prelim_step(g) if prelim else turn_preparation_step(g)
            if prompt is not None:
                g.prompt = prompt
                return
            continue
        passives.lose_poisoning(g)  # [421] base effects, before anyone is asked
        unhosted_attachments_die(g)
        if g.pending[1] or g.pending[2]:
            p = g.inactive if g.pending[g.inactive] else g.active
            if triggers.auto_declare(g, p):
                continue
            g.prompt = {"kind": PromptKind.TRIGGERS, "player": p,
                        "pending": [{"source": t["source"], "ability": t["ability"], "optional": t["optional"]}
                                    for t in g.pending[p]]}
            return
        if g.prio is None:
            if not g.queue:
                if check_loss(g):
                    continue
                if g.phase != Phase.MAIN and not anyone_has_sudden(g):
                    end_round(g)
                    continue
            g.prio = {"holder": g.active, "passes": 0}
        holder = g.prio["holder"]
        if holder == g.active and g.end_turn and g.phase == Phase.MAIN:
            on_pass(g, holder)
            continue
        g.prompt = {"kind": PromptKind.PRIORITY, "player": holder}
        return
    raise RuntimeError("the game flow did not settle (a loop in the rules engine)")


def on_pass(g: GameState, player: int) -> None:
    """A pass (пас) with priority: the opponent gets priority; two in succession end the round (Q5.2-Q5.3)."""
    prio = g.prio
    prio["passes"] += 1
    prio["holder"] = g.other(player)
    if prio["passes"] >= 2:
        g.prio = None
        end_round(g)


def new_round(g: GameState) -> None:
    """After a declaration or an execution: triggers first, then the active player's priority (Q5)."""
    g.prio = None


def end_round(g: GameState) -> None:
    """Both passed: execute the head of the queue (Q4), or with an empty queue end the phase ([SEED S3])."""
    if g.queue:
        entry = queue.take_head(g)
        start_execution(g, entry)
    else:
        advance_phase(g)


