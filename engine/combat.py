"""Attacks: targets, the simple strike (простой удар) procedure with defenders and the Strike Table, and
single-roll attacks (shot/выстрел, discharge/разряд, throw/метание, magic strike, special strike, strike across a
row). 02-battle.md §4-§6 and §9, RULES.md Q11.

Executing a simple strike may ask players (the defender, the exchange/weakening choice): the procedure is a small
state machine whose state lives in ``g.executing["data"]`` so that a snapshot taken while a player is being asked
restores exactly.
"""
from __future__ import annotations

from . import abilities as ab
from . import damage, keywords, triggers
from . import targets as tg
from .board import between_in_line, distance, neighbours

LEVELS = ("weak", "medium", "strong")


# ---------------------------------------------------------------------- geometry and targets
def _attackable(g, c) -> bool:
    """Terrain and equipment can never be attacked [212.2, 214.3]."""
    return g.defn(c).get("kind", "creature") not in ("terrain", "equipment")


def adjacent_cards(g, card) -> list:
    """Cards adjacent to ``card`` [207.7.a]: on neighbouring cells plus their attachments; flyers have none."""
    if card.zone != "battlefield":
        return []
    cell = card.cell
    out = []
    for n in neighbours(cell):
        cid = g.board.get(n)
        if cid:
            out.append(g.cards[cid])
            out.extend(c for c in g.cards.values() if c.attached_to == cid and c.zone == "battlefield")
    return out


def strike_target_ok(g, src, tgt) -> bool:
    """Is ``tgt`` a legal target for ``src``'s simple strike now (02-battle.md §4.1)?"""
    if tgt is src or not g.in_play(tgt) or not _attackable(g, tgt):
        return False
    if g.is_flyer(src) and src.zone == "aux":
        return True  # a flyer strikes any card [211.5]
    if src.zone != "battlefield" or src.attached_to:
        return False
    if tgt.zone == "aux":
        return g.is_flyer(tgt) and src.markers.get("flyer_strike", 0) > 0  # [211.9]
    return tgt in adjacent_cards(g, src)


def strike_targets(g, card) -> list[str]:
    """Targets of a simple strike the card may declare now (open creature, 02-battle.md §4.1)."""
    if card.closed or not g.is_creature(card) or not g.in_play(card):
        return []
    d = g.defn(card)
    if not any(d.get("strike") or [0]):
        return []
    return [c.id for c in g.play_cards() if strike_target_ok(g, card, c)]


def attack_target_ok(g, src, a: dict, tgt) -> bool:
    """Is ``tgt`` a legal target of attack ability ``a`` of ``src`` (02-battle.md §6 table)?"""
    if tgt is src or not g.in_play(tgt) or not _attackable(g, tgt):
        return False
    spec = a.get("target")
    if isinstance(spec, dict):
        if spec.get("choose") == "creature" and not g.is_creature(tgt):
            return False
        side = spec.get("side", "any")
        if side == "enemy" and tgt.controller == src.controller or side == "friendly" and \
                tgt.controller != src.controller:
            return False
        if not tg.match(g, src, tgt, spec.get("filter")):
            return False
    kw = a.get("kw")
    mode = ab.ATTACK_KW.get(kw)
    if mode == "melee":
        if src.zone != "battlefield":
            return False  # a flyer's magic/special strike has no legal target (§6)
        return tgt in adjacent_cards(g, src)
    if mode == "ranged":
        if tgt.zone == "aux":
            return True  # the aux zone is reached at any range [SEED S2]
        if src.zone != "battlefield" or tgt.zone != "battlefield":
            return src.zone == "aux" and a.get("range") in (None, "any")
        rng = a.get("range")
        if isinstance(rng, int):
            return distance(src.cell, tgt.cell) <= rng
        if rng == "adjacent":
            return tgt in adjacent_cards(g, src)
        return True
    if mode == "row":
        if src.zone != "battlefield" or tgt.zone != "battlefield" or tgt.attached_to:
            return False
        mid = between_in_line(src.cell, tgt.cell)
        if mid is None:
            return False
        occ = g.board.get(mid)
        return occ is None or g.cards[occ].controller == src.controller  # [g-53]
    return False


def attack_targets(g, card, a: dict) -> list[str]:
    """Legal targets of an attack ability of ``card`` (shot, discharge, throw, magic/special strike, row strike)."""
    if not g.in_play(card):
        return []
    return [c.id for c in g.play_cards() if attack_target_ok(g, card, a, c)]


def finishing_targets(g, card, a: dict) -> list[str]:
    """Finishing blow (добивание) X: an adjacent creature whose current life is X or less [g-13]."""
    n = a.get("n") if isinstance(a.get("n"), int) else 0
    return [c.id for c in adjacent_cards(g, card)
            if g.is_creature(c) and not g.defn(c).get("symbiote") and g.life(c) - c.wounds <= n]


def legal_defenders(g, src, tgt) -> list[str]:
    """Open creatures of the inactive player that may defend ``tgt`` against ``src``'s strike [205.3, 211.6]."""
    if tgt.controller != g.inactive:
        return []
    out = []
    src_flyer = src.zone == "aux"
    for c in g.play_cards():
        if c is tgt or c.controller != g.inactive or c.closed or not g.is_creature(c) or (c.hidden and g.is_flyer(c)):
            continue
        if c.zone == "aux":
            ok = src_flyer  # only against a flyer's attack
        elif src_flyer:
            ok = tgt.zone == "battlefield" and c in adjacent_cards(g, tgt)
        else:
            ok = tgt.zone == "battlefield" and c in adjacent_cards(g, src) and c in adjacent_cards(g, tgt)
        if ok:
            out.append(c.id)
    return out


# ---------------------------------------------------------------------- the Strike Table
def strike_table(d: int, attacker_result: int) -> tuple[int | None, int | None, str | None]:
    """(attacker's blow, responder's blow, who may weaken) for difference ``d`` (02-battle.md §5).

    Blows are 0 weak, 1 medium, 2 strong, None a miss; "who" is ``"attacker"``/``"responder"`` on the exchange
    rows +4, +2, -4, else None."""
    if d >= 5:
        return 2, None, None
    if d == 4:
        return 2, 0, "attacker"
    if d == 3:
        return 1, None, None
    if d == 2:
        return 1, 0, "attacker"
    if d == 1:
        return 0, None, None
    if d == 0:
        return (0, None, None) if attacker_result <= 4 else (None, 0, None)
    if d == -1:
        return 0, None, None
    if d == -2:
        return None, None, None
    if d == -3:
        return None, 0, None
    if d == -4:
        return 0, 1, "responder"
    return None, 1, None


def weakened(d: int) -> tuple[int | None, int | None]:
    """The row one up the table from an exchange row (+4 -> +3, +2 -> +1, -4 -> -3) [216.7]."""
    return {4: (1, None), 2: (0, None), -4: (None, 0)}[d]


def single_level(result: int) -> int:
    """A lone die (clamped to 1..6): 1-3 weak, 4-5 medium, 6 strong [205.4]."""
    r = max(1, min(6, result))
    return 0 if r <= 3 else (1 if r <= 5 else 2)


def _fights(g, tgt) -> bool:
    """An open creature that fights (an artifact is struck as a closed card) [205.5.b, 213.4]."""
    return g.is_creature(tgt) and not tgt.closed and g.in_play(tgt)


# ---------------------------------------------------------------------- simple strike execution
def strike_step(g, ex: dict) -> None:
    """Advance the simple strike in ``ex`` (``g.executing``) by one stage; sets ``ex["ask"]`` to ask a player, or
    ``ex["done"]`` when finished (RULES.md Q11; 02-battle.md §9 steps 3-12)."""
    e, data = ex["entry"], ex["data"]
    src, tgt = g.cards.get(e["source"]), g.cards.get(data.get("target", e["target"]))
    stage = ex["stage"]
    if stage == "start":
        if src is None or tgt is None or not g.in_play(src) or not strike_target_ok(g, src, tgt):
            g.emit("fizzled", source=e["source"])
            ex["done"] = True
            return
        data["target"] = tgt.id
        defenders = [] if (keywords.directed(g, src, tgt) or keywords.unanswered(g, src, tgt)) \
            else legal_defenders(g, src, tgt)
        if defenders:
            ex["stage"] = "defender"
            ex["ask"] = {"kind": "defender", "player": g.inactive, "attacker": src.id, "target": tgt.id,
                         "options": defenders}
        else:
            ex["stage"] = "fight"
            triggers.collect(g, {"type": "attacked", "card": tgt.id, "by": src.id, "attack": "simple_strike"})
        return
    if stage == "fight":
        _roll(g, ex, src, tgt)
        return
    if stage == "damage":
        _deal(g, ex, src, tgt)
        ex["done"] = True


def answer_defender(g, ex: dict, act: dict) -> None:
    """The inactive player's answer to the defender prompt: ``defend`` X or ``pass`` [205.3, 216.3]."""
    if act["act"] == "defend":
        ex["data"]["target"] = act["source"]
        ex["data"]["defender"] = act["source"]
        g.emit("defends", card=act["source"], attacker=ex["entry"]["source"])
        triggers.collect(g, {"type": "becomes_defender", "card": act["source"]})
    triggers.collect(g, {"type": "attacked", "card": ex["data"]["target"], "by": ex["entry"]["source"],
                         "attack": "simple_strike"})
    ex["ask"] = None
    ex["stage"] = "fight"


def answer_exchange(g, ex: dict, act: dict) -> None:
    """The keep/weaken choice on an exchange row (+4, +2, -4) [216.7]."""
    if act["option"] == "weaken":
        ex["data"]["blows"] = list(weakened(ex["data"]["d"]))
        g.emit("weakened", player=act.get("player"))
    ex["ask"] = None
    ex["stage"] = "damage"


def _roll(g, ex, src, tgt) -> None:
    data = ex["data"]
    strike = g.defn(src).get("strike") or [0, 0, 0]
    if _fights(g, tgt) and not keywords.unanswered(g, src, tgt):
        a_raw = g.roll(src.controller, src.id, "attack")
        r_raw = g.roll(tgt.controller, tgt.id, "defend")
        a_res = a_raw + keywords.roll_mod(g, src, "attack", tgt)
        r_res = r_raw + keywords.roll_mod(g, tgt, "defend", src)
        d = a_res - r_res  # not clamped in a two-creature fight [104.2, 422.4.b]
        blows = strike_table(d, a_res)
        data.update(d=d, blows=[blows[0], blows[1]], fight=True)
        g.emit("strike_roll", attacker=src.id, responder=tgt.id, attacker_result=a_res, responder_result=r_res,
               d=d)
        if blows[2]:
            who = src.controller if blows[2] == "attacker" else tgt.controller
            ex["stage"] = "exchange"
            ex["ask"] = {"kind": "exchange", "player": who, "d": d, "attacker": src.id, "responder": tgt.id}
            return
    else:
        if len(set(strike)) == 1:
            level = 0
        else:
            res = g.roll(src.controller, src.id, "attack") + keywords.roll_mod(g, src, "single", tgt)
            level = single_level(res)
        data.update(blows=[level, None], fight=False)
    ex["stage"] = "damage"


def blow_amount(g, card, target, level: int | None, kind: str) -> int:
    """Strength of a blow: the card's weak/medium/strong value plus strike modifiers; negative counts as 0."""
    if level is None:
        return 0
    strike = g.defn(card).get("strike") or [0, 0, 0]
    return max(0, strike[level] + keywords.strike_mod(g, card, target, kind))


def _deal(g, ex, src, tgt) -> None:
    data = ex["data"]
    a_lvl, r_lvl = data["blows"]
    a_amt = blow_amount(g, src, tgt, a_lvl, "simple_strike")
    r_amt = blow_amount(g, tgt, src, r_lvl, "simple_strike") if data.get("fight") else 0
    src_first = keywords.first_strike(g, src) and not keywords.first_strike(g, tgt)
    tgt_first = keywords.first_strike(g, tgt) and not keywords.first_strike(g, src)
    if src_first or tgt_first:
        first, second = ((src, tgt, a_amt, a_lvl, "simple_strike"), (tgt, src, r_amt, r_lvl, "simple_strike"))
        if tgt_first:
            first, second = second, first
        damage.wound(g, first[1], first[2], first[4], first[0], first[3])
        damage.check_deaths(g, [first[1]])
        if g.in_play(second[0]):
            damage.wound(g, second[1], second[2], second[4], second[0], second[3])
            damage.check_deaths(g, [second[1]])
    else:
        damage.wound(g, tgt, a_amt, "simple_strike", src, a_lvl)
        if r_amt:
            damage.wound(g, src, r_amt, "simple_strike", tgt, r_lvl)
        damage.check_deaths(g, [tgt, src])
    if a_lvl is not None:
        triggers.collect(g, {"type": "strikes", "card": src.id, "target": tgt.id, "attack": "simple_strike",
                             "role": "attacker", "strength": LEVELS[a_lvl]})
    if r_lvl is not None and data.get("fight"):
        triggers.collect(g, {"type": "strikes", "card": tgt.id, "target": src.id, "attack": "simple_strike",
                             "role": "responder", "strength": LEVELS[r_lvl]})
    d_id = data.get("defender")
    if d_id and g.in_play(d_id):
        g.cards[d_id].closed = True  # the defender closes when the strike is over [216.12.a]


# ---------------------------------------------------------------------- single-roll attacks
def attack_amount(g, src, a: dict, entry: dict, tgt) -> tuple[int, int | None]:
    """(strength, level) of an attack ability: its ``strike`` [w, m, s] plus ``bonus`` (an amount, e.g. per token
    paid); equal values roll no die, otherwise one die picks the value (02-battle.md §6)."""
    vals = a.get("strike") or [0, 0, 0]
    if len(set(vals)) == 1:
        level = 0
    else:
        level = single_level(g.roll(src.controller, src.id, a.get("kw")) + keywords.roll_mod(g, src, "ranged", tgt))
    bonus = tg.amount(g, a.get("bonus", 0), entry, src, tgt)
    return max(0, vals[level] + bonus + keywords.strike_mod(g, src, tgt, a.get("kw"))), level


def execute_attack_ability(g, entry: dict, a: dict) -> None:
    """Execute a shot, discharge, throw, magic strike, special strike or strike across a row: no defender, no
    retaliation; the target must still be legal (RULES.md Q7)."""
    src, tgt = g.cards.get(entry["source"]), g.cards.get(entry.get("target"))
    if src is None or tgt is None or not g.in_play(src) or not attack_target_ok(g, src, a, tgt):
        g.emit("fizzled", source=entry["source"])
        return
    kind = a.get("kw")
    triggers.collect(g, {"type": "attacked", "card": tgt.id, "by": src.id, "attack": kind})
    amount, level = attack_amount(g, src, a, entry, tgt)
    damage.wound(g, tgt, amount, kind, src, level)
    if a.get("rider") and g.in_play(tgt):
        from .execute import apply_effects
        apply_effects(g, dict(entry, point={"type": "attack", "card": tgt.id, "by": src.id}), src, a["rider"])
    damage.check_deaths(g, [tgt])
    triggers.collect(g, {"type": "strikes", "card": src.id, "target": tgt.id, "attack": kind, "role": "attacker",
                         "strength": LEVELS[level] if level is not None else None})
