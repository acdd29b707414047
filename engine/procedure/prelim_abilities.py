"""Hooks: abilities declarable where there is no queue (preliminary steps) and "before the start of the turn"
decisions (02-battle.md §1.2, §1.5.1, §1.6, §1.7, §2 turn preparation [303, 306.1, 307, 308, 310]).

The step machinery (who is asked, the Q5.4 empty-window rule, alternation, passes) lives in :mod:`engine.procedure.prelim`
and :mod:`engine.procedure.phases`; this module only answers "what may player p declare in step s now" and "execute it".
Card abilities for these steps ("before recruiting the squad", "before reveal", "at the start of battle",
Vanguard / Авангард, "may stay closed") are added here by the abilities work; a step whose lists are empty for both
players ends by itself without asking anyone (RULES.md Q5.4).

Steps: ``"recruitment_preparation"``, ``"before_reveal"``, ``"battle_start"``, ``"vanguard"``.
"""
from __future__ import annotations

from engine.cards.keywords import CUSTOMS, KEYWORDS
from engine.effects import apply_effects
from engine.ops import trigger_points
from engine.procedure import before_turn, queue, triggers


def declarable(g, p: int, step: str) -> list[dict]:
    """Actions (canonical action dicts, never ``pass``) player ``p`` may declare in preliminary ``step`` now.

    In ``battle_start`` these include the player's pending triggered abilities (e.g. "on death" of an unhosted
    symbiote dying at battle start [307.1, 307.3]), each executed at once when declared [301.2]."""
    if step == "battle_start" and g.pending[p]:
        return [a for a in triggers.legal(g, p) if a["act"] == "declare"]
    out: list[dict] = []
    for custom in CUSTOMS.values():  # card code acting in this step (engine/effects/customs/, e.g. Следопыт)
        if custom.step == step and custom.step_options is not None:
            out.extend(custom.step_options(g, p))
    if step == "recruitment_preparation":  # "before recruiting the squad" abilities of cards in the deal [303.1]
        for cid in g.deals[p]:
            c = g.cards[cid]
            for i, a in enumerate(g.abilities(c)):
                k = KEYWORDS.get(a.get("kw"))
                if k is not None and k.recruitment is not None:
                    out.extend(k.recruitment.prep_options(g, p, c, i, a))
    return out


def must_declare(g, p: int, step: str, acts: list[dict]) -> bool:
    """True when player ``p`` may not pass in preliminary ``step`` yet: in the Battle Start step a pending mandatory
    trigger of theirs that can be declared now (one of ``acts``) must be declared before passing, as everywhere
    else (RULES.md Q4: a mandatory trigger is declared when it can be paid and has a legal target, otherwise it
    lapses); 02-battle.md §1.6 [307.2-307.4]."""
    if step != "battle_start":
        return False
    can = {(a["source"], a["ability"]) for a in acts if a["act"] == "declare"}
    return any(not t["optional"] and (t["source"], t["ability"]) in can for t in g.pending[p])


def execute(g, p: int, act: dict) -> None:
    """Execute a declared preliminary ability at once (no queue [301.2]). ``act`` is one :func:`declarable`
    listed."""
    step = (g.prelim.get("window") or {}).get("name")
    for custom in CUSTOMS.values():
        if custom.step == step and custom.step_execute is not None and custom.step_execute(g, p, act):
            return
    if act["act"] == "ability":  # a recruitment preparation ability of a card in the deal
        c = g.cards[act["source"]]
        a = g.abilities(c)[act["ability"]]
        KEYWORDS[a["kw"]].recruitment.prep_execute(g, p, c, a, act)
        return
    if act["act"] == "declare":
        triggers.perform(g, p, act)
        entry = queue.take_last(g)  # executed at once, never together with another one [301.2]
        apply_effects(g, entry, g.cards.get(entry["source"]), entry.get("effects") or [])


def end_of_step(g, step: str) -> None:
    """A preliminary step ended: pending triggers not declared in it lapse (nothing carries over [307.4])."""
    if step == "battle_start":
        trigger_points.clear_pending(g)


def turn_preparation_choices(g, p: int) -> list[dict]:
    """"Before the start of the turn" decisions of player ``p`` [310.2] (e.g. whether a card allowed to stay
    closed opens), as ``choose`` actions; ``"done"`` is added by the caller: the options of the keywords with a
    ``turn_preparation`` hook (:class:`engine.cards.keywords.PrepHooks`, Thirst)."""
    return [{"act": "choose", "option": o} for c, a, h in _prep_hooked(g, p) for o in h.options(g, p, c, a)]


def _prep_hooked(g, p: int) -> list:
    """(card, ability, hooks) of ``p``'s cards in play with a turn-preparation keyword
    (:func:`engine.procedure.before_turn.prep_hooked`, compiled)."""
    return before_turn.prep_hooked(g, p)


def end_turn_preparation(g, p: int) -> None:
    """``p``'s turn preparation decisions are over: each turn-preparation keyword settles what it must."""
    for c, a, h in _prep_hooked(g, p):
        h.done(g, p, c, a)


def apply_turn_preparation(g, p: int, act: dict) -> None:
    """Apply one of :func:`turn_preparation_choices` (a card chosen to stay closed, option ``{"stay_closed": id}``,
    gets marker ``skip_open``, which :func:`engine.procedure.phases.start_turn` honours [311.1])."""
    opt = act.get("option")
    for c, a, h in _prep_hooked(g, p):
        if isinstance(opt, dict) and h.apply(g, p, c, a, opt):
            return
    if isinstance(opt, dict) and "stay_closed" in opt:
        c = g.cards.get(opt["stay_closed"])
        if c is not None:
            c.markers["skip_open"] = 1
