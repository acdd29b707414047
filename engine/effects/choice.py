"""A choice asked inside an executing entry by an effect handler (RULES.md Q4: choices that belong to an entry are
asked inside it; nothing enters the queue meanwhile).

A handler calls :func:`pick` with the items the player chooses among. The first call asks (``g.executing["ask"]``,
a ``choice`` prompt whose ``items`` the view shows) and returns None: the handler returns at once, and
:func:`engine.procedure.execute.run_effects` resumes the entry at the same effect when the player has answered
(``{"act": "choose", "option": {"choice": i}}``). The second call returns the picked index. A handler that asks
several questions keeps its progress in :func:`memo`. With no executing entry (an ability executed at once in a
preliminary step [301.2]) or with a single item nothing is asked and the first item is taken.
"""
from __future__ import annotations

from engine.effects.registry import apply_effects, conditions_hold
from engine.model.enums import PromptKind
from engine.rules import targets as tg
from engine.model.state import GameState


def pick(g: GameState, player: int, items: list, what: str, source: str | None = None) -> int | None:
    """The index of the item ``player`` chose among ``items`` (a non-empty JSON-like list: card ids, cells,
    ``"yes"``/``"no"``), or None after asking (the handler must return and is called again with the answer).
    ``what`` names the question for the view (``prophecy_target``, ``summon_card`` ...)."""
    ex = g.executing
    if ex is None or len(items) <= 1:
        return 0
    data = ex["data"]
    if "pick" in data:
        i = data.pop("pick")
        return i if 0 <= i < len(items) else 0
    ex["ask"] = {"kind": PromptKind.CHOICE, "player": player, "options": len(items), "what": what,
                 "items": list(items), "source": source}
    return None


def apply_chosen(g: GameState, e: dict, src, effects: list[dict], m: dict, what: str, ctx: dict | None = None) -> bool:
    """Execute ``effects`` in order for entry ``e``; an effect with a chosen target (``{"choose": ...}``) has its
    card chosen now by the entry's controller among the cards its spec allows (none: it is skipped). Progress is
    kept in ``m["k"]``; returns False while a player is being asked (the caller returns), True when all are done."""
    k = m.get("k", 0)
    while k < len(effects):
        sub = effects[k]
        spec = sub.get("target")
        if sub.get("condition") and not conditions_hold(g, e, src, sub["condition"]):
            k += 1
            continue
        if tg.is_choice(spec) and src is not None:
            cands = [c.id for c in tg.chosen_candidates(g, src, spec, dict(ctx or {}, controller=e["controller"]))]
            if cands:
                i = pick(g, e["controller"], cands, what, e["source"])
                if i is None:
                    m["k"] = k
                    return False
                apply_effects(g, dict(e, target=cands[i], targets=None), src, [sub])
        else:
            apply_effects(g, e, src, [sub])
        k += 1
    m["k"] = k
    return True


def memo(g: GameState, key: str) -> dict:
    """A dict kept in the executing entry across the questions of one effect (``{}`` outside an entry)."""
    ex = g.executing
    if ex is None:
        return {}
    return ex["data"].setdefault(key, {})


def forget(g: GameState, key: str) -> None:
    """Drop the progress kept under ``key`` (the effect is done)."""
    if g.executing is not None:
        g.executing["data"].pop(key, None)
