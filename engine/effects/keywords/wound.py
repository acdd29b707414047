"""Wound (ранить, ``wound``; 03-abilities.md §1.2 influence [401.5], [204.4]): deal n wounds to the target, an
influence, not an attack (armour does not apply); a spell's wounds are magic. A creature's own Poisoning deals its
wounds through this effect too [g-36]."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import amount_of, targets
from engine.effects.registry import register_keyword
from engine.ops import damage, trigger_points
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Each target (default: the attacked card) takes ``n`` wounds; then deaths are checked, the owner ordering
    several deaths of an "each ..." target (02 §7.3)."""
    ts = targets(g, e, src, eff, "attacked")
    tick = bool(eff.get("_self")) and e.get("ability") == "poison"  # a creature's own Poisoning [g-36]
    for t in ts:
        dealt = damage.wound(g, t, amount_of(g, e, src, eff, target=t), "spell" if e.get("spell") else "wound", src,
                             poison_tick=tick)
        if tick and dealt:
            trigger_points.collect(g, {"type": "poison_wounds", "card": t.id, "n": dealt})
    each = isinstance(eff.get("target"), str) and eff["target"].startswith("each_")
    g._poison_tick = tick
    try:
        damage.check_deaths(g, ts, owner_orders=each)
    finally:
        g._poison_tick = False


def short_form(a: dict, place: str) -> None:
    """Written as an effect or a grant without a ``target``, it wounds the card itself."""
    if place != "top":
        a.setdefault("target", "self")


def text(a: dict, lang: str, words) -> str:
    """"wound <target> for N (not an attack)" in ``lang``."""
    t, n = words.target(a.get("target"), lang), words.amount(a["n"], lang)
    return f"wound {t} for {n} (not an attack)" if lang == "en" else f"ранить {t} на {n} (это не атака)"


WOUND = register_keyword(Keyword(
    kw="wound", places="effect", rule="03 §1.2 influence [401.5]; [204.4]", text=text,
    fields={"n": "amount!", "target": "target!"}, handler=execute, needs_target=True, short_form=short_form))
