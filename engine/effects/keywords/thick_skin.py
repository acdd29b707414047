"""Thick Skin (Толстокожесть) [g-49], 03 §4 ``thick_skin``: static; protection from the "on attack", "on attack
initiation" and "after attack" abilities of the cards that attack this card. The attacker's triggered abilities
whose trigger point is its attack on this card (its "strikes" triggers) and the riders of its attack produce no
effect on this card; their effects on other cards (the attacker itself included) still happen [411]. Written
``{"kw": "thick_skin"}``; :func:`engine.effects.registry.apply_effects` asks this record's ``blocks_effect``."""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules import grants
from engine.rules import targets as tg
from engine.model.state import GameState

#: Targets that name the attacked card of a trigger point or rider.
_AT_STRUCK: Final = ("attacked", "event_card", "same_target")


def _struck(g: GameState, e) -> str | None:
    """The card the entry's source attacked, when the entry is that attack's rider or a "strikes" trigger of it."""
    pt = e.get("point") or {}
    if pt.get("type") == "strikes" and pt.get("card") == e.get("source"):
        return pt.get("target")
    if pt.get("type") == "attack" and pt.get("by") == e.get("source"):
        return pt.get("card")
    return None


def blocks(g: GameState, e, eff) -> bool:
    """True when ``eff`` would act on a Thick Skin card that the entry's source attacked."""
    struck = _struck(g, e)
    card = g.cards.get(struck or "")
    if card is None or not grants.kws(g, card, "thick_skin"):
        return False
    spec = eff.get("target")
    return spec in _AT_STRUCK or (tg.is_choice(spec) and e.get("target") == struck)


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "thick skin: the on-attack and after-attack abilities of a card attacking it do nothing to it"
    return "толстокожесть: способности «при атаке» и «после атаки» атакующей её карты на неё не действуют"


THICK_SKIN = register_keyword(Keyword(kw="thick_skin", places="static grant", rule="03 §4 thick_skin [g-49]; [411]",
                                      text=text, blocks_effect=blocks))
