"""The typed messages of a room's inbox (server code only; clients never write them directly).

Sent through :class:`server.bus.interfaces.Mailbox` by connections (server/ws.py), the lobby and bots; ``Fenced``
and ``BackendBack`` are queued by a networked mailbox itself. A networked backend carries them as msgpack maps
(:func:`to_wire` / :func:`from_wire`): ``{"k": kind, field: value, ...}``.

To add a field (e.g. a deck choice on ``Claim``), give it a default here, so older senders and stored messages stay
valid.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Attach:
    """A connection joins the room: ``token`` = a seat token (None = spectator); ``v`` the version it has (or
    None). The room answers with a sync (or an error and a close) through the fan-out."""

    conn: str
    token: str | None = None
    v: int | None = None


@dataclass(frozen=True, slots=True)
class Detach:
    """A connection left the room."""

    conn: str


@dataclass(frozen=True, slots=True)
class Act:
    """A client action frame: ``id`` the client action id, ``v`` the version it was built on, ``action`` the
    engine action dict, ``ts`` the monotonic time it arrived (None when it crossed processes)."""

    conn: str
    id: str
    v: int
    action: dict
    ts: float | None = None


@dataclass(frozen=True, slots=True)
class Resync:
    """The connection asks for a full sync again."""

    conn: str


@dataclass(frozen=True, slots=True)
class Probe:
    """(From a relay, docs/scaling.md "Relays") the relayed connections ``conns`` ask where the room is: the room
    answers each with a checkpoint through the fan-out (``FanOut.checkpoint``), ordered after every frame it sent
    them before; a relay that has not seen the checkpoint's version by then lost a frame."""

    conns: list


@dataclass(frozen=True, slots=True)
class Claim:
    """HTTP "join" (request/reply): a free seat 2, or the seat of ``player`` (a registered player id) / of a bot
    ``bot`` (policy) when it sits here or the seat is reserved for it. ``name``: the player's display name,
    ``deck``/``label``: the seat's deck (card ids and its label) when chosen now. Answered ``{"ok": True, "seat",
    "token", "room"}`` or ``{"ok": False, "code", "msg"}``."""

    autopass: bool = True
    reply_to: str = ""
    player: str | None = None      # the registered player taking the seat (server/store), None = anonymous
    bot: str | None = None         # the bot policy when the computer takes the seat (server/bot_seat.py)
    name: str | None = None
    deck: list | None = None
    label: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseDeck:
    """A seated player (``token``) chooses its deck before the deal (request/reply): ``{"ok": True,
    "seat"}`` or ``{"ok": False, "code", "msg"}``."""

    token: str
    deck: list
    label: str | None = None
    reply_to: str = ""


@dataclass(frozen=True, slots=True)
class EndGame:
    """A seated player (``token``) claims the win over an away opponent (``kind`` "claim") or aborts the game
    (``kind`` "abort"), or the server cancels a rematch room its opponent declined before the deal (``kind``
    "cancel", no token: ``player`` declines), request/reply: ``{"ok": True, "result"}`` or ``{"ok": False, "code", "msg"}``
    (server/room/endings.py)."""

    token: str | None
    kind: str
    reply_to: str = ""
    player: str | None = None      # "cancel": the registered player (one of the room's two) who declines


@dataclass(frozen=True, slots=True)
class Renamed:
    """A registered ``player`` took a new display ``name`` (server/accounts/api.py): the room shows it on the
    player's seat (server/room/seats.py ``on_renamed``). No answer."""

    player: str
    name: str


@dataclass(frozen=True, slots=True)
class Rematch:
    """The registered ``player`` of a finished game asks for a rematch (request/reply): ``{"ok": True,
    "room"}`` (plus ``"create": spec`` for the first ask) or ``{"ok": False, "code", "msg"}``. ``decline``: the
    player declines (or, having asked, withdraws) the rematch offered instead; ``started`` (no player, no reply):
    the rematch room tells the finished room it was dealt (server/room/rematch.py)."""

    player: str | None = None
    reply_to: str = ""
    decline: bool = False
    started: bool = False


@dataclass(frozen=True, slots=True)
class Say:
    """A chat line from a connection (server/chat.py); ``addr``: the client's address ("" unknown)."""

    conn: str
    text: str
    addr: str = ""


@dataclass(frozen=True, slots=True)
class Status:
    """Request/reply: answered with the room's lobby entry (``Room.info``)."""

    reply_to: str = ""


@dataclass(frozen=True, slots=True)
class Shutdown:
    """The process stops: save the snapshot, close the connections with 1012, end the task."""


@dataclass(frozen=True, slots=True)
class Fenced:
    """(From the mailbox) another process holds the room's lease now: write nothing more, end."""


@dataclass(frozen=True, slots=True)
class BackendBack:
    """(From the mailbox) the backend was unreachable or lost its data: store the state again, resync everyone."""


Message = (Attach | Detach | Act | Resync | Probe | Claim | ChooseDeck | EndGame | Rematch | Renamed | Say | Status | Shutdown
           | Fenced | BackendBack)

#: wire kind -> class (the kinds are the ones the server used before these classes existed)
KINDS: dict[str, type] = {"attach": Attach, "detach": Detach, "action": Act, "resync": Resync, "probe": Probe, "claim": Claim,
                          "deck": ChooseDeck, "end": EndGame, "rematch": Rematch, "renamed": Renamed, "chat": Say, "status": Status, "shutdown": Shutdown, "fenced": Fenced, "redis_back": BackendBack}
_KIND_OF = {cls: kind for kind, cls in KINDS.items()}


def kind(msg) -> str:
    """The wire kind of a message (``"attach"`` ...). Raises KeyError for a non-message."""
    return _KIND_OF[type(msg)]


def to_wire(msg) -> dict:
    """``{"k": kind, **fields}`` (msgpack-able)."""
    return {"k": _KIND_OF[type(msg)], **{f.name: getattr(msg, f.name) for f in dataclasses.fields(msg)}}


def from_wire(data: dict):
    """The message a :func:`to_wire` map describes; unknown fields are ignored (a newer sender). Raises
    ValueError for an unknown kind or a missing required field."""
    if not isinstance(data, dict) or data.get("k") not in KINDS:
        raise ValueError(f"not an inbox message: {str(data)[:80]}")
    cls = KINDS[data["k"]]
    names = {f.name for f in dataclasses.fields(cls)}
    try:
        return cls(**{k: v for k, v in data.items() if k in names})
    except TypeError as e:
        raise ValueError(f"bad {data['k']} message: {e}") from None
