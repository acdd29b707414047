"""Static keywords (named abilities) that modify attacks: the points where 03-abilities.md §4 acts inside combat.

Each function reads the abilities the card has now (:func:`engine.rules.grants.effective`: printed, acquired, formation
and aura grants, conditions) and returns a number or a flag; the combat and damage code call them at the matching
step of 02-battle.md §9. Restrictions (``vs``, ``by``) are filter lists of docs/card-vocabulary.md, matched with
:func:`engine.rules.targets.match` relative to the card that has the ability. Rules cited per function.
"""
from __future__ import annotations

from engine.cards.kinds import LEVELS, MAGICAL, NONMAGICAL
from engine.cards.keywords import hooked
from engine.cards.kinds import kinds_match
from engine.model.board import row_of, xy
from engine.rules import grants
from engine.rules import targets as tg


#: ``kws(g, card, kw, target=None)``: the card's abilities with this ``kw`` now (formation, aura and forced-attack
#: grants included): :func:`engine.rules.grants.kws` itself (no wrapper call on the hottest read).
kws = grants.kws


def _vs(g, card, a, other) -> bool:
    vs = a.get("vs")
    if not vs:
        return True
    return other is not None and tg.match(g, card, other, vs)


def _kind_ok(a, kind) -> bool:
    return kinds_match(kind, a.get("applies_to") or ["simple_strike"])


def roll_mod(g, card, role: str, other=None, kind: str = "simple_strike") -> int:
    """Die-roll modifier for ``card`` in ``role``: ``attack`` (initiating a simple strike), ``defend`` (responding
    in a fight), ``single`` (the attacker's lone die in a simple strike), ``ranged`` (another attack's roll).

    Attack experience (ОвА, +n initiating a simple strike) [g-29], defence experience (ОвЗ, +n responding to a
    melee strike) [g-30], clumsiness (неповоротливость) [g-28]: greatest copy counts [414.4]; ``roll_bonus`` for
    its ``applies_to`` attacks against ``vs`` targets [422]."""
    m = 0
    if role in ("attack", "single"):
        m += grants.named_value([a for a in kws(g, card, "attack_exp", other) if _vs(g, card, a, other)])
    if role == "defend":
        m += grants.named_value([a for a in kws(g, card, "defence_exp") if _vs(g, card, a, other)])
    if role in ("attack", "defend"):
        m -= grants.named_value(kws(g, card, "clumsiness"))
    if role in ("attack", "single") and other is not None:  # "your creatures add n when they attack it"
        m += sum(a.get("n", 1) for a in other.acquired if a.get("kw") == "roll_bonus_against"
                 and (a.get("_until") or {}).get("player") == card.controller)
    atk_kind = kind if role != "defend" else None
    if atk_kind:
        m += sum(a.get("n", 1) for a in kws(g, card, "roll_bonus", other)
                 if kinds_match(atk_kind, a.get("applies_to")) and _vs(g, card, a, other))
    for k in hooked("roll_mod"):  # named die-roll modifiers in modules of their own (blessing, shooting_exp ...)
        mine = kws(g, card, k.kw)
        if mine or (k.marker and card.markers.get(k.marker)):
            m += k.roll_mod(g, card, role, other, kind, mine)
    return m


def strike_mod(g, card, target, kind: str, level: int | None = None) -> int:
    """Strike-strength modifier: ``strike_bonus`` +n to the listed strength ``values`` of its ``applies_to``
    attacks against ``vs`` targets (docs/cards.md G3) [216.8, 422]."""
    m = 0
    for a in kws(g, card, "strike_bonus", target):
        if not _kind_ok(a, kind):
            continue
        if level is not None and a.get("values") and LEVELS[level] not in a["values"]:
            continue
        if _vs(g, card, a, target):
            m += tg.amount(g, a.get("n", 1), {}, card, target, level)
    return m


def range_bonus(g, card, kind: str) -> int:
    """``range_bonus``: +n range for its ``applies_to`` attacks (03 §3.2 [g-11])."""
    return sum(a.get("n", 1) for a in kws(g, card, "range_bonus") if kinds_match(kind, a.get("applies_to")))


def directed(g, card, target) -> bool:
    """Directed strike (НУ): no defender may be assigned [g-27]; unanswered strike includes it [g-02]."""
    return any(_vs(g, card, a, target) for a in kws(g, card, "directed_strike", target)) or \
        unanswered(g, card, target)


def unanswered(g, card, target) -> bool:
    """Unanswered strike (безответный удар) at ``vs`` targets: no fight, no retaliation, no defender [g-02]; also
    the first simple strike of a side this turn under a timed effect ``side_unanswered`` (``g.effects``:
    ``player``; Рагнар's Valhalla, used up by that strike, engine/effects/customs/first_strike_unanswered.py)."""
    if any(e.get("kind") == "side_unanswered" and e.get("player") == card.controller for e in g.effects):
        return True
    return any(_vs(g, card, a, target) for a in kws(g, card, "unanswerable_strike", target))


def first_strike(g, card) -> bool:
    """First strike (первый удар): its blow lands first in a fight (02-battle.md §4.5)."""
    return bool(kws(g, card, "first_strike"))


def best_of_two(g, card, role: str) -> bool:
    """Rolls twice and keeps the better die in a simple-strike fight in ``role`` (Храмовый воин, docs/cards.md)."""
    return any(role in (a.get("roles") or ()) and _kind_ok(a, "simple_strike") for a in kws(g, card,
                                                                                            "best_of_two_rolls"))


def dodges(g, card, kind: str) -> list[int] | None:
    """The die values on which ``card`` dodges an attack of ``kind`` (``dodge_ranged``), or None."""
    for a in kws(g, card, "dodge_ranged"):
        if kinds_match(kind, a.get("applies_to")) and not kinds_match(kind, a.get("exclude") or ["__none__"]):
            return list(a.get("on_roll") or [])
    return None


def unreducible(g, attacker, kind: str) -> bool:
    """The strength of ``attacker``'s simple strike cannot be lowered by any effect (the named effect
    ``strike_unreducible``, Гидра, engine/effects/customs/): no strength cap, no reduction by n, no strength set
    lower; preventions (armour) still act on the wounds."""
    return kind == "simple_strike" and attacker is not None and grants.custom_flag(g, attacker, "strike_unreducible")


def incoming_level(g, target, kind: str, level: int | None, attacker=None) -> int | None:
    """``incoming_strike_reduced``: attacks of ``applies_to`` against it count as strength ``to`` at most
    (03 §5 reduce_attack_to_kind [g-91]), unless the attacker's strike is :func:`unreducible`."""
    if level is None or unreducible(g, attacker, kind):
        return level
    for a in kws(g, target, "incoming_strike_reduced"):
        if kinds_match(kind, a.get("applies_to")):
            level = min(level, LEVELS.index(a["to"]))
    return level


#: Which protections stop which attack/effect kinds (03-abilities.md §4 protection [411]; broad includes narrow).
PROTECTS = {
    "magic": MAGICAL + ("spell",), "magic_strikes": ("magic_strike",),
    "discharges": ("discharge",), "shots": ("shot",), "throws": ("throw",), "spells": ("spell",),
    "poison": ("poison",), "strike_through_row": ("strike_through_row",), "simple_strikes": ("simple_strike",),
    "nonmagical": NONMAGICAL,
}


def _ignores(g, source, frm: str, kind: str) -> bool:
    """[408], [411.4.a]: the source ignores protection ``frm`` (or a narrow part of it covering ``kind``)."""
    if source is None:
        return False
    for a in kws(g, source, "ignores_protection"):
        f = a.get("from")
        if f == frm or (kind in PROTECTS.get(f, ()) and kind in PROTECTS.get(frm, ())):
            return True
    return False


def lit_extra(g, target, kind: str, source=None, poison_tick: bool = False) -> int:
    """Extra wounds for a card standing on a lit cell (timed effects ``lantern_light`` of ``g.effects``:
    ``cells``, ``card``; Бул'Багур's 'lantern light', engine/effects/customs/lantern_light.py): +1 from each light
    for a ranged attack, for its own poisoning's wounds and for the lantern card's simple strike."""
    if target.zone != "battlefield" or not target.cell:
        return 0
    n = 0
    for e in g.effects:
        if e.get("kind") == "lantern_light" and target.cell in (e.get("cells") or ()):
            if kinds_match(kind, ["ranged"]) or poison_tick or (
                    kind == "simple_strike" and source is not None and source.id == e.get("card")):
                n += 1
    return n


def value_protected(g, target, kind: str, amount: int) -> bool:
    """``value_protection`` (engine/effects/keywords/value_protection.py): an attack of its ``kinds`` whose value is
    exactly ``n`` produces no effect on it (Ревнитель Сеггера's grant; README §6.7 "of that size" = equal)."""
    return any(a.get("n") == amount and kinds_match(kind, a.get("kinds"))
               for a in kws(g, target, "value_protection"))


def protected(g, target, kind: str, level: int | None = None, source=None) -> bool:
    """Protection from X [411]: the target receives nothing from a matching attack or effect, unless the source
    ignores that protection. ``kind`` is an attack kind, ``spell``, ``poison`` or ``wound``."""
    for a in kws(g, target, "protection"):
        frm = a.get("from")
        hit = kind in PROTECTS.get(frm, ())
        if frm == "weak_simple_strikes":
            hit = kind == "simple_strike" and level == 0
        if frm == "flyer_attacks":
            hit = source is not None and g.is_flyer(source) and kind not in ("wound", "poison", "spell")
        if hit and not _ignores(g, source, frm, kind):
            return True
    return False




def _selector_ok(g, holder, sel: dict, kind: str, level, source) -> bool:
    if not kinds_match(kind, sel.get("kinds")):
        return False
    if sel.get("strength") and (level is None or LEVELS[level] not in sel["strength"]):
        return False
    if sel.get("by") and (source is None or not tg.match(g, holder, source, sel["by"])):
        return False
    if sel.get("diagonal"):
        if source is None or source.zone != "battlefield" or holder.zone != "battlefield":
            return False
        (a, b), (c, d) = xy(source.cell), xy(holder.cell)
        if abs(a - c) != 1 or abs(b - d) != 1:
            return False
    return True


def reduce(g, target, amount: int, kind: str, level=None, source=None) -> int:
    """``damage_reduction``: wounds from attacks matching the selector ``from`` lower by n (a modifier from the
    target, applied before preventions [420.5, 422.4 group 4]); nothing against an :func:`unreducible` strike."""
    if unreducible(g, source, kind):
        return max(0, amount)
    for a in kws(g, target, "damage_reduction"):
        if _selector_ok(g, target, a.get("from") or {}, kind, level, source):
            amount -= a.get("n", 1)
    for k in hooked("wound_mod"):  # named modifiers from the target (vulnerability, shield_of_arhaal ...)
        mine = kws(g, target, k.kw)
        if mine:
            amount = k.wound_mod(g, target, amount, kind, level, source, mine)
    return max(0, amount)


def capped(g, target, amount: int, kind: str, source=None) -> int:
    """``reduce_attack_to_n`` («свести атаку к n», 03 §5 [g-90]): an attack of its ``applies_to`` kinds (made by a
    card matching ``by``) that would deal more than n to ``target`` deals n (a replacement of the attack's value,
    before reductions; engine/effects/keywords/reduce_attack_to_n.py)."""
    for a in kws(g, target, "reduce_attack_to_n"):
        if kinds_match(kind, a.get("applies_to")) and (not a.get("by") or (
                source is not None and tg.match(g, target, source, a["by"]))):
            amount = min(amount, a.get("n", 1))
    return amount


def row_capped(g, amount: int, kind: str, source) -> int:
    """``row_attack_cap`` in force (``g.effects`` entries of kind ``row_attack_cap``: ``player``, ``row``, ``n``,
    ``by``; engine/effects/keywords/row_attack_cap.py): an attack made by a card of the other side standing in that
    row of its own half (and matching ``by``) deals at most n (03 §5 reduce_attack_to_n [g-90])."""
    if source is None or source.zone != "battlefield" or not source.cell or not g.effects:
        return amount
    for e in g.effects:
        if e.get("kind") != "row_attack_cap" or e.get("player") == source.controller:
            continue
        if row_of(source.cell, source.controller) == e.get("row") and tg.match(
                g, g.cards.get(e.get("card") or ""), source, e.get("by"), {"controller": e.get("player")}):
            amount = min(amount, e.get("n", 1))
    return amount


def no_wounds(g, card, kind: str, retaliation: bool = False) -> bool:
    """``no_wounds_from``: ``card`` takes no wounds from attacks of ``kind`` matching its ``from`` kinds, or from a
    retaliation (the responder's blow in a fight it started) when it names ``retaliation`` (03 §5
    no_wounds_from [g-79]; engine/effects/keywords/no_wounds_from.py)."""
    for a in kws(g, card, "no_wounds_from"):
        if retaliation and a.get("retaliation"):
            return True
        if a.get("from") and kinds_match(kind, a["from"]):
            return True
    return False


def has(g, card, kw: str) -> bool:
    """True when the card has a static keyword ``kw`` now."""
    return bool(kws(g, card, kw))
