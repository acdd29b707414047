"""Triggered abilities (срабатывающие способности): conditions, pending triggers, their declaration.

RULES.md S3, Q4, Q5.1, Q8: an event makes matching triggers *pending* for their controller; nothing enters the
queue while an entry executes; in the next round the inactive player declares theirs first (in the order they
choose), then the active player. A mandatory trigger with nothing to choose, alone in its controller's pending
list, is declared without asking. Passing forfeits optional triggers.
"""
from __future__ import annotations

import itertools

from . import abilities as ab

#: Trigger conditions (``when``) and the event types that fire them.
WHEN_EVENTS = {
    "moves": "moved", "start_of_turn": "turn_start", "end_of_turn": "turn_end", "dies": "died",
    "any_creature_dies": "died", "attacked": "attacked",
}


def _trigger_abilities(g, card):
    for i, a in enumerate(g.abilities(card)):
        if a.get("kw") == "trigger":
            yield i, a


def collect(g, event: dict) -> None:
    """Make pending every trigger ``event`` fires ([SEED S3]; 01-game-and-cards.md §5.7: only cards in play,
    except a card's own "dies" trigger, which fires from the graveyard [405.4]).

    Event shapes: ``{"type": "moved", "card"}``, ``{"type": "died", "card", "controller"}``,
    ``{"type": "turn_start"|"turn_end", "player"}``, ``{"type": "attacked", "card", "by"}``.
    """
    et = event["type"]
    if et == "died":
        dead = g.cards[event["card"]]
        for i, a in _trigger_abilities(g, dead):
            if a.get("when") == "dies":
                _add(g, dead, i, a, event["controller"], event)
    for c in g.play_cards():
        for i, a in _trigger_abilities(g, c):
            when = a.get("when")
            if WHEN_EVENTS.get(when) != et:
                continue
            if et in ("moved", "attacked") and event["card"] != c.id:
                continue
            if when == "dies":
                continue
            if when == "any_creature_dies" and not g.is_creature(g.cards[event["card"]]):
                continue
            if et in ("turn_start", "turn_end") and event["player"] != c.controller:
                continue
            _add(g, c, i, a, c.controller, event)


def _add(g, card, idx, a, controller, event):
    g.pending[controller].append({
        "source": card.id, "ability": idx, "controller": controller,
        "optional": bool(a.get("optional")), "effect": a.get("effect") or {},
        "point": {k: v for k, v in event.items() if k in ("type", "card", "by", "player")},
    })


def add_base_trigger(g, card, name: str, effect: dict) -> None:
    """A mandatory start-of-turn trigger that is not printed as a trigger: regeneration, poisoning (02-battle.md
    §2, turn start step 4). ``name`` is the ability label shown in the queue."""
    g.pending[card.controller].append({
        "source": card.id, "ability": name, "controller": card.controller, "optional": False,
        "effect": effect, "point": {"type": "turn_start", "player": card.controller},
    })


def clear_pending(g) -> None:
    """Drop every pending trigger (the game ended)."""
    g.pending = {1: [], 2: []}


def needs_target(t: dict) -> bool:
    """True when declaring the trigger asks its controller for a target."""
    return t["effect"].get("target") == "chosen"


def target_options(g, t: dict) -> list[str]:
    """Legal targets for a trigger whose effect targets a chosen card: creatures in the play zone [SEED S2]."""
    return [c.id for c in g.play_cards() if g.is_creature(c)]


def payable(g, t: dict) -> bool:
    """A triggered ability's cost is its per-turn limit [SEED S4]; it also needs a legal target if it takes one."""
    src = g.cards[t["source"]]
    if isinstance(t["ability"], int):
        a = g.abilities(src)[t["ability"]] if t["ability"] < len(g.abilities(src)) else {}
        if ab.limit(a) and src.used.get(str(t["ability"])):
            return False
    if needs_target(t) and not target_options(g, t):
        return False
    return True


def auto_declare(g, p: int) -> bool:
    """Resolve what needs no question in ``p``'s pending triggers (Q5.1). Returns True if anything changed.

    Mandatory triggers that cannot be paid or have no target lapse; a lone mandatory trigger with nothing to choose
    is declared."""
    pend = g.pending[p]
    keep = [t for t in pend if t["optional"] or payable(g, t)]
    if len(keep) != len(pend):
        g.pending[p] = keep
        return True
    if len(pend) == 1 and not pend[0]["optional"] and not needs_target(pend[0]):
        declare(g, p, 0, None)
        return True
    return False


def declare(g, p: int, index: int, target: str | None) -> None:
    """Declare pending trigger ``index`` of player ``p``: pay its limit and put its entry at the queue's tail."""
    t = g.pending[p].pop(index)
    src = g.cards[t["source"]]
    if isinstance(t["ability"], int):
        a = g.abilities(src)[t["ability"]]
        if ab.limit(a):
            src.used[str(t["ability"])] = 1
    entry = {"uid": g.next_uid, "kind": "trigger", "source": t["source"], "controller": p,
             "ability": t["ability"], "effect": t["effect"], "target": target, "x": None, "to": None,
             "point": t["point"]}
    g.next_uid += 1
    g.queue.append(entry)
    g.emit("declared", player=p, source=t["source"], ability=t["ability"], target=target, trigger=True)


def legal(g, p: int) -> list[dict]:
    """The actions of a player asked about pending triggers: declare one, order several, or pass (forfeit the
    optional ones)."""
    pend = g.pending[p]
    out = []
    dup = {}
    for t in pend:
        dup[(t["source"], t["ability"])] = dup.get((t["source"], t["ability"]), 0) + 1
    seen = {}
    for i, t in enumerate(pend):
        key = (t["source"], t["ability"])
        k = seen.get(key, 0)
        seen[key] = k + 1
        base = {"act": "declare", "source": t["source"], "ability": t["ability"]}
        if dup[key] > 1:
            base["trigger"] = k
        if needs_target(t):
            out.extend(dict(base, target=x) for x in target_options(g, t))
        else:
            out.append(base)
    if len(pend) >= 2 and not any(needs_target(t) for t in pend):
        for perm in itertools.islice(itertools.permutations(range(len(pend))), 120):
            out.append({"act": "order", "items": [pend[i]["source"] for i in perm]})
    if any(t["optional"] for t in pend):
        out.append({"act": "pass"})
    # de-duplicate (identical sources give identical order lists)
    uniq, seen_keys = [], set()
    for a in out:
        k = repr(a)
        if k not in seen_keys:
            seen_keys.add(k)
            uniq.append(a)
    return uniq


def perform(g, p: int, act: dict) -> None:
    """Apply a legal trigger-prompt action (see :func:`legal`)."""
    pend = g.pending[p]
    if act["act"] == "pass":
        g.pending[p] = [t for t in pend if not t["optional"]]
        return
    if act["act"] == "declare":
        want = act.get("trigger", 0)
        for i, t in enumerate(pend):
            if t["source"] == act["source"] and t["ability"] == act["ability"]:
                if want == 0:
                    declare(g, p, i, act.get("target"))
                    return
                want -= 1
        return
    if act["act"] == "order":
        for src in act["items"]:
            for i, t in enumerate(g.pending[p]):
                if t["source"] == src:
                    declare(g, p, i, None)
                    break
