"""Turn structure (02-battle.md §2, §8): turn preparation, turn start, main, final, and passing the turn.

Turn start [311]: the active player's closed cards open, their movement markers go, per-turn limits reset,
"at the start of the turn" triggers plus regeneration and poisoning become pending. Final [313]: "at the end of
the turn" triggers; then the active and inactive players swap at once.
"""
from __future__ import annotations

from . import abilities as ab
from . import triggers


def anyone_has_sudden(g) -> bool:
    """True when either player could declare a sudden action now (Q5.4: otherwise an empty window outside the
    main phase ends by itself)."""
    from .declare import ability_options, can_pay
    for card in g.play_cards():
        if card.hidden:
            continue
        for i, a in enumerate(g.abilities(card)):
            if ab.is_activated(a) and ab.is_sudden(a) and can_pay(g, card, a, i) and ability_options(g, card, i, a):
                return True
    return False


def advance_phase(g) -> None:
    """Both players passed on an empty queue: end the current phase or step and start the next ([SEED S3])."""
    if g.phase == "turn_preparation":
        start_turn(g)
    elif g.phase == "turn_start":
        set_phase(g, "main")
    elif g.phase == "main":
        g.end_turn = False
        set_phase(g, "final")
        triggers.collect(g, {"type": "turn_end", "player": g.active})
    elif g.phase == "final":
        pass_turn(g)


def set_phase(g, phase: str) -> None:
    """Enter a phase: a new round starts in it."""
    g.phase = phase
    g.prio = None
    g.emit("phase", phase=phase, turn=g.turn, active=g.active)


def start_turn(g) -> None:
    """Turn start step [311]: open, remove movement markers, reset per-turn limits, start-of-turn triggers."""
    set_phase(g, "turn_start")
    p = g.active
    for c in g.play_cards():
        if "armour" in c.used:
            del c.used["armour"]  # armour counts the first wounds of each turn [g-05]
        if c.controller != p:
            continue
        if c.closed:
            c.closed = False
            g.emit("opened", card=c.id)
        c.markers.pop("movement", None)
        c.actions = 0
        for i, a in enumerate(g.abilities(c)):
            if ab.limit(a) == "turn":
                c.used.pop(ab.limit_key(a, i), None)
    triggers.collect(g, {"type": "turn_start", "player": p})
    for c in g.play_cards():
        if c.controller != p:
            continue
        for a in g.abilities(c):
            if a.get("kw") == "regeneration" and c.wounds > 0:
                triggers.add_base_trigger(g, c, "regeneration", {"kw": "heal", "n": a.get("n", 1), "target": "self"})
        if c.markers.get("poison"):
            triggers.add_base_trigger(g, c, "poison", {"kw": "wound", "n": c.markers["poison"], "target": "self"})


def pass_turn(g) -> None:
    """End of the final phase: "until the end of the turn" effects end, players swap, the next turn starts
    (02-battle.md §8). The second player's face-down cards are revealed after the first player's first turn."""
    if g.turn == 1:
        for c in g.cards.values():
            if c.hidden:
                c.hidden = False
                g.emit("revealed", card=c.id, defkey=c.defkey)
    cap = g.options.get("turn_cap")
    if cap and g.turn >= cap:
        g.set_result("draw", "turn_cap")
        return
    g.active = g.other(g.active)
    g.turn += 1
    g.emit("turn", turn=g.turn, active=g.active)
    g.phase = "turn_preparation"
    start_turn(g)
