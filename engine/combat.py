"""Attacks: targets, the simple strike (простой удар) procedure with defenders and the Strike Table, and
single-roll attacks (shot/выстрел, discharge/разряд, throw/метание, magic strike, special strike, strike across a
row). 02-battle.md §4-§6 and §9, RULES.md Q11.

Executing a simple strike may ask players (the defender, the exchange/weakening choice): the procedure is a small
state machine whose state lives in ``g.executing["data"]`` so that a snapshot taken while a player is being asked
restores exactly.
"""
from __future__ import annotations

import dataclasses

from . import abilities as ab
from . import damage, keywords, triggers
from . import targets as tg
from .board import between_in_line, distance, neighbours
from .triggers import kinds_match

LEVELS = ("weak", "medium", "strong")


# ---------------------------------------------------------------------- geometry and targets
def _attackable(g, c) -> bool:
    """Terrain and equipment can never be attacked [212.2, 214.3]."""
    return g.defn(c).get("kind", "creature") not in ("terrain", "equipment")


def adjacent_cards(g, card) -> list:
    """Cards adjacent to ``card`` [207.7.a]: on neighbouring cells plus their attachments; flyers have none."""
    if card.zone != "battlefield":
        return []
    out = []
    hosts = []
    for n in neighbours(card.cell):
        cid = g.board.get(n)
        if cid:
            out.append(g.cards[cid])
            hosts.append(cid)
    if hosts:
        out.extend(c for c in g.cards.values()
                   if c.attached_to is not None and c.attached_to in hosts and c.zone == "battlefield")
    return out


def _forced_ok(g, src, tgt, kind: str) -> bool:
    """Targeting restrictions of the attacker and of the board: Cache (схрон: not the initial target of a flyer's
    attack) [g-47]; ``flyer_taunt`` (enemy flyers attack only such a card while one is in play, unless the attack
    ignores forced targeting); ``attack_restriction`` of the attacker (01 §3.6 [205], card text)."""
    from . import keywords
    if g.is_flyer(src):
        if keywords.has(g, tgt, "skhron"):
            return False
        ignores = any(kinds_match(kind, a.get("applies_to")) for a in keywords.kws(g, src, "ignores_forced_targeting"))
        if not ignores:
            taunts = [c for c in g.play_cards() if c.controller != src.controller and not c.hidden
                      and keywords.has(g, c, "flyer_taunt")]
            if taunts and tgt not in taunts:
                return False
    for a in keywords.kws(g, src, "attack_restriction"):
        if kinds_match(kind, a.get("applies_to")) and not tg.match(g, src, tgt, a.get("only_vs")):
            return False
    return True


def strike_target_ok(g, src, tgt, adjacent: list | None = None) -> bool:
    """Is ``tgt`` a legal target for ``src``'s simple strike now (02-battle.md §4.1)? ``adjacent``: the source's
    adjacent cards when the caller has them already."""
    if tgt is src or not g.in_play(tgt) or not _attackable(g, tgt):
        return False
    if g.is_flyer(src) and src.zone == "aux":
        return _forced_ok(g, src, tgt, "simple_strike")  # a flyer strikes any card [211.5]
    if src.zone != "battlefield" or src.attached_to:
        return False
    if tgt.zone == "aux":
        ok = g.is_flyer(tgt) and src.markers.get("flyer_strike", 0) > 0  # [211.9]
    else:
        ok = tgt in (adjacent if adjacent is not None else adjacent_cards(g, src))
    return ok and _forced_ok(g, src, tgt, "simple_strike")


def strikes_allowed(g, card) -> int:
    """Simple strikes the card may make per turn: 1, or n with ``extra_attack`` [g-70, 219.4.a]."""
    from . import keywords
    ns = [a.get("n", 1) for a in keywords.kws(g, card, "extra_attack") if kinds_match("simple_strike",
                                                                                       a.get("applies_to"))]
    return max([1] + ns)


def strike_targets(g, card) -> list[str]:
    """Targets of a simple strike the card may declare now (open creature that has strikes left, not netted,
    02-battle.md §4.1)."""
    from . import grants
    if card.closed or not g.is_creature(card) or not g.in_play(card):
        return []
    d = g.defn(card)
    if not any(d.get("strike") or [0]) and not grants.kws(g, card, "strike_bonus"):
        return []  # a printed 0-0-0 strikes only with a bonus (Метаморф)
    if card.used.get("strikes", 0) >= strikes_allowed(g, card) or grants.has_state(g, card, "_web"):
        return []
    if card.zone == "battlefield" and not card.attached_to and not g.is_flyer(card):
        adj = adjacent_cards(g, card)
        cands = adj + ([g.cards[i] for p in (1, 2) for i in g.aux[p]] if card.markers.get("flyer_strike") else [])
        return [c.id for c in cands if strike_target_ok(g, card, c, adj)]
    return [c.id for c in g.play_cards() if strike_target_ok(g, card, c)]


def attack_target_ok(g, src, a: dict, tgt) -> bool:
    """Is ``tgt`` a legal target of attack ability ``a`` of ``src`` (02-battle.md §6 table)?"""
    from . import keywords
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
    if not _forced_ok(g, src, tgt, kw):
        return False
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
            return distance(src.cell, tgt.cell) <= rng + keywords.range_bonus(g, src, kw)
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
    """Finishing blow (добивание) X: an adjacent corporeal creature whose current life is X or less [g-13, g-95]
    (X an amount, counted now, e.g. Кровяница's poisoned neighbours of the target)."""
    from . import keywords
    out = []
    for c in adjacent_cards(g, card):
        if not g.is_creature(c) or g.defn(c).get("symbiote") or keywords.has(g, c, "incorporeal"):
            continue
        n = tg.amount(g, a.get("n", 0), {"controller": card.controller}, card, c)
        if g.life(c) - c.wounds <= n and tg.match(g, card, c, (a.get("target") or {}).get("filter")
                                                  if isinstance(a.get("target"), dict) else None):
            out.append(c.id)
    return out


def legal_defenders(g, src, tgt) -> list[str]:
    """Open creatures of the inactive player that may defend ``tgt`` against ``src``'s strike [205.3, 211.6]."""
    if tgt.controller != g.inactive:
        return []
    out = []
    src_flyer = src.zone == "aux"
    from . import grants
    for c in g.play_cards():
        if c is tgt or c.controller != g.inactive or c.closed or not g.is_creature(c) or (c.hidden and g.is_flyer(c)):
            continue
        if grants.has_state(g, c, "_web"):
            continue  # a netted creature cannot act
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


def fights(g, tgt) -> bool:
    """An open creature that fights (an artifact is struck as a closed card) [205.5.b, 213.4]."""
    return g.is_creature(tgt) and not tgt.closed and g.in_play(tgt)


# ---------------------------------------------------------------------- single-roll attacks
def attack_amount(g, src, a: dict, entry: dict, tgt) -> tuple[int, int | None]:
    """(strength, level) of an attack ability: its ``strike`` [w, m, s] plus ``bonus`` (an amount, e.g. per token
    paid) plus strike modifiers; equal values roll no die, otherwise one die picks the value (02-battle.md §6).
    The target's ``incoming_strike_reduced`` caps the level (03 §5 [g-91])."""
    from . import keywords
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
    from . import grants
    if tgt is not None and grants.has_state(g, tgt, "_web"):
        grants.remove_state(g, tgt, "_web")
        g.emit("blocked", card=tgt.id, by="net")
        return True
    return False


def dodged(g, tgt, kind: str) -> bool:
    """``dodge_ranged``: the target's controller rolls a die; on a listed value the attack does nothing
    (Храмовый воин, docs/cards.md)."""
    from . import keywords
    values = keywords.dodges(g, tgt, kind)
    if values is None:
        return False
    v = g.roll(tgt.controller, tgt.id, "dodge")
    if v in values:
        g.emit("dodged", card=tgt.id, value=v)
        return True
    return False


def last_known(g, src, point: dict):
    """The source of an on-death attack as it last stood on the battlefield: a detached copy (never stored in the
    game) on the cell where it died, so that its printed "when it dies it strikes" text [103.1] measures adjacency
    and range from there (docs/rules-decisions.md, RULES.md Q7). Any other source is returned unchanged."""
    if g.in_play(src) or point.get("type") != "died" or not point.get("cell") or point.get("card") != src.id:
        return src
    return dataclasses.replace(src, zone="battlefield", cell=point["cell"],
                               controller=point.get("controller", src.controller), markers={}, used={})


def execute_attack_ability(g, entry: dict, a: dict) -> None:
    """Execute a shot, discharge, throw, magic strike, special strike or strike across a row: no defender, no
    retaliation; the target must still be legal (RULES.md Q7). A net blocks it; a dodge voids it; then the
    strength, wounds (protection, reduction, armour in :mod:`engine.damage`), rider, deaths and triggers."""
    src, tgt = g.cards.get(entry["source"]), g.cards.get(entry.get("target") or "")
    if src is not None and entry.get("kind") == "trigger":
        src = last_known(g, src, entry.get("point") or {})
    if src is None or tgt is None or not g.in_play(src) or not attack_target_ok(g, src, a, tgt):
        g.emit("fizzled", source=entry["source"])
        return
    kind = a.get("kw")
    triggers.collect(g, {"type": "attacked", "card": tgt.id, "by": src.id, "attack": kind})
    if blocked_by_net(g, tgt) or dodged(g, tgt, kind):
        return
    amount, level = attack_amount(g, src, a, entry, tgt)
    dealt = damage.wound(g, tgt, amount, kind, src, level)
    if a.get("rider") and g.in_play(tgt):
        from .execute import apply_effects
        apply_effects(g, dict(entry, point={"type": "attack", "card": tgt.id, "by": src.id, "n": dealt}), src,
                      a["rider"])
    damage.check_deaths(g, [tgt])
    triggers.collect(g, {"type": "strikes", "card": src.id, "target": tgt.id, "attack": kind, "role": "attacker",
                         "strength": LEVELS[level] if level is not None else None})
