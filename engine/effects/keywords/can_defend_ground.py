"""Defending the ground (``can_defend_ground``; the 'fly_defend' icon, ../shared/cards/README.md §6.3): this flyer
may act as the defender of any of its controller's non-flying creatures on the battlefield, whoever attacks them
(01 §3.6 [205.3], §4.4 [211.6]: otherwise a flyer defends only against a flyer's attack). Static or granted, no
fields; :func:`engine.procedure.defender.legal_defenders` reads it.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "It may act as the defender of any of your non-flying creatures"
    return "Может выступать защитником любого вашего нелетающего существа"


CAN_DEFEND_GROUND = register_keyword(Keyword(
    kw="can_defend_ground", places="static grant", rule="01 §3.6 [205.3], §4.4 [211.6]", text=text, flags=frozenset({"defends_ground_cards"})))
