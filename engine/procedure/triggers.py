"""Triggered abilities (срабатывающие способности): trigger points, pending triggers, their declaration.

RULES.md S3, Q4, Q5.1, Q8: an event makes matching triggers *pending* for their controller; nothing enters the
queue while an entry executes; in the next round the inactive player declares theirs first (in the order they
choose), then the active player. A mandatory trigger with nothing to choose, alone in its controller's pending
list, is declared without asking. Passing forfeits optional triggers. Trigger points and their fields are those of
docs/card-vocabulary.md (``when``, ``subject``, ``turn``, ``attack``, ``roles``, ``strength``).
"""
from __future__ import annotations

import itertools

from engine.cards import abilities as ab
from engine.cards.keywords import CUSTOMS, KEYWORDS, carries
from engine.cards.kinds import REACH
from engine.model.enums import EntryKind, Event
from engine.model.types import QueueEntry
from engine.ops import trigger_points
from engine.procedure import queue
from engine.rules import futile
from engine.rules import targets as tg
from engine.rules.options import combos
from engine.rules.combat import attack_targets
from engine.rules.declarable import hidden_target_options
from engine.model.state import GameState


def _ability(g: GameState, t) -> dict:
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


def _cells_of(t: dict):
    for e in t["effects"]:
        c = CUSTOMS.get(e.get("handler")) if e.get("kw") == "custom" else None
        if c is not None and c.cells is not None:
            return c.cells
        if e.get("cell") == "empty" and e.get("kw") in KEYWORDS and KEYWORDS[e["kw"]].options is not None:
            k = KEYWORDS[e["kw"]]  # a keyword effect on a chosen empty cell (``mark`` of a cell): its own choices
            return lambda g, src, point, k=k, e=e: [o["to"] for o in k.options(g, src, e) if o.get("to")]
    return None


def needs_cell(t: dict) -> bool:
    """True when declaring the trigger asks its controller for a destination cell (``to``): one of its effects
    is a custom whose record lists destination cells (Сайкорон's teleport, engine/effects/customs/)."""
    return _cells_of(t) is not None


def cell_options(g: GameState, t: dict) -> list[str]:
    """The destination cells a trigger of :func:`needs_cell` may be declared with now."""
    fn = _cells_of(t)
    return list(fn(g, g.cards[t["source"]], t["point"])) if fn is not None else []


def target_options(g: GameState, t: dict) -> list[str]:
    """Legal targets for a trigger whose effects target a chosen card (cards in the play zone [SEED S2]). An enemy
    face-down card is a legal target by its position alone, as for activated abilities [415.3, 415.5]."""
    src = g.cards[t["source"]]
    eff, spec = _choice(t)
    if eff.get("kw") in REACH:  # an attack needs its source in play (01 §5.7, RULES.md Q7): none from a graveyard
        out = attack_targets(g, src, eff) if g.in_play(src) else []
    else:
        ctx = {"event_card": t["point"].get("card"), "event_cell": t["point"].get("cell"),
               "controller": t["controller"]}
        if t["point"].get("type") == "strikes":
            ctx["attacked"] = t["point"].get("target")  # its own attack's target (filter beside_attacked)
        out = [c.id for c in tg.chosen_candidates(g, src, spec, ctx)]
        if carries([eff], "spares_event_card"):  # never the triggering card (redistribution)
            out = [i for i in out if i != t["point"].get("card")]
    if spec is eff.get("target") and len(t["effects"]) == 1:
        out = [i for i in out if not futile.futile(g, eff, g.cards[i])]  # [219.2]: it could change nothing
    if spec is not eff.get("target"):
        return out
    return [o["target"] for o in hidden_target_options(g, src, eff, [{"target": i} for i in out])]


def payable(g: GameState, t: dict) -> bool:
    """A triggered ability's cost is its per-turn limit, plus a printed cost for a combined ability [SEED S4,
    413]; it also needs a legal target if it takes one."""
    src = g.cards[t["source"]]
    a = _ability(g, t)
    if a and ab.limit_reached(src, a, t["ability"]):
        return False
    if a.get("cost"):
        c = ab.cost(a)
        if c.tap and (src.closed or not g.in_play(src)):
            return False
        if isinstance(c.tokens, int) and src.tokens < c.tokens:
            return False
    if needs_target(t) and not target_options(g, t):
        return False
    if len(t["effects"]) == 1 and isinstance(t["effects"][0].get("target"), str) and futile.named_futile(
            g, t["effects"][0], tg.resolve(g, {"controller": t["controller"], "point": t["point"]}, src,
                                          t["effects"][0]["target"])):
        return False  # its one effect can change nothing on its named target: it lapses [219.2, 103.3]
    if needs_cell(t) and not cell_options(g, t):
        return False
    return True


def auto_declare(g: GameState, p: int) -> bool:
    """Resolve what needs no question in ``p``'s pending triggers (Q5.1). Returns True if anything changed.

    Triggers that cannot be paid or have no target lapse; a lone mandatory trigger with nothing to choose is
    declared."""
    pend = g.pending[p]
    keep = [t for t in pend if payable(g, t)]
    if len(keep) != len(pend):
        trigger_points.keep_only(g, p, keep)
        return True
    if len(pend) == 1 and not pend[0]["optional"] and not needs_target(pend[0]) and not needs_cell(pend[0]):
        declare(g, p, 0, None)
        return True
    return False


def declare(g: GameState, p: int, index: int, target: str | None, targets: list | None = None, to: str | None = None) -> None:
    """Declare pending trigger ``index`` of player ``p``: pay its cost and limit, put its entry at the tail;
    ``targets``: the different cards named for a chosen target with ``count`` > 1 (Аристократка); ``to``: the
    destination cell of a trigger of :func:`needs_cell`."""
    t = trigger_points.take(g, p, index)
    src = g.cards[t["source"]]
    a = _ability(g, t)
    paid_tokens = None
    if a:
        if ab.limit(a):
            key = ab.limit_key(a, t["ability"])
            src.used[key] = src.used.get(key, 0) + 1
        if a.get("cost"):
            c = ab.cost(a)
            if c.tap:
                src.closed = True
            paid = src.tokens if c.tokens == "all" else c.tokens  # "loses all its tokens" [SEED S4]
            if isinstance(paid, int):
                src.tokens -= paid
                paid_tokens = paid
    entry: QueueEntry = {"uid": queue.new_uid(g), "kind": EntryKind.TRIGGER, "source": t["source"],
                         "controller": p, "ability": t["ability"], "effects": t["effects"], "target": target,
                         "x": None, "to": to, "point": t["point"], "chain": t.get("chain", []),
                         "cause": t.get("cause")}  # chain: RULES.md Q9
    if targets:
        entry["targets"] = list(targets)
    if paid_tokens is not None:
        entry["paid_tokens"] = paid_tokens  # an amount "per token paid" counts these (01 §6.2: spend all tokens)
    queue.enqueue(g, entry)
    g.emit(Event.DECLARED, player=p, source=t["source"], ability=t["ability"], target=target, trigger=True)


def legal(g: GameState, p: int) -> list[dict]:
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
            spec = choice_spec(t)
            out.extend(dict(base, targets=c) for c in combos(target_options(g, t), spec["count"],
                                                             bool(spec.get("exact"))))
        elif needs_target(t):
            out.extend(dict(base, target=x) for x in target_options(g, t))
        elif needs_cell(t):
            out.extend(dict(base, to=c) for c in cell_options(g, t))
        else:
            out.append(base)
    if len(pend) >= 2 and not any(needs_target(t) or needs_cell(t) for t in pend):
        names = order_names(pend)
        for perm in itertools.islice(itertools.permutations(range(len(pend))), 120):
            out.append({"act": "order", "items": [names[i] for i in perm]})
    if any(t["optional"] for t in pend):
        out.append({"act": "pass"})
    uniq, keys = [], set()
    for a in out:
        k = repr(a)
        if k not in keys:
            keys.add(k)
            uniq.append(a)
    return uniq


def order_names(pend: list[dict]) -> list[str]:
    """How an ``order`` action names each pending trigger: its source's id when that card has one pending trigger;
    else ``"<id>/<ability>"``; for identical triggers of one ability also their rank, ``"<id>/<ability>/<k>"``."""
    out = []
    for t in pend:
        same_src = [u for u in pend if u["source"] == t["source"]]
        same_ab = [u for u in same_src if u["ability"] == t["ability"]]
        if len(same_src) == 1:
            out.append(t["source"])
        elif len(same_ab) == 1:
            out.append(f"{t['source']}/{t['ability']}")
        else:
            out.append(f"{t['source']}/{t['ability']}/{next(k for k, u in enumerate(same_ab) if u is t)}")
    return out


def perform(g: GameState, p: int, act: dict) -> None:
    """Apply a legal trigger-prompt action (see :func:`legal`)."""
    pend = g.pending[p]
    if act["act"] == "pass":
        trigger_points.keep_only(g, p, [t for t in pend if not t["optional"]])
        return
    if act["act"] == "declare":
        want = act.get("trigger", 0)
        for i, t in enumerate(pend):
            if t["source"] == act["source"] and t["ability"] == act["ability"]:
                if want == 0:
                    declare(g, p, i, act.get("target"), act.get("targets"), act.get("to"))
                    return
                want -= 1
        return
    if act["act"] == "order":
        chosen = [pend[order_names(pend).index(name)] for name in act["items"]]
        for t in chosen:
            declare(g, p, next(i for i, u in enumerate(g.pending[p]) if u is t), None)
