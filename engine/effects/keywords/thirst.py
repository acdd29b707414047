"""Thirst X (Жажда) [g-16], 03 §4 ``thirst``: triggered, not for flyers. If this creature is closed before its
controller's turn begins (the turn preparation step [310.2]) it may deal X wounds to an adjacent corporeal creature;
it does not open at the start of that turn unless it did so. Its controller is asked in the turn preparation step
(``{"thirst": card, "target": creature}``, :class:`engine.cards.keywords.PrepHooks`); a closed thirsty creature
that did not drink gets the marker ``skip_open`` when its controller's decisions end. Written
``{"kw": "thirst", "n": X}``."""
from __future__ import annotations

from engine.cards.keywords import Keyword, PrepHooks
from engine.effects.keywords._named import x_text
from engine.effects.registry import register_keyword
from engine.ops import damage
from engine.rules.keywords import flagged
from engine.rules.adjacency import adjacent_cards
from engine.model.state import GameState


def _thirsty(g: GameState, p, card) -> bool:
    return card.controller == p == g.active and card.closed and card.zone == "battlefield" \
        and g.is_creature(card) and not g.is_flyer(card)


class _Thirst(PrepHooks):
    """The drink before the turn, and staying closed without it."""

    def options(self, g, p, card, a) -> list[dict]:
        if not _thirsty(g, p, card) or card.used.get("thirst") == g.turn:
            return []
        return [{"thirst": card.id, "target": t.id} for t in adjacent_cards(g, card)
                if g.is_creature(t) and not flagged(g, t, "bodiless")]

    def apply(self, g, p, card, a, option: dict) -> bool:
        if option.get("thirst") != card.id:
            return False
        t = g.cards.get(option.get("target") or "")
        if t is not None and {"thirst": card.id, "target": t.id} in self.options(g, p, card, a):
            card.used["thirst"] = g.turn
            damage.wound(g, t, a.get("n", 1), "wound", source=card)
            damage.check_deaths(g, [t])
        return True

    def done(self, g, p, card, a) -> None:
        if _thirsty(g, p, card) and card.used.get("thirst") != g.turn:
            card.markers["skip_open"] = 1  # it does not open this turn: it did not drink [g-16]


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"thirst{x_text(a)}: closed before your turn, it may deal {n} wounds to a creature next to it; it opens only if it did"
    return f"жажда{x_text(a)}: закрытая перед вашим ходом может нанести {n} ран соседнему существу; открывается, только если сделала это"


THIRST = register_keyword(Keyword(kw="thirst", places="static grant", rule="03 §4 thirst [g-16]; [310.2]",
                                  text=text, fields={"n": "pos?"}, turn_preparation=_Thirst()))
