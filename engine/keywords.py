"""Static keywords (named abilities) that modify attacks: the points where 03-abilities.md §4 acts inside combat.

Each function reads the card's abilities (printed, implicit and acquired) and returns a number or a flag; the
combat and damage code call them at the matching step of 02-battle.md §9. Rules cited per function.
"""
from __future__ import annotations

ELEMENTS = {"Горы": ("горы", "mountain"), "Леса": ("леса", "forest"), "Степи": ("степи", "steppe"),
            "Болота": ("болота", "swamp"), "Тьма": ("тьма", "dark"), "Нейтральные": ("нейтрал", "neutral")}


def kws(g, card, kw: str) -> list[dict]:
    """The card's abilities with this ``kw``, including those granted by a formation it stands in."""
    return [a for a in g.abilities(card) if a.get("kw") == kw]


def vs_matches(g, vs, target) -> bool:
    """True when a ``vs`` restriction (e.g. "Mountain (Горы) creatures") covers ``target`` (None: everything)."""
    if not vs or target is None:
        return not vs
    text = str(vs).lower()
    d = g.defn(target)
    words = ELEMENTS.get(d.get("element"), ())
    if any(w in text for w in words):
        return True
    if any(str(cl).lower() in text for cl in d.get("classes") or []):
        return True
    if "flyer" in text or "flying" in text or "летающ" in text:
        return bool(d.get("flyer"))
    return False


def _n(a, default=1) -> int:
    n = a.get("n", default)
    return n if isinstance(n, int) else default


def roll_mod(g, card, role: str, other=None) -> int:
    """Die-roll modifier for ``card`` in ``role``: ``attack`` (initiating a simple strike), ``defend`` (responding
    in a fight), ``single`` (the attacker's lone die), ``ranged`` (a ranged attack's strength roll).

    Attack experience (ОвА, +n attacking) [g-29], defence experience (ОвЗ, +n when attacked or defending) [g-30],
    clumsiness (неповоротливость, -n initiating a simple strike or responding to a melee strike) [g-28]."""
    m = 0
    if role in ("attack", "single"):
        m += sum(_n(a) for a in kws(g, card, "attack_exp") if vs_matches(g, a.get("vs"), other))
    if role == "defend":
        m += sum(_n(a) for a in kws(g, card, "defence_exp") if vs_matches(g, a.get("vs"), other))
    if role in ("attack", "defend"):
        m -= sum(_n(a) for a in kws(g, card, "clumsiness"))
    m += sum(_n(a) for a in kws(g, card, "roll_bonus") if vs_matches(g, a.get("vs"), other))
    return m


def strike_mod(g, card, target, kind: str) -> int:
    """Strike-strength modifier: ``strike_bonus`` (+n, restricted by ``vs`` and ``applies_to``) [216.8]."""
    m = 0
    for a in kws(g, card, "strike_bonus"):
        applies = a.get("applies_to")
        if applies and applies not in (kind, "all"):
            continue
        if vs_matches(g, a.get("vs"), target):
            m += _n(a)
    return m


def directed(g, card, target) -> bool:
    """Directed strike (НУ): no defender may be assigned [g-27]."""
    return any(vs_matches(g, a.get("vs"), target) for a in kws(g, card, "directed_strike"))


def unanswered(g, card, target) -> bool:
    """Unanswered strike (безответный удар): no fight, no retaliation, no defender [g-02]."""
    return bool(kws(g, card, "unanswerable_strike"))


def first_strike(g, card) -> bool:
    """First strike (первый удар): its blow lands first in a fight (02-battle.md §4.5)."""
    return bool(kws(g, card, "first_strike"))


#: Which protections stop which attack kinds (03-abilities.md §4 protection [411]; docs/card-vocabulary.md).
PROTECTS = {
    "magic": ("magic_strike", "discharge", "spell"), "magic_strikes": ("magic_strike",),
    "discharges": ("discharge",), "shots": ("shot",), "throws": ("throw",), "spells": ("spell",),
    "poison": ("poison",), "strike_through_row": ("strike_through_row",), "simple_strikes": ("simple_strike",),
}


def protected(g, target, kind: str, level: int | None = None, source=None) -> bool:
    """Protection from X [411]: the target receives nothing from a matching attack."""
    for a in kws(g, target, "protection"):
        frm = a.get("from")
        if kind in PROTECTS.get(frm, ()):
            return True
        if frm == "weak_simple_strikes" and kind == "simple_strike" and level == 0:
            return True
        if frm == "flyer_attacks" and source is not None and g.is_flyer(source) and kind != "wound":
            return True
    return False


MAGICAL = ("magic_strike", "discharge", "spell")


def prevent(g, target, amount: int, kind: str) -> int:
    """Prevention [420]: armour (броня) stops the first n wounds from non-magical attacks each turn [g-05];
    damage reduction (−n from X) lowers wounds from matching attacks."""
    if amount <= 0:
        return 0
    if kind not in MAGICAL and kind not in ("wound", "poison"):
        for a in kws(g, target, "armour"):
            left = _n(a) - target.used.get("armour", 0)
            stop = max(0, min(left, amount))
            if stop:
                target.used["armour"] = target.used.get("armour", 0) + stop
                amount -= stop
    for a in kws(g, target, "damage_reduction"):
        frm = str(a.get("from", "")).lower()
        if not frm or any(k in frm for k in (kind, kind.replace("_", " "))) or (
                frm.startswith("simple") and kind in ("simple", "retaliation")):
            amount -= _n(a)
    return max(0, amount)
