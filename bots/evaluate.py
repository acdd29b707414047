"""Evaluation helpers for the heuristic bot (bots/policies.py): card strength from the card data and expected results
of attacks under the Strike Table, computed only from what a viewer sees (its view and the public card pool).

Nothing here reads the engine state; every function takes a card view (docs/engine-api.md "View", ``CardView``) or a
pool card definition (``engine.card_def``). Values are floats in "crystals" (a card's cost is its worth).
"""
from __future__ import annotations

from functools import lru_cache

from engine import card_def
from engine.cards.kinds import ATTACK_ABILITIES, RANGED
from engine.rules.strike_table import strike_table
from engine.rules.strike_table import weakened as strike_weakened


#: Attack abilities resolved by one die (02-battle.md §6 strength roll) and whether they are ranged.
RANGED_KWS = RANGED
SINGLE_DIE_KWS = ATTACK_ABILITIES
#: Ability keywords whose target should be a friendly card (healing and the like), not an enemy.
FRIENDLY_KWS = ("heal", "resurrect", "grant", "set_strike_strength")


def defn(card: dict | None) -> dict:
    """The pool definition of a visible card view, {} when hidden or unknown (one shared read-only dict per card:
    callers must not change it)."""
    key = (card or {}).get("card")
    if not key:
        return {}
    return _defn(key)


@lru_cache(maxsize=1024)
def _defn(key: str) -> dict:
    try:
        return card_def(key)
    except Exception:       # an unknown / custom card: no knowledge
        return {}


@lru_cache(maxsize=1024)
def _stats(key: str | None) -> tuple:
    """(strike, attack_exp, defence_exp, armour, worth) of a pool card key (None: a card not seen)."""
    d = _defn(key) if key else {}
    if not d:
        return (1, 2, 2), 0, 0, 0, 5.0
    return strike_of(d), kw_n(d, "attack_exp"), kw_n(d, "defence_exp"), kw_n(d, "armour"), card_worth(d)


def strike_of(d: dict) -> tuple[int, int, int]:
    """The simple strike X-Y-Z (weak, medium, strong) of a definition; (0, 0, 0) when it has none."""
    s = d.get("strike") or [0, 0, 0]
    s = [int(v or 0) for v in s] + [0, 0, 0]
    return s[0], s[1], s[2]


def kw_n(d: dict, kw: str) -> int:
    """Sum of ``n`` of the printed abilities with keyword ``kw`` (e.g. attack_exp, defence_exp, armour)."""
    return sum(int(a.get("n") or 0) for a in d.get("abilities") or [] if a.get("kw") == kw
               and isinstance(a.get("n"), int))


def has_kw(d: dict, kw: str) -> bool:
    return any(a.get("kw") == kw for a in d.get("abilities") or [])


def die_strength(strike, roll: int) -> int:
    """Strength of a one-die attack for a (clamped) roll: 1-3 weak, 4-5 medium, 6 strong (02-battle.md §6)."""
    roll = max(1, min(6, roll))
    return strike[0] if roll <= 3 else strike[1] if roll <= 5 else strike[2]


def single_die_ev(strike, mod: int = 0) -> float:
    """Expected strength of a one-die attack with X-Y-Z ``strike`` and roll modifier ``mod``."""
    return sum(die_strength(strike, r + mod) for r in range(1, 7)) / 6


def _level(blow) -> int:
    """An engine blow (None miss, 0 weak, 1 medium, 2 strong) as a bot level (0 miss, 1 weak, 2 medium, 3 strong)."""
    return 0 if blow is None else blow + 1


def table_row(d: int, attacker_result: int) -> tuple:
    """The Strike Table row (engine/rules/strike_table.py, the one copy of 02-battle.md §5) for difference ``d`` as
    (attacker level, responder level, weakenable_by) with bot levels (0 miss .. 3 strong) and "a" / "r" / None."""
    a, r, who = strike_table(d, attacker_result)
    return _level(a), _level(r), {"attacker": "a", "responder": "r"}.get(who)


@lru_cache(maxsize=4096)
def _outcomes(a_mod: int, r_mod: int) -> tuple:
    """((row, d)) for the 36 dice pairs: attacker die 1..6 major, responder die minor."""
    out = []
    for ra in range(1, 7):
        for rr in range(1, 7):
            A, R = ra + a_mod, rr + r_mod
            out.append((table_row(A - R, A), A - R))
    return tuple(out)


def table_outcomes(a_mod: int, r_mod: int) -> tuple:
    """The 36 Strike Table rows (02-battle.md §5) for attacker / responder roll modifiers: a tuple of
    (attacker level, responder level, weakenable_by) with levels 0 miss, 1 weak, 2 medium, 3 strong and
    weakenable_by "a" / "r" / None (who may weaken; :func:`weakened` gives the levels after weakening)."""
    return tuple(row for row, _ in _outcomes(a_mod, r_mod))


def level_damage(strike, level: int) -> int:
    return 0 if level == 0 else strike[level - 1]


def weakened(d: int) -> tuple[int, int]:
    """Bot levels after weakening the exchange row of difference ``d`` (+4 -> +3, +2 -> +1, -4 -> -3, 02-battle.md
    §5.4), from the engine's Strike Table."""
    a, r = strike_weakened(d)
    return _level(a), _level(r)


class Unit:
    """What the bot knows about one battlefield card: worth (crystals), life left, strike, roll modifiers."""

    __slots__ = ("id", "worth", "left", "life", "strike", "a_mod", "d_mod", "armour", "closed", "mine", "d")

    def __init__(self, card: dict, me) -> None:
        d = defn(card)
        self.d = d
        self.id = card.get("id")
        self.mine = card.get("controller") == me
        self.closed = bool(card.get("closed"))
        life = card.get("life") if isinstance(card.get("life"), int) else int(d.get("life") or 6)
        self.life = max(1, life)
        self.left = max(0, self.life - int(card.get("wounds") or 0))
        self.strike, self.a_mod, self.d_mod, self.armour, self.worth = _stats(card.get("card") if d else None)


def card_worth(d: dict) -> float:
    """Rough fighting worth of a card definition in crystals: life times expected blow, plus ranged attacks."""
    s = strike_of(d)
    life = int(d.get("life") or 0)
    melee = single_die_ev(s, kw_n(d, "attack_exp"))
    ranged = 0.0
    for a in d.get("abilities") or []:
        if a.get("kw") in SINGLE_DIE_KWS and a.get("strike"):
            ranged = max(ranged, single_die_ev(strike_of(a)) * (1.3 if a.get("kw") in RANGED_KWS else 1.0))
    return (life + 2 * kw_n(d, "armour") + 2 * kw_n(d, "regeneration")) * (max(melee, ranged) + 0.3 * min(melee, ranged)
                                                                           + 0.5) / 4


def loss(u: Unit, dmg: int) -> float:
    """Value lost by ``u`` taking ``dmg`` wounds: the share of its worth, plus its worth again when it dies."""
    dmg = max(0, dmg - u.armour)
    if dmg <= 0:
        return 0.0
    if dmg >= u.left:
        return u.worth * (1.0 + u.left / u.life)
    return u.worth * dmg / u.life


def exchange_choice(att: Unit, resp: Unit, row: tuple, d: int, chooser_is_attacker: bool) -> tuple[int, int]:
    """Levels (attacker, responder) after the chooser's best keep/weaken decision for the exchange row of
    difference ``d``."""
    keep = row[0], row[1]
    weak = weakened(d)

    def gain(levels):
        ga = loss(resp, level_damage(att.strike, levels[0])) - loss(att, level_damage(resp.strike, levels[1]))
        return ga if chooser_is_attacker else -ga
    return keep if gain(keep) >= gain(weak) else weak


#: :func:`melee_ev` by what it reads of both units; cleared when it holds :data:`_MELEE_MAX` entries.
_MELEE: dict[tuple, float] = {}
_MELEE_MAX = 200_000


def melee_ev(att: Unit, tgt: Unit) -> float:
    """Expected value (enemy loss minus own loss) of a simple strike by ``att`` at ``tgt`` (02-battle.md §4-§5),
    remembered by what it reads of the two units (the searching bots ask the same pairs many times)."""
    k = (att.strike, att.a_mod, att.armour, att.worth, att.left, att.life,
         tgt.strike, tgt.d_mod, tgt.armour, tgt.worth, tgt.left, tgt.life, tgt.closed)
    got = _MELEE.get(k)
    if got is None:
        if len(_MELEE) >= _MELEE_MAX:
            _MELEE.clear()
        got = _MELEE[k] = _melee_ev(att, tgt)
    return got


def _melee_ev(att: Unit, tgt: Unit) -> float:
    if tgt.closed:                                   # single die, no retaliation (§4.4)
        return sum(loss(tgt, die_strength(att.strike, r + att.a_mod)) for r in range(1, 7)) / 6
    total = 0.0
    for row, d in _outcomes(att.a_mod, tgt.d_mod):
        if row[2] is None:
            la, lr = row[0], row[1]
        else:
            la, lr = exchange_choice(att, tgt, row, d, row[2] == "a")
        total += loss(tgt, level_damage(att.strike, la)) - loss(att, level_damage(tgt.strike, lr))
    return total / 36


def ranged_ev(strike, tgt: Unit, fixed: bool = False) -> float:
    """Expected enemy loss of a one-die attack (or a fixed X-X-X one) at ``tgt``."""
    if fixed or strike[0] == strike[1] == strike[2]:
        return loss(tgt, strike[0])
    return sum(loss(tgt, die_strength(strike, r)) for r in range(1, 7)) / 6


def ability_of(d: dict, ref) -> dict:
    """The printed ability an action names (an index or a keyword), {} when unknown."""
    abilities = d.get("abilities") or []
    if isinstance(ref, int):
        return abilities[ref] if 0 <= ref < len(abilities) else {}
    for a in abilities:
        if a.get("kw") == ref:
            return a
    return {}
