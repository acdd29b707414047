"""Cancel a strike (``block_strike``; 03-abilities.md §1.6 [410], 02-battle.md §9 fixed windows, step 5): an
activated ability used in the target window of an attack aimed at this card, before the dice are rolled; the attack
is cancelled. Offered and applied by engine/procedure/windows.py. Its text says its ``condition`` itself (the
flag ``says_condition``: the catalogue does not add it after the cost)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.model.state import GameState


def window_options(g: GameState, w, card, a: dict, base: dict) -> list[dict]:
    """Only against an attack aimed at this card."""
    return [base] if w.tgt is card else []


def window_apply(g: GameState, ex: dict, card, a: dict, act: dict) -> None:
    """The strike is blocked: the window closes and the strike goes to its ``blocked`` stage."""
    data = ex["data"]
    g.emit(Event.BLOCKED, card=card.id, by="block_strike")
    data["win"]["next"] = "blocked"
    data["win"]["pos"] = 2


def text(a: dict, lang: str, words) -> str:
    """"cancel a <attack> aimed at this card, before the dice are rolled" in ``lang``."""
    kinds, cond = words.kinds(a["applies_to"], lang), words.conditions(a.get("condition"), lang)
    if lang == "en":
        return f"cancel a {kinds} aimed at this card, before the dice are rolled{cond}"
    return f"отменить {kinds}, направленный в эту карту, до броска кубиков{cond}"


BLOCK_STRIKE = register_keyword(Keyword(
    kw="block_strike", places="activated", rule="03 §1.6 [410]; 02 §9 fixed windows (step 5)", text=text,
    fields={"applies_to": "kinds!", "window": "enum!:target", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    window="target", window_options=window_options, window_apply=window_apply,
    flags=frozenset({"says_condition"})))
