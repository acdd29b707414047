"""Incorporeality (Бестелесность) [g-03], 03 §4 ``incorporeal``: static, creatures only. Its flags are the rules'
named effects: ``unhealable``, it cannot be healed [g-18] (engine/ops/damage.py, engine/rules/futile.py);
``unfinishable``, it cannot be finished off [g-13] (finishing_blow.py); ``bodiless``, it fails the filter
``corporeal`` and is no corporeal creature for Vampirism [g-06], Corpse-Eating [g-51] and Thirst (not a legal
target for Poisoning [g-36]); ``shares_cells``, it may move into a cell another card holds (engine/rules/cells.py
``enters_occupied``) and then shares it: it dies when its controller declares anything but its own movement, and
when the turn passes (engine/ops/sharing.py). Written ``{"kw": "incorporeal"}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return "incorporeal" if lang == "en" else "бестелесность"


INCORPOREAL = register_keyword(Keyword(kw="incorporeal", places="static grant", rule="03 §4 incorporeal [g-03]",
                                       text=text,
    flags=frozenset({"unhealable", "unfinishable", "bodiless", "shares_cells"})))
