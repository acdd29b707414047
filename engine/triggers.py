"""Triggered abilities (срабатывающие способности): trigger points, pending triggers, their declaration.

RULES.md S3, Q4, Q5.1, Q8: an event makes matching triggers *pending* for their controller; nothing enters the
queue while an entry executes; in the next round the inactive player declares theirs first (in the order they
choose), then the active player. A mandatory trigger with nothing to choose, alone in its controller's pending
list, is declared without asking. Passing forfeits optional triggers. Trigger points and their fields are those of
docs/card-vocabulary.md (``when``, ``subject``, ``turn``, ``attack``, ``roles``, ``strength``).
"""
from __future__ import annotations

import itertools

from . import abilities as ab
from . import targets as tg

#: Attack-kind groups a trigger or selector may name (docs/card-vocabulary.md "Attack kinds").
GROUPS = {
    "melee": {"simple_strike", "special_strike", "magic_strike"},
    "ranged": {"shot", "throw", "discharge", "strike_through_row"},
    "magical": {"magic_strike", "discharge"},
    "nonmagical": {"simple_strike", "special_strike", "shot", "throw", "strike_through_row"},
    "any_attack": {"simple_strike", "special_strike", "magic_strike", "shot", "throw", "discharge",
                   "strike_through_row"},
}


def kinds_match(kind: str, kinds) -> bool:
    """True when attack ``kind`` is one of ``kinds`` (kinds or groups); no list means any attack."""
    if not kinds:
        return True
    return any(kind == k or kind in GROUPS.get(k, ()) for k in kinds)


def _trigger_abilities(g, card, granted: bool = False):
    """(index, trigger) of the card; ``granted`` adds triggers granted by formation/aura (index ``"g<n>"``)."""
    base = g.abilities(card)
    for i, a in enumerate(base):
        if a.get("kw") == "trigger":
            yield i, a
    if granted:
        from .grants import effective
        extra = [a for a in effective(g, card) if a.get("kw") == "trigger" and not any(a is b for b in base)]
        for j, a in enumerate(extra):
            yield f"g{j}", a


def _fires(g, c, a, ev) -> bool:
    """Does trigger ``a`` of card ``c`` fire on event ``ev``?"""
    when, et = a.get("when"), ev["type"]
    subject = a.get("subject", "self")
    if when == "moves":
        if et != "moved":
            return False
        return ev["card"] == c.id if subject == "self" else (subject == "any" or ev["card"] != c.id)
    if when == "battle_start":
        return et == "battle_start"
    if when == "poison_wounds":  # a creature took wounds from its Poisoning (Ноками)
        return et == "poison_wounds" and (subject != "self" or ev["card"] == c.id)
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
    if when in ("attacked", "hit"):
        if et != when:
            return False
        if subject == "other":
            if ev["card"] == c.id:
                return False
        elif ev["card"] != c.id:
            return False
        return kinds_match(ev.get("attack", ""), a.get("attack"))
    if when == "strikes":
        return (et == "strikes" and ev["card"] == c.id and kinds_match(ev.get("attack", ""), a.get("attack"))
                and (not a.get("roles") or ev.get("role") in a["roles"])
                and (not a.get("strength") or ev.get("strength") in a["strength"]))
    if when == "becomes_defender":
        return et == "becomes_defender" and ev["card"] == c.id
    return False


def collect(g, event: dict) -> None:
    """Make pending every trigger ``event`` fires ([SEED S3]; 01-game-and-cards.md §5.7: only cards in play,
    except a card's own "dies" trigger, which fires from the graveyard [405.4], and Valhalla).

    Event shapes: ``moved {card}``, ``died {card, controller}``, ``turn_start|turn_end {player}``,
    ``attacked {card, by, attack}``, ``hit {card, by, attack, n}``, ``strikes {card, target, attack, role,
    strength}``, ``becomes_defender {card}``."""
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
    from .conditions import holds
    for c in g.play_cards():
        for i, a in _trigger_abilities(g, c, granted=True):
            if _fires(g, c, a, event) and (not a.get("condition") or holds(g, c, a["condition"],
                                                                             {"point": event})):
                _add(g, c, i, a, c.controller, event)


#: Event fields kept in a pending trigger only when its effects name the reader: event type -> (field, reader).
_EXTRA = {"becomes_defender": ("target", "defended"), "died": ("poison", "event_poison")}


def _add(g, card, idx, a, controller, event):
    point = {k: v for k, v in event.items() if k in ("type", "card", "by", "player", "attack", "n", "target",
                                                     "frm", "to", "cell", "controller", "poison")}
    extra = _EXTRA.get(event["type"])
    if extra and extra[0] in point and f"'{extra[1]}'" not in repr(a.get("effects")):
        del point[extra[0]]  # kept only for the effects that read it (Бьёрн's defended card, Сеятель's poison)
    g.pending[controller].append({
        "source": card.id, "ability": idx, "controller": controller,
        "optional": bool(a.get("optional")), "effects": a.get("effects") or [], "point": point,
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


def _ability(g, t) -> dict:
    src = g.cards.get(t["source"])
    if src is None or not isinstance(t["ability"], int):
        return {}
    abil = g.abilities(src)
    return abil[t["ability"]] if t["ability"] < len(abil) else {}


def _choice(t: dict):
    for e in t["effects"]:
        for key in ("target", "from", "to"):
            if tg.is_choice(e.get(key)):
                return e, e[key]
    return None, None


def choice_spec(t: dict):
    """The ``{"choose": ...}`` target (``target``, ``from`` or ``to`` of an effect) the trigger's effects ask for
    at declaration, or None."""
    return _choice(t)[1]


def needs_target(t: dict) -> bool:
    """True when declaring the trigger asks its controller for a target."""
    return choice_spec(t) is not None


def target_options(g, t: dict) -> list[str]:
    """Legal targets for a trigger whose effects target a chosen card (cards in the play zone [SEED S2])."""
    src = g.cards[t["source"]]
    eff, spec = _choice(t)
    if eff.get("kw") in ab.ATTACK_KW:
        from .combat import attack_targets, last_known
        return attack_targets(g, last_known(g, src, t["point"]), eff)
    ctx = {"event_card": t["point"].get("card"), "event_cell": t["point"].get("cell"), "controller": t["controller"]}
    out = [c.id for c in tg.chosen_candidates(g, src, spec, ctx)]
    if eff.get("kw") == "redistribute_wounds":
        out = [i for i in out if i != t["point"].get("card")]
    return out


def payable(g, t: dict) -> bool:
    """A triggered ability's cost is its per-turn limit, plus a printed cost for a combined ability [SEED S4,
    413]; it also needs a legal target if it takes one."""
    src = g.cards[t["source"]]
    a = _ability(g, t)
    if a and ab.limit_reached(src, a, t["ability"]):
        return False
    if a.get("cost"):
        c = ab.cost(a)
        if c["tap"] and (src.closed or not g.in_play(src)):
            return False
        if isinstance(c["tokens"], int) and src.tokens < c["tokens"]:
            return False
    if needs_target(t) and not target_options(g, t):
        return False
    return True


def auto_declare(g, p: int) -> bool:
    """Resolve what needs no question in ``p``'s pending triggers (Q5.1). Returns True if anything changed.

    Triggers that cannot be paid or have no target lapse; a lone mandatory trigger with nothing to choose is
    declared."""
    pend = g.pending[p]
    keep = [t for t in pend if payable(g, t)]
    if len(keep) != len(pend):
        g.pending[p] = keep
        return True
    if len(pend) == 1 and not pend[0]["optional"] and not needs_target(pend[0]):
        declare(g, p, 0, None)
        return True
    return False


def declare(g, p: int, index: int, target: str | None, targets: list | None = None) -> None:
    """Declare pending trigger ``index`` of player ``p``: pay its cost and limit, put its entry at the tail;
    ``targets``: the different cards named for a chosen target with ``count`` > 1 (Аристократка)."""
    t = g.pending[p].pop(index)
    src = g.cards[t["source"]]
    a = _ability(g, t)
    if a:
        if ab.limit(a):
            key = ab.limit_key(a, t["ability"])
            src.used[key] = src.used.get(key, 0) + 1
        if a.get("cost"):
            c = ab.cost(a)
            if c["tap"]:
                src.closed = True
            if isinstance(c["tokens"], int):
                src.tokens -= c["tokens"]
    entry = {"uid": g.next_uid, "kind": "trigger", "source": t["source"], "controller": p,
             "ability": t["ability"], "effects": t["effects"], "target": target, "x": None, "to": None,
             **({"targets": list(targets)} if targets else {}),
             "point": t["point"], "chain": t.get("chain", []), "cause": t.get("cause")}  # chain: RULES.md Q9
    g.next_uid += 1
    g.queue.append(entry)
    g.emit("declared", player=p, source=t["source"], ability=t["ability"], target=target, trigger=True)


def legal(g, p: int) -> list[dict]:
    """The actions of a player asked about pending triggers: declare one, order several, or pass (forfeit the
    optional ones)."""
    pend = g.pending[p]
    out = []
    dup: dict = {}
    for t in pend:
        dup[(t["source"], t["ability"])] = dup.get((t["source"], t["ability"]), 0) + 1
    seen: dict = {}
    for t in pend:
        key = (t["source"], t["ability"])
        k = seen.get(key, 0)
        seen[key] = k + 1
        base = {"act": "declare", "source": t["source"], "ability": t["ability"]}
        if dup[key] > 1:
            base["trigger"] = k
        if needs_target(t) and (choice_spec(t) or {}).get("count", 1) > 1:
            from .options import combos
            out.extend(dict(base, targets=c) for c in combos(target_options(g, t), choice_spec(t)["count"]))
        elif needs_target(t):
            out.extend(dict(base, target=x) for x in target_options(g, t))
        else:
            out.append(base)
    if len(pend) >= 2 and not any(needs_target(t) for t in pend):
        for perm in itertools.islice(itertools.permutations(range(len(pend))), 120):
            out.append({"act": "order", "items": [pend[i]["source"] for i in perm]})
    if any(t["optional"] for t in pend):
        out.append({"act": "pass"})
    uniq, keys = [], set()
    for a in out:
        k = repr(a)
        if k not in keys:
            keys.add(k)
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
                    declare(g, p, i, act.get("target"), act.get("targets"))
                    return
                want -= 1
        return
    if act["act"] == "order":
        for src in act["items"]:
            for i, t in enumerate(g.pending[p]):
                if t["source"] == src:
                    declare(g, p, i, None)
                    break
