"""Executing attack abilities (shot/выстрел, discharge/разряд, throw/метание, magic strike, special strike, strike
across a row): one die picks the strength, no defender, no retaliation (02-battle.md §6, RULES.md Q7).
"""
from __future__ import annotations

from engine.cards.kinds import LEVELS
from engine.effects.registry import apply_effects
from engine.ops import acquire
from engine.ops import damage
from engine.ops import trigger_points
from engine.rules import grants
from engine.rules import keywords
from engine.rules import targets as tg
from engine.rules.combat import attack_target_ok, last_known
from engine.rules.strike_table import single_level


# ---------------------------------------------------------------------- single-roll attacks
def attack_amount(g, src, a: dict, entry: dict, tgt) -> tuple[int, int | None]:
    """(strength, level) of an attack ability: its ``strike`` [w, m, s] plus ``bonus`` (an amount, e.g. per token
    paid) plus strike modifiers; equal values roll no die, otherwise one die picks the value (02-battle.md §6).
    The target's ``incoming_strike_reduced`` caps the level (03 §5 [g-91])."""
    kind = a.get("kw")
    vals = a.get("strike") or [0, 0, 0]
    if len(set(vals)) == 1:
        level = 0
    else:
        level = single_level(g.roll(src.controller, src.id, kind) + keywords.roll_mod(g, src, "ranged", tgt, kind))
    level = keywords.incoming_level(g, tgt, kind, level)
    bonus = tg.amount(g, a.get("bonus", 0), entry, src, tgt)
    return max(0, vals[level] + bonus + keywords.strike_mod(g, src, tgt, kind, level)), level


def blocked_by_net(g, tgt) -> bool:
    """An attack on a netted creature is blocked and the net goes away (Паук-пересмешник, card text)."""
    if tgt is not None and grants.has_state(g, tgt, "_web"):
        acquire.remove_state(g, tgt, "_web")
        g.emit("blocked", card=tgt.id, by="net")
        return True
    return False


def dodged(g, tgt, kind: str) -> bool:
    """``dodge_ranged``: the target's controller rolls a die; on a listed value the attack does nothing
    (Храмовый воин, docs/cards.md)."""
    values = keywords.dodges(g, tgt, kind)
    if values is None:
        return False
    v = g.roll(tgt.controller, tgt.id, "dodge")
    if v in values:
        g.emit("dodged", card=tgt.id, value=v)
        return True
    return False


def execute_attack_ability(g, entry: dict, a: dict) -> None:
    """Execute a shot, discharge, throw, magic strike, special strike or strike across a row: no defender, no
    retaliation; the target must still be legal (RULES.md Q7). A net blocks it; a dodge voids it; then the
    strength, wounds (protection, reduction, armour in :mod:`engine.ops.damage`), rider, deaths and triggers."""
    src, tgt = g.cards.get(entry["source"]), g.cards.get(entry.get("target") or "")
    if src is not None and entry.get("kind") == "trigger":
        src = last_known(g, src, entry.get("point") or {})
    if src is None or tgt is None or not g.in_play(src) or not attack_target_ok(g, src, a, tgt):
        g.emit("fizzled", source=entry["source"])
        return
    kind = a.get("kw")
    trigger_points.collect(g, {"type": "attacked", "card": tgt.id, "by": src.id, "attack": kind})
    if blocked_by_net(g, tgt) or dodged(g, tgt, kind):
        return
    amount, level = attack_amount(g, src, a, entry, tgt)
    damage.wound(g, tgt, amount, kind, src, level)
    if a.get("rider") and g.in_play(tgt):
        apply_effects(g, dict(entry, point={"type": "attack", "card": tgt.id, "by": src.id}), src, a["rider"])
    damage.check_deaths(g, [tgt])
    trigger_points.collect(g, {"type": "strikes", "card": src.id, "target": tgt.id, "attack": kind, "role": "attacker",
                         "strength": LEVELS[level] if level is not None else None})
