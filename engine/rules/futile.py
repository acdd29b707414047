"""Targets an effect cannot change are not legal targets (01-game-and-cards.md §6.4 [219.2-219.3]; 03 §2.1).

An ability with exactly one effect may not be declared at (or, for a named target, at all when) a card on which
that effect can do nothing (the ``futile`` hook of the effect's keyword): closing a closed card, opening an open
card, healing an ``unhealable`` card (an incorporeal creature "cannot be healed" [g-03, g-18]; "cannot" makes
the action illegal [419.1.b]). An ability with several effects keeps every target; only the impossible part is
skipped when it executes [219.3]. Healing an unwounded card and gaining
a token at the maximum stay declarable: a heal can be replaced (Вожак сатиров, [419]) and a gain does as much as it
can [416.2] (docs/rules-decisions.md).
"""
from __future__ import annotations

from engine.cards.keywords import KEYWORDS
from engine.model.state import GameState


def futile(g: GameState, eff: dict, card, closing: bool = False) -> bool:
    """True when effect ``eff`` can change nothing on ``card`` now (the ``futile`` hook of its keyword); ``closing``:
    the card is the ability's source and closes to pay for it, so the effect meets it closed (payment at declaration
    [SEED S4])."""
    k = KEYWORDS.get(eff.get("kw"))
    return k is not None and k.futile is not None and k.futile(g, eff, card, card.closed or closing)


def only_effect(a: dict) -> dict | None:
    """The one effect of ability ``a`` (its ``effects`` list, or the ability itself for a top-level effect kw such
    as ``heal`` or ``close_target``), or None when it has several (or none)."""
    if a.get("kw") in ("action", "trigger"):
        effs = a.get("effects") or []
        return effs[0] if len(effs) == 1 else None
    return a


def _closes(a: dict) -> bool:
    """The ability's cost closes its source."""
    return bool((a.get("cost") or {}).get("tap"))


def keep(g: GameState, a: dict, ids: list[str], source=None) -> list[str]:
    """The candidate target ids of ability ``a`` (of ``source``) that its effect can change (all of them when it
    has several)."""
    eff = only_effect(a)
    if eff is None:
        return ids
    k = KEYWORDS.get(eff.get("kw"))
    if k is None or k.futile is None:
        return list(ids)  # no target is futile (:func:`futile`)
    return [i for i in ids if not futile(g, eff, g.cards[i], source is not None and i == source.id and _closes(a))]


def named_futile(g: GameState, eff: dict, cards: list, source=None, a: dict | None = None) -> bool:
    """True when ``eff`` acts on the named cards ``cards`` and can change none of them (``source`` and its ability
    ``a``: the source meets the effect closed when the cost closes it)."""
    closing = bool(a) and _closes(a)
    return bool(cards) and all(futile(g, eff, c, closing and source is not None and c.id == source.id) for c in cards)
