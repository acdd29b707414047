"""The view's ``log``: the recent events a viewer may see, masked for that viewer (engine/view.py ``project``), and
:func:`project_log`, the ``turn`` and ``log`` alone. Hidden information [415]: an event marked ``to`` only to that
player; an id of a card face down to the viewer by its alias, in the events from after it went face down.
"""
from __future__ import annotations

from engine.model.enums import Event
from engine.model.memo import memoized, reading
from engine.model.state import GameState
from engine.rules.hidden import alias
from engine.rules.strike_table import strike_table

#: How many recent events a view's log shows; the window moves in steps of LOG_STEP so that most diffs append.
LOG_WINDOW, LOG_STEP = 40, 20


def _with_row(ev: dict) -> dict:
    """A ``strike_roll`` event with its Strike Table row: ``row`` = [attacker level, responder level, who may
    weaken] (02-battle.md §5)."""
    if ev.get("type") == "strike_roll" and "d" in ev:
        return dict(ev, row=list(strike_table(ev["d"], ev.get("attacker_result", 0))))
    return ev


def _hidden_from(ev: dict, viewer) -> bool:
    """True when ``ev`` is meant for the other player only: its ``to`` is a player (1 or 2) other than ``viewer``
    (docs/engine-api.md "Events"). A ``to`` that is a cell or a card id (``moved``, ``resurrected``,
    ``redirected``: where the card went) limits nobody."""
    to = ev.get("to")
    return (to == 1 or to == 2) and type(to) is int and to != viewer


def _visible_event(ev, names: dict) -> dict:
    """``ev`` as a viewer sees it: every id in ``names`` (card id -> alias) replaced by its alias."""
    return _with_row(_renamed(ev, names))


def _renamed(value, names: dict):
    """A copy of the JSON-like ``value`` with every string that is a key of ``names`` replaced by its value."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    return value


def _hidden_aliases(g: GameState, viewer) -> dict[str, tuple[str, int]]:
    """``{card id: (alias, since)}`` of every card face down to ``viewer`` [415], ``since`` the ``seq`` of the
    event that placed it face down (0 when that event has left the kept events, or the game was set up so): all
    that masking an event depends on."""
    hidden = {c.id: alias(c) for c in memoized(g, "face_down_cards", _face_down_cards, g) if viewer != c.controller}
    if not hidden:
        return {}
    since = dict.fromkeys(hidden, 0)
    for ev in g.events:
        if ev["type"] == Event.PLACED_CARD and ev.get("card") in since:
            since[ev["card"]] = ev["seq"]
    return {cid: (a, since[cid]) for cid, a in hidden.items()}


def _face_down_cards(g: GameState) -> list:
    """Every card face down, in instance order."""
    return [c for c in g.cards.values() if c.hidden]


def _names_at(aliases: dict, seq: int) -> dict[str, str]:
    """``{card id: alias}`` for the event ``seq``: only the cards that lay face down when it happened. An event from
    before a card went face down keeps the id it was shown with, so no event links a card the viewer saw (revealed
    in recruitment, peeked at) to the cell where it now lies face down [415] (docs/rules-decisions.md)."""
    return {cid: a for cid, (a, since) in aliases.items() if seq > since}


def _log(g: GameState, viewer, start: int) -> list[dict]:
    """The view's ``log``: the events after ``start`` that ``viewer`` may see, masked for ``viewer``.

    An event's masked copy depends only on the event (never changed once emitted) and on which cards are face down
    to ``viewer`` and since when (:func:`_hidden_aliases`, :func:`_names_at`), so the copies are kept on the game
    (``g._view_log[viewer]`` = ``[aliases, {seq: event | (event, copy or None)}, tail]``, the event alone when it
    shows as it is) and reused while those aliases are unchanged: a projection masks only the new events, and
    consecutive views share their unchanged events (the diff compares them by identity). ``tail`` = ``(events
    list, start, last event, the log as a tuple)`` of the last projection: while the aliases and ``start`` are the
    same and no event after ``start`` has left the kept events, the log is that one plus the events emitted since.
    An event that names no such card is shown as it is (the engine's own dict, shared by every view and the
    journal: events are never changed). The cache holds no more than the window; it is never serialized
    (``GameState.to_dict`` lists its fields)."""
    aliases = memoized(g, ("aliases", viewer), _hidden_aliases, g, viewer)
    cached = g._view_log.get(viewer)
    if cached is None or cached[0] != aliases:
        cached = g._view_log[viewer] = [aliases, {}, None]
    masked = cached[1]
    events = g.events
    log, begin = _log_tail(cached[2], events, start)
    for ev in events[begin:] if begin else events:
        seq = ev["seq"]
        if seq <= start:
            continue
        hit = masked.get(seq)
        if hit is ev:                             # kept as the event itself: nothing to mask
            log.append(ev)
            continue
        if hit is None or type(hit) is not tuple or hit[0] is not ev:
            names = _names_at(aliases, seq) if aliases else aliases
            if _hidden_from(ev, viewer):
                seen = None
            elif names and _names_any(ev, names):
                seen = _visible_event(ev, names)
            elif ev["type"] != "strike_roll":
                seen = ev                         # nothing to mask: the event itself, no copy
            else:
                seen = _row_copy(g, ev, start)    # the one copy with its row, whoever sees it
            hit = masked[seq] = ev if seen is ev else (ev, seen)   # no pair for the common case (memory)
            if seen is ev:
                log.append(ev)
                continue
        if hit[1] is not None:
            log.append(hit[1])
    if len(masked) > LOG_WINDOW + LOG_STEP:
        for seq in [q for q in masked if q <= start]:
            del masked[seq]
    cached[2] = (events, start, events[-1], tuple(log)) if events else None
    return log


def shown_log(g: GameState, viewer, start: int) -> list[dict]:
    """:func:`_log` of ``viewer``; a player whose log shows exactly the spectator's gets the spectator's very list,
    masked once per read-only scope (engine/model/memo.py): when no event after ``start`` is meant for one player
    only (``to``, :func:`_hidden_from`) and the same cards are face down to both since the same events, the two
    logs hold equal events in the same order. The views of one version then share the log (the room's diffs and
    journal compare it by identity)."""
    if viewer is None:
        return memoized(g, ("log", start), _log, g, None, start)
    if not memoized(g, ("log_to", start), _any_addressed, g, start) \
            and memoized(g, ("aliases", viewer), _hidden_aliases, g, viewer) \
            == memoized(g, ("aliases", None), _hidden_aliases, g, None):
        return memoized(g, ("log", start), _log, g, None, start)
    return _log(g, viewer, start)


def _any_addressed(g: GameState, start: int) -> bool:
    """True when an event after ``start`` is meant for one player only (its ``to`` is 1 or 2). The events are in
    ``seq`` order and never change once emitted, so what an earlier version's check found for the same ``start``
    holds (kept in ``g._view_log["addressed"]`` = ``(start, newest seq read, found)``): only the events emitted
    since are read, from the newest back."""
    events = g.events
    if not events:
        return False
    newest: int = events[-1]["seq"]
    kept = g._view_log.get("addressed")
    floor = start
    if kept is not None and kept[0] == start and kept[1] <= newest:
        if kept[2]:
            return True
        floor = kept[1]
    found = False
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev["seq"] <= floor:
            break
        if _hidden_from(ev, None):
            found = True
            break
    g._view_log["addressed"] = (start, newest, found)
    return found


def _row_copy(g: GameState, ev: dict, start: int) -> dict:
    """:func:`_with_row` of ``ev`` (a ``strike_roll`` naming no card masked for the viewer), one copy for every
    viewer who sees it so (kept in ``g._view_log["rows"]``, ``{seq: (event, copy)}``, trimmed to the window like
    the masked events): the viewers' logs then hold the very same events, which the room and the diffs compare by
    identity."""
    rows = g._view_log.get("rows")
    if rows is None:
        rows = g._view_log["rows"] = {}
    seq = ev["seq"]
    hit = rows.get(seq)
    if hit is not None and hit[0] is ev:
        return hit[1]
    copy = _with_row(ev)
    rows[seq] = (ev, copy)
    if len(rows) > LOG_WINDOW + LOG_STEP:
        for old in [q for q in rows if q <= start]:
            del rows[old]
    return copy


def _log_tail(tail, events: list, start: int) -> tuple[list, int]:
    """``(the last projection's log as a new list, the index in ``events`` after its last event)`` when ``tail``
    (:func:`_log`) still holds for ``events`` and ``start``: the same list, the same ``start``, its last event still
    kept where the event numbers put it, and no event after ``start`` dropped from the kept ones; else ``([],
    0)``."""
    if tail is None or tail[0] is not events or tail[1] != start or not events or events[0]["seq"] > start + 1:
        return [], 0
    last = tail[2]
    i = last["seq"] - events[0]["seq"]
    if not 0 <= i < len(events) or events[i] is not last:
        return [], 0
    return list(tail[3]), i + 1


def _names_any(value, aliases: dict) -> bool:
    """True when the JSON-like ``value`` holds a string that is a key of ``aliases`` (a card face down to the
    viewer), at any depth."""
    if isinstance(value, str):
        return value in aliases
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, list):
        return False
    for v in value:          # the scalars of a map or an array here, only the containers by a call
        if isinstance(v, str):
            if v in aliases:
                return True
        elif isinstance(v, (dict, list)) and _names_any(v, aliases):
            return True
    return False


def _log_start(g: GameState) -> int:
    """The ``seq`` after which a view's ``log`` begins: the last ``LOG_WINDOW`` events, rounded down to a multiple
    of ``LOG_STEP`` (so consecutive views share a start)."""
    start = max(0, g.event_seq - LOG_WINDOW)
    return start - start % LOG_STEP


@reading
def project_log(g: GameState, viewer) -> dict:
    """Only the ``turn`` and ``log`` of :func:`project` (the same values: ``{"turn": n, "log": [event...]}``), for
    readers that need no more, e.g. the server's journal replaying a game (server/journal.py ``Journal.rebuild``):
    it skips the cards, players and prompt, about 40 % of a replay's cost."""
    return {"turn": g.turn, "log": _log(g, viewer, _log_start(g))}
