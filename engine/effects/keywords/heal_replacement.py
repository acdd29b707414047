"""A heal replacement (``heal_replacement``; 03-abilities.md §1.10 replacement [419]; ../shared/cards/README.md §6.5):
while ``condition`` holds, a heal this card is about to receive may become ``effects`` instead, within ``limit``
(counted when the replacement is taken). ``effects`` may read the heal's amount as the counter ``event_heal`` (X).

The printed condition of both cards is "while it has no wounds", so the heal it replaces would remove nothing: the
replacement is offered as an optional pending trigger of the card (declared in the next round, with its target
then; passing declines it and keeps the use), and the heal removes nothing (docs/rules-decisions.md). A heal whose
X is needed but is "full" or 0 offers nothing (§6.7: X is not stated for those).
"""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.rules.conditions import holds


def on_heal(g, card, idx, a: dict, amount) -> bool:
    """``card`` is about to be healed by ``amount``: offer the replacement (a pending optional trigger) when its
    condition holds and its limit allows; True = the heal is replaced."""
    if a.get("condition") and not holds(g, card, a["condition"]):
        return False
    if ab.limit_reached(card, a, idx):
        return False
    n = amount if isinstance(amount, int) else 0
    if n <= 0 and "event_heal" in repr(a.get("effects")):
        return False
    g.pending[card.controller].append({
        "source": card.id, "ability": idx, "controller": card.controller, "optional": bool(a.get("optional", True)),
        "effects": list(a.get("effects") or []), "point": {"type": "healed", "card": card.id, "n": n}})
    g.emit(Event.FIZZLED, source=card.id, why="heal_replaced")
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
