"""Seats and tokens: who sits in each seat of a room, the seat tokens (kept only hashed), and the seat flow (claim a
seat, choose a deck, deal once both seats and both decks are known).

Interface:

- :func:`hash_token` (hex SHA-256; rooms and snapshots keep only this);
- :class:`Seats`: per seat 1/2 ``tokens`` (hash or None), ``autopass``, ``players`` (registered player id or None),
  ``names`` (display name or None), and ``bots`` (seat "1"/"2" -> policy). A seat with a player or a bot but no
  token is reserved for them. Reads: ``seat_for(token)``, ``reserved(p)``, ``open()``, ``names_json()``,
  ``bots_json()``, ``seat_of_player(player)``, ``who(p)``; writes: ``reserve(reserved)``, ``issue(seat)``,
  ``claim(msg)``; ``to_state()`` / ``load_state(s)`` for the room's snapshot;
- the flow, on a room (server/room/room.py ``Room``): :func:`on_claim` and :func:`on_deck` answer the inbox's
  ``Claim`` / ``ChooseDeck`` (the reply dicts of server/bus/messages.py); both store the change, re-sync every
  connection and republish the lobby entry (:func:`changed_seats`); a rematch room, once dealt, tells the finished
  room it was asked in (:func:`tell_rematch_started`).
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets

from .. import wire
from ..bus import BusError
from ..bus import messages as m

log = logging.getLogger("server.room")


def hash_token(token: str) -> str:
    """Hex SHA-256 of a seat token (rooms and snapshots keep only this)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Seats:
    """The two seats of a room (module docstring)."""

    __slots__ = ("tokens", "autopass", "players", "bots", "names")

    def __init__(self) -> None:
        self.tokens: dict[int, str | None] = {1: None, 2: None}     # seat -> token hash
        self.autopass = {1: True, 2: True}
        self.players: dict[int, str | None] = {1: None, 2: None}   # seat -> registered player id (server/store)
        self.bots: dict[str, str] = {}                             # seat ("1"/"2") -> bot policy of a computer seat
        self.names: dict[int, str | None] = {1: None, 2: None}     # seat -> display name (server/names.py)

    def names_json(self) -> dict:
        """Seat -> display name (None for an anonymous, free or bot seat): ``{"1": name, "2": name}``."""
        return {str(p): self.names[p] for p in (1, 2)}

    def bots_json(self) -> dict:
        """Seat -> the bot policy sitting there, or None: ``{"1": None, "2": "heuristic"}``."""
        return {str(p): self.bots.get(str(p)) for p in (1, 2)}

    def reserved(self, p: int) -> bool:
        """Seat ``p`` belongs to a known player or a bot (taken or not)."""
        return self.players[p] is not None or str(p) in self.bots

    def open(self) -> bool:
        """Anyone may take seat 2."""
        return self.tokens[2] is None and not self.reserved(2)

    def seat_for(self, token) -> int | None | bool:
        """Seat 1/2 for a matching token, None for no token, False for a token matching no seat."""
        if token is None:
            return None
        h = hash_token(token) if isinstance(token, str) else ""
        found = False
        for p in (1, 2):   # compare against both seats in constant time
            if self.tokens[p] is not None and hmac.compare_digest(h, self.tokens[p]):
                found = p
        return found

    def seat_of_player(self, player: str | None) -> int | None:
        """The seat of registered player ``player``, or None."""
        return next((p for p in (1, 2) if player is not None and self.players[p] == player), None)

    def who(self, p: int) -> dict | None:
        """Who sits in seat ``p``, as a rematch reserves it: ``{"bot": policy}``, ``{"player", "name"}`` or None."""
        if str(p) in self.bots:
            return {"bot": self.bots[str(p)]}
        return {"player": self.players[p], "name": self.names[p]} if self.players[p] else None

    def reserve(self, reserved: dict) -> None:
        """Reserve seats for known players or bots: seat ("1"/"2") -> ``{"player", "name"}`` or ``{"bot": policy}``."""
        for seat, who in reserved.items():
            p = int(seat)
            if who and who.get("bot"):
                self.bots[str(p)] = who["bot"]
            elif who:
                self.players[p], self.names[p] = who.get("player"), who.get("name")

    def issue(self, seat: int) -> str:
        """A fresh token for ``seat`` (the old one stops working); returns it, keeps its hash."""
        token = secrets.token_urlsafe(32)
        self.tokens[seat] = hash_token(token)
        return token

    def seat_to_claim(self, msg: m.Claim) -> int | None:
        """The seat a claim gets: the seat of the claiming player (by id), or the reserved seat of its bot, else a
        free seat 2."""
        for p in (1, 2):
            if msg.player is not None and self.players[p] == msg.player:
                return p
            if msg.bot is not None and self.bots.get(str(p)) == msg.bot and self.tokens[p] is None:
                return p
        if self.tokens[2] is None and not self.reserved(2):
            return 2
        return None

    def claim(self, seat: int, msg: m.Claim) -> str:
        """Seat the claimant of ``msg`` in ``seat``: a fresh token (returned), its autopass, its bot or player."""
        token = self.issue(seat)
        self.autopass[seat] = bool(msg.autopass)
        if msg.bot:
            self.bots[str(seat)] = msg.bot
        elif msg.player is not None and self.players[seat] in (None, msg.player):
            # a seat reserved for this player (a rematch) takes the name the player has now
            self.players[seat], self.names[seat] = msg.player, msg.name or self.names[seat]
        return token

    def to_state(self) -> dict:
        """The seats as the room's snapshot keeps them (tokens hashed)."""
        return {"tokens": {"1": self.tokens[1], "2": self.tokens[2]},
                "autopass": {"1": self.autopass[1], "2": self.autopass[2]},
                "players": {"1": self.players[1], "2": self.players[2]}, "bots": self.bots,
                "names": {"1": self.names[1], "2": self.names[2]}}

    def load_state(self, s: dict) -> None:
        """Set the seats from :meth:`to_state` output (older snapshots may lack players, bots and names)."""
        self.tokens = {1: s["tokens"]["1"], 2: s["tokens"]["2"]}
        self.autopass = {1: s["autopass"]["1"], 2: s["autopass"]["2"]}
        seats = s.get("players") or {}
        self.players = {1: seats.get("1"), 2: seats.get("2")}
        self.bots = dict(s.get("bots") or {})
        names = s.get("names") or {}
        self.names = {1: names.get("1"), 2: names.get("2")}


# -- the seat flow ---------------------------------------------------------------------------------------------------
async def on_claim(room, msg: m.Claim) -> dict:
    """HTTP "join": a player who sits here (or for whom the seat was reserved) gets a fresh token for that seat;
    anyone else takes a free seat 2. A deck given before the deal replaces the seat's. Once both seats and both
    decks are known the game is dealt (everyone re-synced). Answers ``{"ok": True, "seat", "token", "room"}`` or
    ``{"ok": False, "code": "seat_taken", "msg"}``."""
    seat = room.seats.seat_to_claim(msg)
    if seat is None:
        return {"ok": False, "code": "seat_taken", "msg": "Both seats of this room are taken."}
    replaced = room.seats.tokens[seat] is not None
    token = room.seats.claim(seat, msg)
    choose_deck(room, seat, msg.deck, msg.label)
    await changed_seats(room)      # the new seat's token is durable before anyone hears of it
    if replaced:
        await revoke(room, seat)
    return {"ok": True, "seat": seat, "token": token, "room": room.id}


async def revoke(room, seat: int) -> None:
    """The seat's token changed: the connections opened with the old one are closed (4012, seat token replaced:
    unlike 4002, superseded, the old token cannot take the seat back)."""
    old = [c for c, s in room.audience.conns.items() if s == seat]
    for c in old:
        await room.audience.detach(c)
    if old:
        await room.bus.fanout.deliver(old, None, wire.CLOSE_SEAT_REPLACED)


async def on_deck(room, msg: m.ChooseDeck) -> dict:
    """A seated player chooses its deck before the deal. Answers ``{"ok": True, "seat"}`` or ``{"ok": False,
    "code": "unauthorized" | "already_dealt", "msg", "text"?}`` (``text``: the sentence key of
    server/error_texts.py when it is not the code)."""
    seat = room.seats.seat_for(msg.token)
    if not seat:
        return {"ok": False, "code": "unauthorized", "text": "bad_seat_token",
                "msg": "The seat token is not valid for this room."}
    if room.game is not None:
        return {"ok": False, "code": "already_dealt", "msg": "The game has been dealt; decks are fixed."}
    choose_deck(room, seat, msg.deck, msg.label)
    await changed_seats(room)
    return {"ok": True, "seat": seat}


def choose_deck(room, seat: int, deck, label) -> None:
    """Seat ``seat`` plays ``deck`` (card ids) labelled ``label``, unless there is no deck or the game is dealt."""
    if deck is not None and room.game is None:
        room.decks[seat - 1] = list(deck)
        labels = list(room.options["decks"])
        labels[seat - 1] = label
        room.options["decks"] = labels


def ready(room) -> bool:
    """Both seats are taken and both decks known, and nothing is dealt yet."""
    return room.game is None and all(room.seats.tokens[p] is not None and room.decks[p - 1] is not None
                                     for p in (1, 2))


async def changed_seats(room) -> None:
    """After a claim or a deck choice: deal when ready, store, re-sync everyone, republish the lobby entry; a
    rematch room just dealt tells the finished room it was asked in (:func:`tell_rematch_started`)."""
    dealt = ready(room)
    if dealt:
        room.deal()
    await room.store.commit()
    await room.audience.sync_all()
    await room.lobby.publish()
    if dealt:
        await tell_rematch_started(room)


async def tell_rematch_started(room) -> None:
    """``room``, a rematch room (``options["rematch_of"]``: the finished room it was asked in), was just dealt: tell
    that room (a ``Rematch`` with ``started``, sent without waiting for an answer; server/room/rematch.py). A
    finished room that is gone or unreachable is not told (logged): its players then learn it when they answer the
    offer (``rematch_started``)."""
    await _tell_finished_room(room, m.Rematch(started=True), "the rematch started")


async def on_renamed(room, msg: m.Renamed) -> None:
    """The inbox's ``Renamed``: the seats of ``msg.player`` show ``msg.name`` from now on (stored, everyone
    re-synced, the lobby entry republished); nothing happens for a player not seated here or named so already."""
    seats = room.seats
    changed = [p for p in (1, 2) if seats.players[p] == msg.player and seats.names[p] != msg.name]
    if not changed:
        return
    for p in changed:
        seats.names[p] = msg.name
    await room.store.commit()
    await room.audience.sync_all()
    await room.lobby.publish()


async def tell_rematch_withdrawn(room, seat: int) -> None:
    """``room``, a rematch room, closes before its deal because the player in ``seat`` aborted it: tell the
    finished room, as if that player declined the rematch there (a ``Rematch`` with ``decline``, sent without
    waiting for an answer), so that its offer is not left open to a room that is gone. Nothing for other rooms,
    or a seat without a registered player."""
    player = room.seats.players.get(seat) if seat in (1, 2) else None
    if player is not None:
        await _tell_finished_room(room, m.Rematch(player=player, decline=True), "the rematch was withdrawn")


async def _tell_finished_room(room, msg, what: str) -> None:
    old = room.options.get("rematch_of")
    if old is None:
        return
    try:
        await room.bus.mailbox.send(old, msg)
    except BusError as e:
        log.info("room %s: its finished room %s was not told %s (%s)", room.id, old, what, e.code)
