"""Acquiring abilities with a duration (their end is :func:`engine.ops.durations.end_acquired`); states (net,
root); forced-attack bookkeeping (03-abilities.md §1.5 [407], §1.9 [418], 03 §5 force_attack [g-82]). State writes only.

An acquired ability carries ``_until`` = ``{"kind", "player", "turn", "source", "cell"}`` (who granted it, in which
turn, from which card and cell; :class:`engine.model.types.Until`).
"""
from __future__ import annotations

from engine.cards.keywords import KEYWORDS, hooked_kws
from engine.cards.kinds import kinds_match
from engine.cards.typed import parse_value
from engine.model.enums import Event
from engine.model.state import GameState
from engine.rules.grants import meta


# ---------------------------------------------------------------------- acquiring with a duration
def _same(a: dict, b: dict) -> bool:
    strip = lambda x: {k: v for k, v in x.items() if k != "_until"}  # noqa: E731
    return strip(a) == strip(b)


def grant(g: GameState, card, abilities: list[dict], until: str, granter: int, source=None, used_by=None,
          extra: dict | None = None) -> None:
    """``card`` acquires ``abilities`` until ``until`` (docs/card-vocabulary.md durations) [407, 418]; with
    ``used_by`` (attack kinds) they also go once the card has made such an attack (:func:`spend_on_attack`);
    ``extra`` adds fields to the duration (e.g. ``end_turn`` of an X-turn duration).

    ``granter`` is the controller of the granting entry. Granting an ability the card already holds from a grant
    renews it instead of adding a copy (docs/cards.md G8), unless it is marked ``stacks``."""
    if not g.in_play(card):
        return
    spec = {"kind": until, "player": granter, "turn": g.turn, "source": source.id if source else None,
            "cell": source.cell if source is not None else None, "target_player": card.controller}
    if used_by:
        spec["used_by"] = list(used_by)
    spec.update(extra or {})  # e.g. ``end_turn`` of an X-turn duration
    for a in abilities:
        new = parse_value(dict(a, _until=spec))  # a part made in play is parsed once, now
        if not a.get("stacks"):
            card.acquired = [x for x in card.acquired if not ("_until" in x and _same(x, a))]
        card.acquired.append(new)
    g.emit(Event.GRANTED, card=card.id, kws=[a.get("kw") for a in abilities], until=until)


def spend_on_attack(g: GameState, card, kind: str) -> None:
    """The card has made an attack of ``kind``: what it acquired "for its next such attack" (a grant with
    ``used_by``, Огненный имп's +1 to its next throw) goes."""
    if not card.acquired:
        return
    keep = [a for a in card.acquired if not kinds_match(kind, (a.get("_until") or {}).get("used_by") or ["__none__"])]
    if len(keep) != len(card.acquired):
        card.acquired = keep
        g.emit(Event.GRANT_ENDED, card=card.id)


def spend_next_strike(g: GameState, card) -> None:
    """Its simple strike has been made: what it acquired "until its next simple strike" goes (Тан Ханеранга)."""
    keep = [a for a in card.acquired if (a.get("_until") or {}).get("kind") != "next_simple_strike"]
    if len(keep) != len(card.acquired):
        card.acquired = keep
        g.emit(Event.GRANT_ENDED, card=card.id)


def remove_state(g: GameState, card, kw: str) -> None:
    """Remove an acquired state (the net goes away when an attack on the netted creature is blocked)."""
    card.acquired = [a for a in card.acquired if a.get("kw") != kw]


# ---------------------------------------------------------------------- forced attacks (03 §5 force_attack [g-82])
def refresh_forced(g: GameState, baseline: bool = False) -> None:
    """The ``after_entry`` hook of each keyword ability (printed or acquired) of each card on the battlefield: a
    forced attack's record of who became adjacent (Must attack). Called after every executed entry and strike;
    ``baseline`` (turn start) records who is adjacent without obliging."""
    names = hooked_kws("after_entry")
    for cid in list(g.board.values()):
        c = g.cards[cid]
        if not c.acquired and meta(g, c).lacks(names):
            continue  # printed abilities only, none of them of such a keyword
        for a in g.abilities(c):
            kw = a.get("kw")
            if kw in names:
                KEYWORDS[kw].after_entry(g, c, a, baseline)
