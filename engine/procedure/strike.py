"""The simple strike (простой удар) procedure: defender, fixed windows, dice, the Strike Table, damage.

02-battle.md §4-§5 and §9 steps 3-12, RULES.md Q11. Executing a simple strike may ask players (the defender, the
fixed windows of :mod:`engine.procedure.windows`, the exchange/weakening choice): a small state machine whose state lives in
``g.executing["data"]`` so that a snapshot taken while a player is being asked restores exactly.

Stages: ``start`` -> (``defender``) -> window ``target`` (step 5) -> ``roll`` -> window ``roll`` (step 7) ->
``result`` -> (``exchange``) -> window ``protection`` (step 10) -> ``damage``.
"""
from __future__ import annotations

from engine.cards.kinds import LEVELS
from engine.effects.attack import blocked, initiate
from engine.model.enums import Event, PromptKind
from engine.ops import acquire
from engine.ops import damage
from engine.ops import durations
from engine.ops import trigger_points
from engine.procedure import defender, windows
from engine.rules import keywords
from engine.rules.combat import fights, strike_target_ok
from engine.rules.strike_table import single_level, strike_table, weakened
from engine.model.state import Card, GameState


def strike_step(g: GameState, ex: dict) -> None:
    """Advance the simple strike in ``ex`` (``g.executing``) by one stage; sets ``ex["ask"]`` to ask a player, or
    ``ex["done"]`` when finished."""
    e, data = ex["entry"], ex["data"]
    src, tgt = g.cards.get(e["source"]), g.cards.get(data.get("target", e["target"]))
    stage = ex["stage"]
    if stage == "start":
        if src is None or tgt is None or not g.in_play(src) or not strike_target_ok(g, src, tgt):
            g.emit(Event.FIZZLED, source=e["source"])
            ex["done"] = True
            return
        data["target"] = tgt.id
        if not defender.ask_defender(g, ex, src, tgt):
            _final_target(g, ex, src, tgt)
        return
    if stage == "window":
        windows.advance(g, ex)
        return
    if stage == "blocked":  # a block_strike cancelled it (02 §9 step 5)
        _close_defender(g, data)
        ex["done"] = True
        return
    if src is None or tgt is None or not g.in_play(src) or not g.in_play(tgt):
        g.emit(Event.FIZZLED, source=e["source"])
        _close_defender(g, data)
        ex["done"] = True
        return
    if stage == "roll":
        _roll(g, ex, src, tgt)
    elif stage == "result":
        _result(g, ex, src, tgt)
    elif stage == "damage":
        _deal(g, ex, src, tgt)
        ex["done"] = True


def _final_target(g: GameState, ex: dict, src: Card, tgt: Card) -> None:
    """Step 5: the final target is known: "attacked" triggers, a net blocks the strike, then the ``target``
    window (block_strike)."""
    trigger_points.collect(g, {"type": "attacked", "card": tgt.id, "by": src.id, "attack": "simple_strike"})
    initiate(g, src, "simple_strike")
    if blocked(g, src, tgt, "simple_strike"):
        _close_defender(g, ex["data"])
        ex["done"] = True
        return
    windows.open_window(g, ex, "target", "roll")


def answer_defender(g: GameState, ex: dict, act: dict) -> None:
    """The answer to the defender prompt (:func:`engine.procedure.defender.answer`), then step 5 with the final
    target."""
    defender.answer(g, ex, act)
    src, tgt = g.cards[ex["entry"]["source"]], g.cards[ex["data"]["target"]]
    _final_target(g, ex, src, tgt)


def answer_exchange(g: GameState, ex: dict, act: dict) -> None:
    """The keep/weaken choice on an exchange row (+4, +2, -4) [216.7]."""
    if act["option"] == "weaken":
        ex["data"]["blows"] = list(weakened(ex["data"]["d"]))
        g.emit(Event.WEAKENED, player=act.get("player"))
    ex["ask"] = None
    windows.open_window(g, ex, "protection", "damage")


def _die(g: GameState, card: Card, role: str, why: str) -> int:
    """One die for ``card``; with ``best_of_two_rolls`` for ``role`` two dice, the better kept."""
    v = g.roll(card.controller, card.id, why)
    if keywords.best_of_two(g, card, role):
        v = max(v, g.roll(card.controller, card.id, why))
    return v


def _level_bonus(g: GameState, card: Card) -> bool:
    """A strike bonus counted per strength (Метаморф copies the target's value of the strength it rolls): its
    equal printed values are not a fixed strike, it rolls (02 §6)."""
    return keywords.varies_strike(g, card)


def _roll(g: GameState, ex: dict, src: Card, tgt: Card) -> None:
    """Step 6: the dice (two in a fight, else one unless the values are fixed), then the ``roll`` window."""
    data = ex["data"]
    strike = g.defn(src).get("strike") or [0, 0, 0]
    if fights(g, tgt, src) and not keywords.unanswered(g, src, tgt):
        data["dice"] = {src.id: _die(g, src, "attacker", "attack"), tgt.id: _die(g, tgt, "responder", "defend")}
        data["fight"] = True
    elif len(set(strike)) == 1 and not _level_bonus(g, src):
        data["dice"] = {}
        data["fight"] = False
    else:
        data["dice"] = {src.id: _die(g, src, "attacker", "attack")}
        data["fight"] = False
    windows.open_window(g, ex, "roll", "result")


def _result(g: GameState, ex: dict, src: Card, tgt: Card) -> None:
    """Steps 7-8: modifiers, the result; an exchange row asks; else the ``protection`` window."""
    data = ex["data"]
    if data["fight"]:
        a_res = data["dice"][src.id] + keywords.roll_mod(g, src, "attack", tgt)
        r_res = data["dice"][tgt.id] + keywords.roll_mod(g, tgt, "defend", src)
        d = a_res - r_res  # not clamped in a two-creature fight [104.2, 422.4.b]
        blows = strike_table(d, a_res)
        data.update(d=d, blows=[blows[0], blows[1]])
        g.emit(Event.STRIKE_ROLL, attacker=src.id, responder=tgt.id, attacker_result=a_res, responder_result=r_res,
               d=d)
        if blows[2]:
            who = src.controller if blows[2] == "attacker" else tgt.controller
            ex["stage"] = "exchange"
            ex["ask"] = {"kind": PromptKind.EXCHANGE, "player": who, "d": d, "attacker": src.id, "responder": tgt.id}
            return
    elif data["dice"]:
        data["blows"] = [single_level(data["dice"][src.id] + keywords.roll_mod(g, src, "single", tgt)), None]
    else:
        data["blows"] = [0, None]
    windows.open_window(g, ex, "protection", "damage")


def blow_amount(g: GameState, card, target, level: int | None, kind: str) -> int:
    """Strength of a blow: the card's weak/medium/strong value plus strike modifiers; negative counts as 0."""
    if level is None:
        return 0
    strike = g.defn(card).get("strike") or [0, 0, 0]
    return max(0, strike[level] + keywords.strike_mod(g, card, target, kind, level))


def _close_defender(g: GameState, data) -> None:
    d_id = data.get("defender")
    if d_id and g.in_play(d_id):
        d = g.cards[d_id]
        if not keywords.flagged(g, d, "defends_without_closing"):
            d.closed = True  # the defender closes when the strike is over [216.12.a]


def _deal(g: GameState, ex: dict, src: Card, tgt: Card) -> None:
    """Steps 9-12: strengths (the target's ``incoming_strike_reduced`` caps the level), wounds at once (first
    strike first), deaths, "strikes" triggers, the defender closes."""
    data = ex["data"]
    a_lvl = keywords.incoming_level(g, tgt, "simple_strike", data["blows"][0], src)
    r_lvl = keywords.incoming_level(g, src, "simple_strike", data["blows"][1], tgt) if data.get("fight") else None
    lower = data.get("lowered") or {}  # blows lowered in the protection window (Лунная баньши's wail)
    a_amt = max(0, blow_amount(g, src, tgt, a_lvl, "simple_strike") - lower.get(src.id, 0))
    if data.get("cap") is not None:  # reduced to n in the protection window (cap_strike, Глорм)
        a_amt = min(a_amt, data["cap"])
    r_amt = max(0, blow_amount(g, tgt, src, r_lvl, "simple_strike") - lower.get(tgt.id, 0))
    if r_amt and keywords.no_wounds(g, src, "simple_strike", retaliation=True):
        r_amt = 0  # "retaliation strikes never wound it" (no_wounds_from, Килсус)
    src_first = keywords.first_strike(g, src) and not keywords.first_strike(g, tgt)
    tgt_first = keywords.first_strike(g, tgt) and not keywords.first_strike(g, src)
    if src_first or tgt_first:
        first, second = (src, tgt, a_amt, a_lvl), (tgt, src, r_amt, r_lvl)
        if tgt_first:
            first, second = second, first
        if first[3] is not None or first[0] is src:  # the attacker's miss still reaches the target [g-24]
            damage.wound(g, first[1], first[2] if first[3] is not None else 0, "simple_strike", first[0], first[3])
        damage.check_deaths(g, [first[1]])
        if g.in_play(second[0]) and (second[3] is not None or second[0] is src):
            damage.wound(g, second[1], second[2] if second[3] is not None else 0, "simple_strike", second[0],
                         second[3])
            damage.check_deaths(g, [second[1]])
    else:
        # a miss deals nothing but is still an attack against the target (Camouflage is used up [g-24])
        damage.wound(g, tgt, a_amt if a_lvl is not None else 0, "simple_strike", src, a_lvl)
        if r_amt:
            damage.wound(g, src, r_amt, "simple_strike", tgt, r_lvl)
        damage.check_deaths(g, [tgt, src])
    trigger_points.collect(g, {"type": "strikes", "card": src.id, "target": tgt.id, "attack": "simple_strike",
                         "role": "attacker", "strength": LEVELS[a_lvl] if a_lvl is not None else None,
                         "missed": a_lvl is None, "value": a_amt,
                         "die": data["dice"].get(src.id)})  # a miss fires only "hits or misses" triggers
    if data.get("fight"):  # the responder struck back too, whether its blow hit or missed
        trigger_points.collect(g, {"type": "strikes", "card": tgt.id, "target": src.id, "attack": "simple_strike",
                             "role": "responder", "strength": LEVELS[r_lvl] if r_lvl is not None else None,
                             "missed": r_lvl is None, "value": r_amt, "die": data["dice"].get(tgt.id)})
    _close_defender(g, data)
    durations.use_up(g, "side_unanswered", src.controller)  # its side's first simple strike this turn is made
    if src.acquired:
        acquire.spend_next_strike(g, src)
    if src.used.get("forced"):
        src.used.pop("forced", None)
    acquire.refresh_forced(g)
