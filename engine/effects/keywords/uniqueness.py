"""Uniqueness (Уникальность) [g-54], 03 §4 ``uniqueness``: static. The card cannot be brought into a squad that
already has a card of the same name; written ``{"kw": "uniqueness"}`` it means what the card flag ``unique`` means.
In recruitment (02-battle.md §1.3 [304]) its :class:`engine.cards.keywords.RecruitHooks` refuse a second copy
either way round: the unique card while a card of its name is recruited, or a card of its name while the unique
card is. Resurrection, summoning and incarnation ask :func:`engine.rules.uniqueness.may_join` [g-63], which
reads its flag ``unique``."""
from __future__ import annotations

from engine.cards.keywords import Keyword, RecruitHooks
from engine.effects.registry import register_keyword


class _Unique(RecruitHooks):
    """Recruitment constraint of a card with Uniqueness [g-54, g-75]."""

    def allows(self, g, p, holder, a, new) -> bool:
        name = g.defn(new).get("name_ru")
        if holder is new:  # the unique card itself: no card of its name recruited yet
            return not any(g.defn(g.cards[r]).get("name_ru") == name for r in g.recruits[p])
        return g.defn(holder).get("name_ru") != name


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    return "unique" if lang == "en" else "уникальность"


UNIQUENESS = register_keyword(Keyword(kw="uniqueness", places="static", rule="03 §4 uniqueness [g-54]", text=text,
                                      recruitment=_Unique(), flags=frozenset({"unique"})))
