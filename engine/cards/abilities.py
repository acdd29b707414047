"""Ability objects of card data (docs/card-vocabulary.md): costs, timing marks, limits and kinds.

Card definitions arrive normalized by :func:`engine.cards.vocab.normalize_ability`, so every activated ability carries
``cost`` (``{"tap", "tokens", "wounds"?, "movement"?}``), ``sudden`` and ``limit``. Rules: 03-abilities.md §2
(costs), RULES.md S1 (implicit accumulate), S4 (payment at declaration), 02-battle.md §2 (sudden/slow actions).
"""
from __future__ import annotations

from typing import Final

from engine.cards.costs import Cost, cost_of
from engine.cards.keywords import KEYWORDS
from engine.cards.limits import Limit, limit_of
from engine.cards.timing import Timing, timing_of
from engine.cards.typed import ParsedMap


#: Scenario/action acts that name an attack ability directly (FORMAT.md steps).
ACT_KW: Final = {"shoot": "shot", "discharge": "discharge", "throw": "throw", "magic_strike": "magic_strike"}


#: The cost of an ability that has none.
NO_COST = Cost()


def cost(a: dict) -> Cost:
    """The whole cost of ability ``a``, a :class:`engine.cards.costs.Cost` (nothing to pay when it has none): the
    value its ``cost`` object carries since its card definition loaded (:mod:`engine.cards.typed`)."""
    c = a.get("cost")
    if type(c) is ParsedMap:
        return c.typed
    return NO_COST if c is None else cost_of(c)


def timing(a: dict) -> Timing:
    """The :class:`engine.cards.timing.Timing` of ability ``a``: the value a loaded ability carries
    (:mod:`engine.cards.typed`), else read now."""
    if type(a) is ParsedMap:
        return a.typed
    return timing_of(a)


def is_sudden(a: dict) -> bool:
    """True for a sudden action (внезапное действие) [104.6]: declarable whenever its controller has priority."""
    return timing(a).sudden


def limit_of_ability(a: dict) -> Limit | None:
    """The :class:`engine.cards.limits.Limit` of ability ``a`` (None when it has none): the value its ``limit``
    object carries since its card definition loaded (:mod:`engine.cards.typed`)."""
    lim = a.get("limit")
    if type(lim) is ParsedMap:
        return lim.typed
    return limit_of(lim)


def limit(a: dict) -> str | None:
    """``"turn"`` or ``"battle"`` when the ability is limited [SEED S4, QX10], else None."""
    lim = limit_of_ability(a)
    return None if lim is None else lim.per


def limit_key(a: dict, idx) -> str:
    """The key under which a limited ability's uses are counted in ``Card.used`` (shared by a ``group``)."""
    lim = limit_of_ability(a)
    return str(idx) if lim is None else lim.key(idx)


def limit_reached(card, a: dict, idx) -> bool:
    """True when a limited ability has been declared as often as its limit allows this turn/battle."""
    lim = limit_of_ability(a)
    if lim is None:
        return False
    return card.used.get(lim.key(idx), 0) >= lim.times


def is_activated(a: dict) -> bool:
    """True when the ability is declared by its controller (not static, not a trigger)."""
    return timing(a).activated


def token_max(abilities: list[dict]) -> int | None:
    """The card's token maximum (``token_max`` kw), None when it has none [218.6, SEED S1]."""
    for a in abilities:
        if a.get("kw") == "token_max":
            return a.get("n")
    return None


def with_implicit(abilities: list[dict], card: dict | None = None) -> list[dict]:
    """The card's abilities with the vocabulary parts of its named abilities appended (a keyword's ``parts``,
    :class:`engine.cards.keywords.Keyword`; 03 §4) and RULES.md S1's implicit "[Close]: accumulate 1 token"
    appended when any ability has a token cost and the card has no accumulate ability yet [SEED S1]."""
    for a in list(abilities):
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.rewrite is not None:
            abilities = [x if x is a else k.rewrite(a, x) for x in abilities]
    for a in list(abilities):
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.parts is not None:
            abilities = abilities + [dict(x, _part_of=a["kw"]) for x in k.parts(card or {}, a)]
    if any(a.get("kw") == "accumulate_token" for a in abilities):
        return abilities
    if any(is_activated(a) and cost(a).tokens not in (0, None) for a in abilities):
        return abilities + [{"kw": "accumulate_token", "implicit": True, "cost": {"tap": True, "tokens": 0},
                             "sudden": False, "limit": None}]
    return abilities


def is_window_kw(a: dict) -> bool:
    """True for an ability offered only inside a fixed window (never declared in a priority round): a keyword or a
    ``custom`` whose registered record names a ``window`` (:class:`engine.cards.keywords.Keyword`,
    :class:`engine.cards.keywords.Custom`)."""
    return timing(a).window
