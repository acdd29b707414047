"""Trigger points (RULES.md S3, [SEED S3]): an event makes the matching triggered abilities pending for their
controller (``g.pending``). Declaring pending triggers is :mod:`engine.procedure.triggers`.

Event shapes: ``moved {card}``, ``died {card, controller}``, ``turn_start|turn_end {player}``, ``attack_declared
{card, by, attack}`` (an attack is declared with it as target), ``attacked {card, by, attack}`` (it is the final
target of an executing attack), ``hit {card, by, attack, n}``, ``strikes {card, target, attack, role, strength,
missed?}``, ``becomes_defender {card}``.
"""
from __future__ import annotations

from engine.cards.kinds import kinds_match
from engine.rules.conditions import holds
from engine.rules.grants import effective


def _trigger_abilities(g, card, granted: bool = False):
    """(index, trigger) of the card; ``granted`` adds triggers granted by formation/aura (index ``"g<n>"``)."""
    base = g.abilities(card)
    for i, a in enumerate(base):
        if a.get("kw") == "trigger":
            yield i, a
    if granted:
        extra = [a for a in effective(g, card) if a.get("kw") == "trigger" and not any(a is b for b in base)]
        for j, a in enumerate(extra):
            yield f"g{j}", a


def _fires(g, c, a, ev) -> bool:
    """Does trigger ``a`` of card ``c`` fire on event ``ev``?"""
    when, et = a.get("when"), ev["type"]
    subject = a.get("subject", "self")
    if when == "moves":
        return et == "moved" and ev["card"] == c.id
    if when in ("start_of_turn", "end_of_turn"):
        if et != ("turn_start" if when == "start_of_turn" else "turn_end"):
            return False
        turn = a.get("turn", "own")
        return turn == "each" or (turn == "own") == (ev["player"] == c.controller)
    if when == "dies":
        if et != "died" or subject == "self":
            return False
        dead = g.cards[ev["card"]]
        return g.is_creature(dead) and (subject == "any" or ev["card"] != c.id)
    if when in ("attack_declared", "attacked", "hit"):
        if et != when:
            return False
        if subject == "other":
            if ev["card"] == c.id:
                return False
        elif ev["card"] != c.id:
            return False
        return kinds_match(ev.get("attack", ""), a.get("attack"))
    if when == "strikes":  # a miss counts only for "whether it hits or misses" (hit_or_miss)
        return (et == "strikes" and ev["card"] == c.id and kinds_match(ev.get("attack", ""), a.get("attack"))
                and (not ev.get("missed") or bool(a.get("hit_or_miss")))
                and (not a.get("roles") or ev.get("role") in a["roles"])
                and (not a.get("strength") or ev.get("strength") in a["strength"]))
    if when == "becomes_defender":
        return et == "becomes_defender" and ev["card"] == c.id
    return False


def collect(g, event: dict) -> None:
    """Make pending every trigger ``event`` fires ([SEED S3]; 01-game-and-cards.md §5.7: only cards in play,
    except a card's own "dies" trigger, which fires from the graveyard [405.4], and Valhalla).

    Event shapes: ``moved {card}``, ``died {card, controller}``, ``turn_start|turn_end {player}``,
    ``attack_declared {card, by, attack}``, ``attacked {card, by, attack}``, ``hit {card, by, attack, n}``,
    ``strikes {card, target, attack, role, strength, missed?}``, ``becomes_defender {card}``."""
    et = event["type"]
    if et == "died":
        dead = g.cards[event["card"]]
        for i, a in _trigger_abilities(g, dead):
            if a.get("when") == "dies" and a.get("subject", "self") == "self":
                _add(g, dead, i, a, event["controller"], event)
    if et == "turn_start":
        for cid in list(g.graveyards[event["player"]]):
            dead = g.cards[cid]
            for i, a in _trigger_abilities(g, dead):
                if a.get("when") == "valhalla":
                    _add(g, dead, i, a, dead.owner, event)
    for c in g.play_cards():
        for i, a in _trigger_abilities(g, c, granted=True):
            if _fires(g, c, a, event) and (not a.get("condition") or holds(g, c, a["condition"],
                                                                             {"point": event})):
                _add(g, c, i, a, c.controller, event)


def _add(g, card, idx, a, controller, event):
    g.pending[controller].append({
        "source": card.id, "ability": idx, "controller": controller,
        "optional": bool(a.get("optional")), "effects": a.get("effects") or [],
        "point": {k: v for k, v in event.items() if k in ("type", "card", "by", "player", "attack", "n", "target",
                                                         "frm", "to", "cell", "controller")},
    })


def add_base_trigger(g, card, name: str, effect: dict) -> None:
    """A mandatory start-of-turn trigger that is not printed as a trigger: regeneration, poisoning (02-battle.md
    §2, turn start step 4). ``name`` is the ability label shown in the queue."""
    g.pending[card.controller].append({
        "source": card.id, "ability": name, "controller": card.controller, "optional": False,
        "effects": [effect], "point": {"type": "turn_start", "player": card.controller},
    })


def clear_pending(g) -> None:
    """Drop every pending trigger (the game ended)."""
    g.pending = {1: [], 2: []}
