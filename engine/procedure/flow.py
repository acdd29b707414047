"""The queue and priority state machine (очередь, приоритет): RULES.md Q1-Q11, [SEED S3], [SEED S4].

:func:`run` advances the game until it must wait for a player, and sets ``g.prompt`` to who must act and for
what. One round (Q5): pending triggers are declared (inactive player first, each in the order they choose), then
the active player gets priority; a declaration starts a new round, two passes in succession end it; then the head
of the queue executes (Q4), or with an empty queue the phase ends ([SEED S3], 215.8).
"""
from __future__ import annotations

from engine.ops.damage import release_dead
from engine.ops.durations import add
from engine.ops.reveal import reveal_involved
from engine.procedure import triggers
from engine.procedure.execute import continue_execution, start_execution
from engine.procedure.phases import advance_phase, anyone_has_sudden, turn_preparation_step
from engine.procedure.prelim import PRELIM, prelim_step
from engine.procedure.victory import check_loss


#: Entry kinds this module executes itself (card actions that are not abilities of the card data).
LOCAL_KINDS = ("close_to_strike_flyer",)


def run(g) -> None:
    """Advance until a player must act (``g.prompt`` set) or the game ends (``g.result`` set)."""
    for _ in range(100000):
        if g.result is not None:
            g.prompt = None
            return
        if g.phase not in PRELIM:
            reveal_involved(g)  # [415.2] base effect, before anyone is asked
        release_dead(g)  # a dead card's markers go once its own on-death abilities are done [g-87]
        if g.executing is not None:
            if g.executing["entry"]["kind"] in LOCAL_KINDS:
                execute_local(g)
                continue
            if g.executing.get("ask"):
                g.prompt = dict(g.executing["ask"])
                return
            entry = g.executing["entry"]
            continue_execution(g)
            if g.executing is None:
                cut_loops(g, entry)
                if entry.get("flyer_strike"):
                    c = g.cards.get(entry["source"])
                    if c is not None:
                        c.markers.pop("flyer_strike", None)  # used [211.9]
            continue
        if g.phase in PRELIM:
            if prelim_step(g):
                return
            continue
        if g.phase == "turn_preparation":
            if turn_preparation_step(g):
                return
            continue
        if g.pending[1] or g.pending[2]:
            p = g.inactive if g.pending[g.inactive] else g.active
            if triggers.auto_declare(g, p):
                continue
            g.prompt = {"kind": "triggers", "player": p,
                        "pending": [{"source": t["source"], "ability": t["ability"], "optional": t["optional"]}
                                    for t in g.pending[p]]}
            return
        if g.prio is None:
            if not g.queue:
                if check_loss(g):
                    continue
                if g.phase != "main" and not anyone_has_sudden(g):
                    end_round(g)
                    continue
            g.prio = {"holder": g.active, "passes": 0}
        holder = g.prio["holder"]
        if holder == g.active and g.end_turn and g.phase == "main":
            on_pass(g, holder)
            continue
        g.prompt = {"kind": "priority", "player": holder}
        return
    raise RuntimeError("the game flow did not settle (a loop in the rules engine)")


def chain_key(e: dict) -> list:
    """What an entry or pending trigger does, for the loop rule: [source, ability, the card it is about, the
    source of the entry that caused it] (RULES.md Q9, [103.4])."""
    point = e.get("point") or {}
    return [e.get("source"), e.get("ability"), point.get("card") or e.get("target"), e.get("cause")]


def cut_loops(g, entry: dict) -> None:
    """RULES.md Q9 [103.4]: the triggers that became pending while ``entry`` executed belong to its chain; one
    that exactly repeats an effect earlier in the chain is cut (it never enters the queue), and with it
    everything it would have caused."""
    chain = list(entry.get("chain") or []) + [chain_key(entry)]
    for p in (1, 2):
        keep = []
        for t in g.pending[p]:
            if "chain" not in t:
                t["cause"] = entry.get("source")
                t["chain"] = chain
                if chain_key(t) in chain:
                    g.emit("loop_cut", source=t["source"], ability=t["ability"])
                    continue
            keep.append(t)
        g.pending[p] = keep


def execute_local(g) -> None:
    """Execute an entry of :data:`LOCAL_KINDS`. Closing to strike a flyer [211.9]: the card gets marker
    ``flyer_strike``, usable on its controller's next turn and removed when used or at the end of that turn."""
    e = g.executing["entry"]
    g.executing = None
    g.prio = None
    c = g.cards.get(e["source"])
    if c is None or not g.in_play(c):
        g.emit("fizzled", source=e["source"])
        return
    c.markers["flyer_strike"] = 1
    add(g, "turn_end", c.id, "flyer_strike", marker="flyer_strike", turn=g.turn + 2, since=g.turn)
    g.emit("flyer_strike_ready", card=c.id)


def on_pass(g, player: int) -> None:
    """A pass (пас) with priority: the opponent gets priority; two in succession end the round (Q5.2-Q5.3)."""
    g.prio["passes"] += 1
    g.prio["holder"] = g.other(player)
    if g.prio["passes"] >= 2:
        g.prio = None
        end_round(g)


def new_round(g) -> None:
    """After a declaration or an execution: triggers first, then the active player's priority (Q5)."""
    g.prio = None


def end_round(g) -> None:
    """Both passed: execute the head of the queue (Q4), or with an empty queue end the phase ([SEED S3])."""
    if g.queue:
        entry = g.queue.pop(0)
        start_execution(g, entry)
    else:
        advance_phase(g)


