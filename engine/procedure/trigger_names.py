"""Naming pending triggered abilities in ``declare`` and ``order`` actions (../shared/scenarios/FORMAT.md;
RULES.md S3, Q8): by index, by a vocabulary name (kw, trigger point, an effect's kw), by FORMAT.md's trigger point
names, and for one ability that fired several times, by its trigger point. :func:`engine.procedure.actions.canonical`
turns every such name into the canonical form :func:`engine.procedure.triggers.legal` lists.
"""
from __future__ import annotations

from engine.procedure.triggers import order_names
from engine.model.state import GameState


def when_names(a: dict) -> set:
    """A trigger's point by its vocabulary name and by FORMAT.md's (``any_creature_dies``, ``attacked``)."""
    when = a.get("when")
    names = {when}
    if when == "dies":
        names.add("any_creature_dies" if a.get("subject") in ("any", "other") else "dies")
    if when == "attack_declared":
        names.add("attacked")
    return names


def ability_names(g: GameState, t: dict) -> set:
    """The names a pending trigger answers to in a ``declare`` step's ``ability``: its index, kw, trigger point
    and the kws of its effects, and the named ability it is part of (``_part_of``, a keyword's ``parts``)."""
    a = g.abilities(g.cards[t["source"]])[t["ability"]] if isinstance(t["ability"], int) else {}
    return {t["ability"], a.get("kw"), a.get("_part_of")} | when_names(a) | {e.get("kw") for e in t.get("effects") or []}


def point_names(g: GameState, t: dict) -> set:
    """The names a trigger point answers to in a ``declare`` step's ``trigger``: the cards and cells of its event
    (labels become ids in the scenario runner) and the trigger point's name."""
    pt = t.get("point") or {}
    abil = g.abilities(g.cards[t["source"]])
    a = abil[t["ability"]] if isinstance(t["ability"], int) and t["ability"] < len(abil) else {}
    names = {pt.get(k) for k in ("card", "by", "target", "to", "frm", "cell")} | {pt.get("type")} | when_names(a)
    names.discard(None)
    return names


def _pending(g: GameState) -> list[dict]:
    p = g.prompt["player"] if g.prompt else None
    return g.pending.get(p) or []


def resolve_trigger(g: GameState, act: dict):
    """The index of the first pending trigger of ``act["source"]`` that answers to the name ``act["ability"]``."""
    for t in _pending(g):
        if t["source"] == act.get("source") and act["ability"] in ability_names(g, t):
            return t["ability"]
    return act["ability"]


def resolve_point(g: GameState, act: dict) -> None:
    """A ``trigger`` given by name picks the first pending trigger of that source and ability whose trigger point
    answers to it; ``ability`` becomes its index and ``trigger`` its rank among the pending triggers of that same
    ability (the field goes when it is the only one), as :func:`engine.procedure.triggers.legal` lists them."""
    pend = _pending(g)
    for t in pend:
        if t["source"] != act.get("source") or act.get("ability") not in ability_names(g, t) or \
                act["trigger"] not in point_names(g, t):
            continue
        same = [u for u in pend if u["source"] == t["source"] and u["ability"] == t["ability"]]
        act["ability"] = t["ability"]
        if len(same) > 1:
            act["trigger"] = next(k for k, u in enumerate(same) if u is t)
        else:
            act.pop("trigger")
        return


def resolve_order(g: GameState, items: list) -> list:
    """``order`` items may name a pending trigger by its source card, by an ability name (FORMAT.md: "labels or
    ability names") or as :func:`engine.procedure.triggers.order_names` lists them; each item takes the first
    pending trigger it names that is not taken yet. Returns the canonical names (the input unchanged if one
    fails)."""
    pend = _pending(g)
    names = order_names(pend)
    taken: list[int] = []
    for item in items:
        pick = next((i for i, n in enumerate(names) if i not in taken and n == item), None)
        if pick is None:
            pick = next((i for i, t in enumerate(pend) if i not in taken and
                         (t["source"] == item or item in ability_names(g, t))), None)
        if pick is None:
            return items
        taken.append(pick)
    return [names[i] for i in taken]
