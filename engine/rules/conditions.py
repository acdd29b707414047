"""Conditions of the card vocabulary (``{"p": name, ...}``; docs/card-vocabulary.md "Conditions").

:func:`holds` answers whether every condition of a list holds now; a condition the engine does not know fails
closed (the effect does not happen) so that an unimplemented rule never acts by accident. ``entry`` is the executing
entry or the triggering event's context (``{"point": event}``) when there is one.
"""
from __future__ import annotations

from engine.model.board import CELLS, distance, half, neighbours, row_of
from engine.model.history import acts, chain_from, ranged_hits, steps
from engine.rules import targets as tg
from engine.rules.adjacency import adjacent_cards
from engine.rules.formation import formation_group, in_formation


def holds(g, source, conds, entry: dict | None = None) -> bool:
    """True when every condition in ``conds`` holds for ``source`` now."""
    for c in conds or []:
        if not _one(g, source, c, entry or {}):
            return False
    return True


def _one(g, source, c, entry) -> bool:
    p = c.get("p")
    if source is None:
        return False
    point = entry.get("point") or {}
    if p == "second_player":
        return g.first is not None and source.owner != g.first
    if p == "first_player":
        return g.first is not None and source.owner == g.first
    if p == "in_row":
        return source.zone == "battlefield" and row_of(source.cell, source.controller) in c.get("rows", [])
    if p == "in_column":
        return source.zone == "battlefield" and bool(source.cell) and source.cell[0] in c.get("columns", [])
    if p == "not_defending":
        ex = g.executing
        return not (ex and ex.get("data", {}).get("defender") == source.id)
    if p == "moved_across":
        frm, to = point.get("frm"), point.get("to")
        if not frm or not to:
            return False
        own = source.controller
        if c.get("to") == "enemy_half":
            return half(frm) == own and half(to) != own
        return half(frm) != own and half(to) == own
    if p == "moved_by":  # the move that triggered was this named movement (Огненный имп: a teleport)
        return point.get("how") == c.get("how")
    if p == "moved_onto":  # the move that triggered ended on the enemy half / on its own half
        to = point.get("to")
        return bool(to) and (half(to) != source.controller) == (c.get("to") == "enemy_half")
    if p == "moved_from_adjacent":  # the moved card came from a cell next to this card
        frm = point.get("frm")
        return bool(frm) and source.zone == "battlefield" and frm in neighbours(source.cell)
    if p == "adjacent_to":
        return any(tg.match(g, source, o, c.get("filter")) for o in adjacent_cards(g, source))
    if p == "event_attacker":  # the card whose attack caused the event ("by"), wherever it is now
        by = g.cards.get(point.get("by") or "")
        return by is not None and tg.match(g, source, by, c.get("filter"))
    if p == "friendly_in_play":  # "if you have a Steppe creature": another creature of its side in play
        return any(o is not source and o.controller == source.controller and g.is_creature(o)
                   and tg.match(g, source, o, c.get("filter")) for o in g.play_cards())
    if p == "defending":  # it is the defender of the simple strike executing now
        ex = g.executing
        return bool(ex and ex.get("data", {}).get("defender") == source.id)
    if p == "is_closed":
        return source.closed
    if p == "opponent_row_empty":  # "while the opponent has no cards in his first row" (Скелос)
        foe = g.other(source.controller)
        return not any(g.cards[cid].controller == foe and row_of(cell, foe) == c["row"] for cell, cid in g.board.items())
    if p == "formation_size":  # "in formation with two or more creatures" (Страж чертогов)
        return len(formation_group(g, source)) >= c["at_least"]
    if p == "formation_with":
        return in_formation(g, source, c.get("filter"))
    if p == "target":
        cards = tg.resolve(g, dict(entry, controller=entry.get("controller", source.controller)), source,
                           "attacked")
        return bool(cards) and all(tg.match(g, source, t, c.get("filter")) for t in cards)
    if p == "event_card":  # the card of the triggering event, wherever it is now (a dead card included)
        ev = g.cards.get(point.get("card") or "")
        return ev is not None and tg.match(g, source, ev, c.get("filter"))
    if p == "unwounded":
        return source.wounds == 0
    if p in ("moved_straight", "moved_turning"):  # its own steps this turn: all one way / not all one way
        st = steps(g, source)
        straight = all(s == st[0] for s in st)
        return len(st) >= c["at_least"] and (straight if p == "moved_straight" else not straight)
    if p == "target_ranged_hits":  # shots/throws that wounded the attacked card earlier this turn (Мира)
        t = g.cards.get(point.get("card") or "")
        return t is not None and ranged_hits(g, t) - (1 if point.get("n") else 0) >= c["at_least"]
    if p in ("revealed_all", "revealed_cost_odd"):  # about the cards the executing prophecy revealed
        rev = [g.cards[i] for i in entry.get("revealed") or [] if i in g.cards]
        if p == "revealed_cost_odd":
            return bool(rev) and (g.defn(rev[0]).get("cost") or 0) % 2 == 1
        return bool(rev) and all(tg.match(g, source, r, c.get("filter")) for r in rev)
    if p == "milled_card":  # the card the executing entry put from the deck into the graveyard (Лилит и Эйдерик)
        milled = g.cards.get(entry.get("milled") or "")
        return milled is not None and tg.match(g, source, milled, c.get("filter"))
    if p == "event_card_id":  # the triggering event is about that very card (a linked recruit: Линнет)
        return point.get("card") == c.get("id")
    if p == "stepped_one_cell":  # the move that triggered went to a neighbouring cell (Тови), not a jump
        frm, to = point.get("frm"), point.get("to")
        return bool(frm and to) and distance(frm, to) == 1
    if p == "opponent_turn":
        return g.active != source.controller
    if p == "own_turn":
        return g.active == source.controller
    if p == "died_of_poison":
        return point.get("type") == "died" and point.get("how") == "poison"
    if p == "arrived_adjacent":  # the moved card came from a cell not next to this card onto one next to it
        frm, to = point.get("frm"), point.get("to")
        if not frm or not to or source.zone != "battlefield" or point.get("card") == source.id:
            return False
        near = set(neighbours(source.cell))
        return to in near and frm not in near and frm != source.cell
    if p == "action_chain":  # Очи Кронга: the last actions of your other creatures are exactly ``of``, any order
        return _chain(g, source, c)
    if p in ("current_life_at_least", "current_life_at_most"):  # life + additional life - wounds [204.6]
        cur = g.life(source) - source.wounds
        return cur >= c["n"] if p == "current_life_at_least" else cur <= c["n"]
    if p == "event_strike_value":  # the value of the blow the triggering simple strike dealt (Ревнитель Сеггера)
        return point.get("value", 0) >= c["at_least"]
    if p == "not_moved_this_turn":  # it spent no movement this turn [203.4] (Камнедрев)
        return not source.markers.get("movement")
    if p == "tokens_at_most":
        return source.tokens <= c["n"]
    if p == "tokens_at_least":
        return source.tokens >= c["n"]
    if p == "friendly_in_every_row":
        rows = {cell[1:] for cell in CELLS}
        mine = {g.cards[cid].cell[1:] for cid in g.board.values()
                if g.cards[cid].controller == source.controller and g.is_creature(g.cards[cid])}
        return rows <= mine
    if p in ("count_adjacent", "more_friends_adjacent", "adjacent_classes"):
        near_cards = [o for o in adjacent_cards(g, source) if g.is_creature(o) and not o.hidden]
        if p == "count_adjacent":
            return sum(1 for o in near_cards if tg.match(g, source, o, c.get("filter"))) >= c["at_least"]
        if p == "more_friends_adjacent":
            friends = sum(1 for o in near_cards if o.controller == source.controller)
            return friends > len(near_cards) - friends
        classes = {k for o in near_cards for k in (g.defn(o).get("classes") or [])}
        return len(classes) >= c["at_least"]
    return False


def _chain(g, source, c) -> bool:
    """The actions declared this turn by the other creatures of ``source``'s controller since its chain was last
    used: the last len(``of``) of them are ``of`` in any order and all by creatures matching ``filter``; moving in
    between does not count as an action (engine/model/history.py ``acts``)."""
    want = sorted(c.get("of") or [])
    start = chain_from(g, source)
    seq = sorted((s, what, o) for o in g.cards.values() if o.controller == source.controller and o.id != source.id
                 for s, what in acts(g, o) if s > start)
    last = seq[-len(want):] if want else []
    return len(last) == len(want) and sorted(w for _, w, _ in last) == want and all(
        g.is_creature(o) and tg.match(g, source, o, c.get("filter")) for _, _, o in last)
