"""Turn structure (02-battle.md §2, §8): turn preparation, turn start, main, final, and passing the turn.

Turn start [311]: the active player's closed cards open, their movement markers go, per-turn limits reset,
"at the start of the turn" triggers plus regeneration and poisoning become pending. Final [313]: "at the end of
the turn" triggers; then the active and inactive players swap at once.
"""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.cards.keywords import carries, hooked
from engine.model.enums import Event, Phase, PromptKind
from engine.model.memo import close_scope, open_scope
from engine.model.types import Prompt
from engine.ops import durations, sharing
from engine.ops import passives
from engine.ops import trigger_points
from engine.ops.durations import expire
from engine.ops.reveal import reveal
from engine.procedure import before_turn
from engine.procedure import prelim_abilities as pa
from engine.rules.declarable import ability_options, activated, can_pay
from engine.model.state import GameState


def anyone_has_sudden(g: GameState) -> bool:
    """True when either player could declare a sudden action now (Q5.4: otherwise an empty window outside the
    main phase ends by itself). An ability used only inside an attack's fixed window (a die-roll change, a block;
    02-battle.md §9) is never declared with priority, so it keeps no window open. A read-only scope
    (engine/model/memo.py ``open_scope``)."""
    opened = open_scope(g)
    try:
        for card in g.play_cards():
            if card.hidden:
                continue
            for i, a in activated(g, card):
                if ab.is_sudden(a) and not ab.is_window_kw(a) and can_pay(g, card, a, i) and \
                        ability_options(g, card, i, a):
                    return True
        return False
    finally:
        close_scope(g, opened)


def advance_phase(g: GameState) -> None:
    """Both players passed on an empty queue: end the current phase or step and start the next ([SEED S3])."""
    if g.phase == Phase.TURN_START:
        set_phase(g, Phase.MAIN)
    elif g.phase == Phase.MAIN:
        g.end_turn = False
        set_phase(g, Phase.FINAL)
        trigger_points.collect(g, {"type": "turn_end", "player": g.active})
    elif g.phase == Phase.FINAL:
        pass_turn(g)


def set_phase(g: GameState, phase: str) -> None:
    """Enter a phase: a new round starts in it."""
    g.phase = phase
    g.emit(Event.PHASE, phase=phase, turn=g.turn, active=g.active)


def begin_turn(g: GameState) -> None:
    """The initial phase's turn preparation step [310]: "just before the start of the turn" triggers become pending
    (:mod:`engine.procedure.before_turn`); they and the "before the start of the turn" decisions are taken player
    by player (active first, then inactive [103.5]), a player being asked only when they have something to
    decide; then :func:`start_turn`."""
    set_phase(g, Phase.TURN_PREPARATION)
    g.prelim = {"prep": [g.active, g.inactive]}
    before_turn.collect(g)


def turn_preparation_step(g: GameState) -> Prompt | None:
    """Resolve the next player's before-turn triggers (each executes at once, before the turn start step [310.2]),
    then ask them their "before the start of the turn" decisions; when both are done, go on to the turn start
    step. Returns the prompt when a player must be asked (the flow sets it); None also while a before-turn trigger
    executes (the flow runs it, then calls again)."""
    order = g.prelim.setdefault("prep", [])
    while order:
        ask = before_turn.resolve(g, order[0])
        if ask is not None or g.executing is not None:
            return ask
        if pa.turn_preparation_choices(g, order[0]):
            return {"kind": PromptKind.CHOICE, "what": "turn_preparation", "player": order[0]}
        pa.end_turn_preparation(g, order.pop(0))
    g.prelim = {}
    start_turn(g)
    return None


def turn_preparation_legal(g: GameState, p: int) -> list[dict]:
    """The turn preparation choices of ``p`` plus ``choose "done"``."""
    return pa.turn_preparation_choices(g, p) + [{"act": "choose", "option": "done"}]


def turn_preparation_perform(g: GameState, p: int, act: dict) -> None:
    """Apply a turn preparation choice; ``"done"`` ends that player's decisions."""
    if act.get("option") == "done":
        pa.end_turn_preparation(g, g.prelim["prep"].pop(0))
    else:
        pa.apply_turn_preparation(g, p, act)


def start_turn(g: GameState) -> None:
    """Turn start step [311]: open (except cards chosen to stay closed), remove movement markers, reset per-turn
    limits and the keywords' ``turn_counter`` entries of ``card.used``, end "until the start of the turn" effects,
    start-of-turn triggers."""
    set_phase(g, Phase.TURN_START)
    p = g.active
    counters = [k.turn_counter for k in hooked("turn_counter")]
    for c in g.play_cards():
        for key in counters:  # a keyword's count of this turn (armour's wounds stopped [g-05])
            if key in c.used:
                del c.used[key]
        if c.controller != p:
            continue
        if c.markers.get("skip_open"):
            del c.markers["skip_open"]  # does not open: card text or chosen in turn preparation [310.2, 311.1]
            g.emit(Event.STAYS_CLOSED, card=c.id)
        elif c.closed:
            c.closed = False
            g.emit(Event.OPENED, card=c.id)
        c.markers.pop("movement", None)
        c.actions = 0
        c.used.pop("strikes", None)
        for i, a in enumerate(g.abilities(c)):
            if ab.limit(a) == "turn":
                c.used.pop(ab.limit_key(a, i), None)
    expire(g, "turn_start")
    trigger_points.collect(g, {"type": "turn_start", "player": p})
    passives.turn_start(g, p)


def pass_turn(g: GameState) -> None:
    """End of the final phase: "until the end of the turn" effects end, players swap, the next turn starts
    (02-battle.md §8). The second player's face-down cards are revealed after the first player's first turn."""
    expire(g, "turn_end")
    sharing.at_turn_end(g)  # an incorporeal creature still sharing a cell dies [g-03]
    if g.turn == 1:
        for cid in list(g.board.values()):
            c = g.cards[cid]
            if c.hidden and not keeps_hidden(g, c):
                reveal(g, c, "end_of_first_turn")  # [306.2.a]; a flyer goes to the aux zone [211.2.a]
    durations.end_acquired(g)
    cap = g.options.get("turn_cap")
    if cap and g.turn >= cap:
        g.set_result("draw", "turn_cap")
        return
    g.active = g.other(g.active)
    g.turn += 1
    g.emit(Event.TURN, turn=g.turn, active=g.active)
    begin_turn(g)


def keeps_hidden(g: GameState, card) -> bool:
    """Cards with Stealth (скрытность; a keyword with the named effect ``stays_hidden``) stay face down after the
    first player's first turn [g-43, 306.2.a]."""
    return carries(g.abilities(card), "stays_hidden")
