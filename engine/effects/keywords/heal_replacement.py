"""A heal replacement (``heal_replacement``; 03-abilities.md §1.10 replacement [419]; ../shared/cards/README.md §6.5):
while ``condition`` holds, a heal this card is about to receive may become ``effects`` instead, within ``limit``
(counted when the replacement is taken). ``effects`` may read the heal's amount as the counter ``event_heal`` (X).

A replacement waits for the heal and replaces it before it happens, with no queue [419.1-419.4]: while the heal
executes, the card's controller (the controller of the one applicable replacement [419.6.a]) is asked yes/no inside
the executing entry (an optional one), then names the targets of ``effects`` there (RULES.md Q4;
engine/effects/choice.py), and the effects happen at once instead of the heal. Declining keeps the use. A heal whose
X is needed but is "full" or 0 offers nothing (§6.7: X is not stated for those).
"""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.cards.keywords import Keyword
from engine.effects import choice
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.rules.conditions import holds
from engine.model.state import GameState


def on_heal(g: GameState, card, idx, a: dict, amount) -> bool | None:
    """``card`` is about to be healed by ``amount``: when its condition holds and its limit allows, its controller
    chooses (an optional one) whether the replacement applies, inside the executing entry; True = the heal is
    replaced (its effects have happened), False = it is not, None = a player is being asked."""
    m = choice.memo(g, f"heal_replacement:{card.id}:{idx}")
    if "use" not in m:
        if a.get("condition") and not holds(g, card, a["condition"]):
            return False
        if ab.limit_reached(card, a, idx):
            return False
        n = amount if isinstance(amount, int) else 0
        if n <= 0 and "event_heal" in repr(a.get("effects")):
            return False
        if a.get("optional", True):
            i = choice.pick(g, card.controller, ["yes", "no"], "heal_replacement", card.id)
            if i is None:
                return None
            if i == 1:
                choice.forget(g, f"heal_replacement:{card.id}:{idx}")
                return False
        m["use"], m["n"] = True, n
        if ab.limit(a):
            key = ab.limit_key(a, idx)
            card.used[key] = card.used.get(key, 0) + 1
        g.emit(Event.FIZZLED, source=card.id, why="heal_replaced")
    ex = g.executing
    e = dict(ex["entry"] if ex is not None else {}, source=card.id, controller=card.controller,
             point={"type": "healed", "card": card.id, "n": m["n"]}, target=None, targets=None)
    if not choice.apply_chosen(g, e, card, list(a.get("effects") or []), m, "heal_replacement_target"):
        return None
    choice.forget(g, f"heal_replacement:{card.id}:{idx}")
    return True


def text(a: dict, lang: str, words) -> str:
    """"<condition>: whenever it is to be healed, it may instead <effects> (<limit>)" in ``lang``."""
    cond = words.conditions(a.get("condition"), lang)
    body = "; ".join(words.effect(x, lang) for x in a.get("effects") or [])
    lim = a.get("limit")
    times = ""
    if lim:
        t = lim.get("times", 1)
        times = (f" (at most {t} time{'s' if t > 1 else ''} per turn)" if lang == "en"
                 else f" (не больше {t} раз{'а' if 2 <= t <= 4 else ''} за ход)")
    if lang == "en":
        return f"Whenever it is to be healed{cond}, it may instead: {body}{times}"
    return f"Когда её должны излечить{cond}, вместо этого она может: {body}{times}"


HEAL_REPLACEMENT = register_keyword(Keyword(
    kw="heal_replacement", places="static grant", rule="03 §1.10 replacement [419]; README §6.5", text=text,
    fields={"condition": "conditions?", "optional": "bool?", "limit": "limit?", "effects": "effects!"},
    on_heal=on_heal))
