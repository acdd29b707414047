"""Quick play: a matchmaking queue that pairs waiting players in arrival order and, after
``settings.queue_bot_after`` seconds without a match, offers a computer opponent.

HTTP (all authenticated with the player header, server/players_api.py):

| method, path | answer |
|---|---|
| POST /api/queue ``{"deck"?, "rated"?}`` (rated by default; players are paired only with the same choice) | 200 ``{"status": "matched", "room", "seat", "token"}`` when someone was waiting (the older entry takes seat 1); else 202 ``{"status": "waiting", "ticket"}``; 503 ``queue_full`` |
| GET /api/queue/{ticket} | ``{"status": "waiting", "waited": s, "bot_offer": bool}`` or, once paired, the matched answer |
| POST /api/queue/{ticket}/bot ``{"bot"?}`` | leave the queue for a game against the computer (``bot``: a level; absent: the level near the player's rating) |
| DELETE /api/queue/{ticket} | leave the queue: ``{"status": "left"}``; 404 ``not_queued`` for a ticket not in it |

The creating requests (POST /api/queue, POST /api/queue/{ticket}/bot) take an ``Idempotency-Key`` header: a repeat
gets the first answer (server/idempotency.py), so a retried match never queues the player again.

The queue lives in the process that answers (one process, or sticky routing; docs/server.md). An entry not polled
for ``queue_poll_timeout`` seconds is dropped, so a closed tab is never paired.
"""
from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from starlette.requests import Request
from starlette.responses import JSONResponse

from .bus import BusError
from .decks_api import request_lang
from .http_body import read_json
from .idempotency import key_of, answers_of
from .player_texts import refuse, refused
from .bus import messages as m
from .rooms import RoomLimit

TICKET_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
QUEUE_FIELDS = frozenset({"deck", "rated"})
BOT_FIELDS = frozenset({"bot"})


@dataclass
class Entry:
    """One waiting player: ``player`` {"id", "name"}, its deck (card list and label), arrival and last poll
    (monotonic s), and the seat it got once paired (``{"room", "seat", "token"}``)."""

    ticket: str
    player: dict
    cards: list
    label: str | None
    since: float
    polled: float
    match: dict | None = field(default=None)
    rated: bool = True


class MatchQueue:
    """Waiting players in arrival order. ``max_size``: entries at most; ``poll_timeout``: s an unpolled entry is
    kept; ``bot_after``: s after which a waiting entry is offered a computer opponent."""

    def __init__(self, max_size: int, poll_timeout: float, bot_after: float) -> None:
        self.max_size, self.poll_timeout, self.bot_after = max_size, poll_timeout, bot_after
        self.waiting: OrderedDict[str, Entry] = OrderedDict()
        self.matched: dict[str, Entry] = {}

    def prune(self, now: float) -> None:
        """Drop waiting entries not polled for ``poll_timeout`` and matches nobody came for."""
        for book in (self.waiting, self.matched):
            for t in [t for t, e in book.items() if now - e.polled > self.poll_timeout]:
                del book[t]

    def of_player(self, pid: str) -> Entry | None:
        """The waiting entry of player ``pid``, if any."""
        return next((e for e in self.waiting.values() if e.player["id"] == pid), None)

    def partner(self, pid: str, rated: bool = True) -> Entry | None:
        """Take the oldest waiting entry of another player who chose the same (``rated`` or casual) out of the
        queue (None when there is none)."""
        for t, e in self.waiting.items():
            if e.player["id"] != pid and e.rated == rated:
                del self.waiting[t]
                return e
        return None

    def add(self, player: dict, cards: list, label: str | None, now: float, rated: bool = True) -> Entry:
        """Queue a player. Raises OverflowError when the queue holds ``max_size`` entries."""
        if len(self.waiting) >= self.max_size:
            raise OverflowError("queue_full")
        e = Entry(secrets.token_urlsafe(16), player, cards, label, now, now, rated=rated)
        self.waiting[e.ticket] = e
        return e

    def bot_offer(self, e: Entry, now: float) -> bool:
        """Whether ``e`` has waited long enough (``bot_after`` s) to be offered a computer opponent."""
        return now - e.since >= self.bot_after

    def get(self, ticket: str, pid: str) -> Entry | None:
        """The entry (waiting or matched) of ``ticket`` if it belongs to player ``pid``."""
        e = self.waiting.get(ticket) or self.matched.get(ticket)
        return e if e is not None and e.player["id"] == pid else None


def queue_of(hub) -> MatchQueue:
    """The hub's queue (made on first use from the settings)."""
    q = getattr(hub, "match_queue", None)
    if q is None:
        s = hub.settings
        q = hub.match_queue = MatchQueue(s.queue_max, s.queue_poll_timeout, s.queue_bot_after)
    return q


async def _auth(request: Request):
    from .players_api import Unauthorized, current_player, unauthorized
    try:
        player = await current_player(request)
    except Unauthorized:
        return None, unauthorized(request)
    return (player, None) if player else (None, unauthorized(request))


def _matched(m: dict) -> JSONResponse:
    return JSONResponse({"status": "matched", **m})


def _waiting(e: Entry, q: MatchQueue, now: float) -> JSONResponse:
    return JSONResponse({"status": "waiting", "ticket": e.ticket, "waited": round(now - e.since, 1),
                         "bot_offer": q.bot_offer(e, now)}, status_code=202)


async def _pair(hub, first: Entry, player: dict, cards: list, label: str | None) -> dict:
    """A room for ``first`` (seat 1) and ``player`` (seat 2, returned ``{"room", "seat", "token"}``); ``first``'s
    seat goes into its entry for its next poll."""
    options = {"decks": [first.label, label], "clock": {"base": hub.settings.clock_base,
               "increment": hub.settings.clock_increment}, "spectators": True, "rated": first.rated}
    room, token = await hub.rooms.create(options, True, player=first.player["id"], name=first.player["name"],
                                         decks=[first.cards, None])
    answer = await hub.bus.mailbox.call(room, m.Claim(autopass=True, player=player["id"], name=player["name"],
                                                      deck=cards, label=label))
    first.match = {"room": room, "seat": 1, "token": token}
    return {"room": room, "seat": answer["seat"], "token": answer["token"]}


async def enqueue(request: Request):
    """POST /api/queue (see the module table); a repeat with the same ``Idempotency-Key`` gets the first answer
    (server/idempotency.py)."""
    hub = request.app.state.hub
    player, body, error = await _keyed(request, QUEUE_FIELDS)
    if error is not None:
        return error
    return await answers_of(hub).answer(request, player["id"], key_of(request), body,
                                        lambda: _enqueue(request, hub, player, body))


async def _keyed(request: Request, fields: frozenset):
    """``(player, body, None)`` of a queue request that creates (its ``Idempotency-Key`` checked, the player
    authenticated, the body read), else ``(None, None, the refusal)``."""
    try:
        key_of(request)
    except ValueError as e:
        return None, None, refused(request, e)
    player, error = await _auth(request)
    if error is not None:
        return None, None, error
    return player, await read_json(request, fields), None


async def _enqueue(request: Request, hub, player: dict, body: dict):
    """Queue ``player`` with the deck of ``body``, or pair it with the oldest waiting player (module table)."""
    from .lobby import deck_choice, rated_choice
    try:
        cards, label = deck_choice(hub, body.get("deck", hub.engine.deck_names()[0]), lang=request_lang(request))
        rated = rated_choice(body)
    except ValueError as e:
        return refused(request, e)
    q, now = queue_of(hub), time.monotonic()
    q.prune(now)
    mine = q.of_player(player["id"])
    if mine is not None:            # asked again (a second tab): the same place in the queue
        mine.polled = now
        return _waiting(mine, q, now)
    first = q.partner(player["id"], rated)
    if first is None:
        try:
            return _waiting(q.add(player, cards, label, now, rated), q, now)
        except OverflowError:
            return refuse(request, 503, "queue_full")
    q.matched[first.ticket] = first      # while the room is made, the first player's polls find it still waiting
    try:
        match = await _pair(hub, first, player, cards, label)
    except (RoomLimit, BusError):
        q.matched.pop(first.ticket, None)
        q.waiting[first.ticket] = first          # back in the queue, at the end
        q.waiting.move_to_end(first.ticket, last=False)
        return refuse(request, 503, "too_many_rooms", "no_room_now")
    first.polled = now
    return _matched(match)


async def poll(request: Request):
    """GET /api/queue/{ticket}."""
    hub = request.app.state.hub
    player, error = await _auth(request)
    if error is not None:
        return error
    q, now = queue_of(hub), time.monotonic()
    q.prune(now)
    ticket = request.path_params["ticket"]
    e = q.get(ticket, player["id"]) if TICKET_RE.fullmatch(ticket) else None
    if e is None:
        return refuse(request, 404, "not_queued")
    e.polled = now
    if e.match is not None:
        q.matched.pop(ticket, None)
        return _matched(e.match)
    return _waiting(e, q, now)


async def leave(request: Request):
    """DELETE /api/queue/{ticket}: the player's entry leaves the queue (a later poll is 404); 404 ``not_queued`` for
    a ticket that is not (or no longer) this player's."""
    hub = request.app.state.hub
    player, error = await _auth(request)
    if error is not None:
        return error
    q = queue_of(hub)
    ticket = request.path_params["ticket"]
    e = q.get(ticket, player["id"]) if TICKET_RE.fullmatch(ticket) else None
    if e is None:
        return refuse(request, 404, "not_queued")
    q.waiting.pop(ticket, None)
    q.matched.pop(ticket, None)
    return JSONResponse({"status": "left"})


async def level_near(hub, player: dict) -> str:
    """The computer's level near ``player``'s rating (bots/levels.py ``level_for_rating``; beginner for a new
    player or when the rating cannot be read)."""
    from bots import level_for_rating
    try:
        r = await hub.store.get_rating(player["id"])
    except Exception:       # the store is down: the gentlest level
        return "beginner"
    return level_for_rating(r.get("rating"), int(r.get("games") or 0))


async def play_bot(request: Request):
    """POST /api/queue/{ticket}/bot: leave the queue and play the computer with the queued deck; a repeat with the
    same ``Idempotency-Key`` gets the first answer (server/idempotency.py)."""
    hub = request.app.state.hub
    player, body, error = await _keyed(request, BOT_FIELDS)
    if error is not None:
        return error
    return await answers_of(hub).answer(request, player["id"], key_of(request), body,
                                        lambda: _play_bot(request, hub, player, body))


async def _play_bot(request: Request, hub, player: dict, body: dict):
    """Take ``player``'s waiting entry out of the queue into a game against the computer (module table)."""
    from .bot_levels import parse_level
    from .bot_seat import start_bot
    try:
        policy = parse_level(body.get("bot"), "") or await level_near(hub, player)
    except ValueError as e:      # UnknownLevel
        return refused(request, e)
    q = queue_of(hub)
    ticket = request.path_params["ticket"]
    e = q.waiting.get(ticket) if TICKET_RE.fullmatch(ticket) else None
    if e is None or e.player["id"] != player["id"]:
        return refuse(request, 404, "not_queued")
    del q.waiting[ticket]
    names = hub.engine.deck_names()
    other = next((n for n in names if n != e.label), names[0])
    options = {"decks": [e.label, other], "clock": {"base": hub.settings.clock_base,
               "increment": hub.settings.clock_increment}, "spectators": True, "rated": False}
    try:
        room, token = await hub.rooms.create(options, True, player=player["id"], name=player["name"],
                                             decks=[e.cards, None])
        await start_bot(hub, room, policy, hub.engine.load_deck(other), other)
    except (RoomLimit, BusError, ValueError):
        return refuse(request, 503, "too_many_rooms", "no_room_now")
    return _matched({"room": room, "seat": 1, "token": token})
