"""Room chat: the players' room chat and a separate spectators' chat.

Channels: ``players`` (written and read by the two seats; spectators do not read it, so the e2e contract "a
message reaches the other player and not the spectators" holds) and ``spectators`` (written and read by spectators;
a seat never receives it while the game runs, so spectators cannot pass hidden information to a player; once the
game is over the seats may read it too). Each room keeps the last ``HISTORY`` lines per channel (sent after a
join's sync) and rate-limits each connection, each client address (however many connections it opens) and each
channel of the room as a whole (however many addresses write to it). A line must hold a visible character: a
letter, digit, punctuation mark or symbol other than the blank-looking fillers (U+3164, U+2800, ...). Text is
plain: clients insert it as text, never as HTML.
"""
from __future__ import annotations

import unicodedata
from collections import deque

from protocol.messages import Chat

CHAT_MAX = 120          # characters in one message (and at most protocol.codec.MAX_STR bytes on the wire)
HISTORY = 50            # lines kept per channel
RATE = 0.5              # messages a second, sustained, per connection
BURST = 5               # messages a connection may send at once
ROOM_RATE = 2.0         # messages a second, sustained, per channel of a room (all its writers together)
ROOM_BURST = 10
ADDRESSES = 1000        # address buckets kept per room (the oldest forgotten first)
BAD = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
#: letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern, ...)
BLANK = frozenset("ᅟᅠㅤﾠ⠀᠎឴឵")


def visible(ch: str) -> bool:
    """Whether ``ch`` draws something: a letter, mark, digit, punctuation or symbol that is not in :data:`BLANK`."""
    return unicodedata.category(ch)[0] in "LMNPS" and ch not in BLANK


class ChatRefused(Exception):
    """A message the room does not accept: ``code`` is ``bad_message`` or ``chat_limited``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def clean_text(raw: str) -> str:
    """``raw`` NFC-normalized and stripped. Raises ChatRefused("bad_message") when empty, longer than CHAT_MAX
    characters, holding a control / invisible / unassigned character, or without a visible character."""
    text = unicodedata.normalize("NFC", raw).strip()
    if not text or len(text) > CHAT_MAX or any(unicodedata.category(ch) in BAD for ch in text) \
            or not any(visible(ch) for ch in text):
        raise ChatRefused("bad_message")
    return text


def channel_of(seat) -> str:
    """The channel a viewer writes to: ``players`` for seat 1/2, ``spectators`` for a spectator (None)."""
    return "players" if seat in (1, 2) else "spectators"


def reads(seat, channel: str, finished: bool) -> bool:
    """Whether viewer ``seat`` (1, 2, None) receives ``channel``: seats read the players' chat (and the spectators'
    once the game is over), spectators read their own."""
    if seat in (1, 2):
        return channel == "players" or finished
    return channel == "spectators"


class RoomChat:
    """The chat of one room (owned by the room task). Times are ``time.monotonic()`` seconds."""

    def __init__(self) -> None:
        self.lines = {"players": deque(maxlen=HISTORY), "spectators": deque(maxlen=HISTORY)}
        self.count = {"players": 0, "spectators": 0}
        self.buckets: dict[str, tuple[float, float]] = {}     # conn id -> (tokens, last time)
        self.addresses: dict[str, tuple[float, float]] = {}   # client address -> (tokens, last time)
        self.rooms: dict[str, tuple[float, float]] = {}       # channel -> (tokens, last time)

    def _admit(self, conn: str, addr: str, channel: str, now: float) -> bool:
        """Take one message from the connection's, the address's and the channel's buckets; False (nothing taken)
        when any is empty."""
        books = [(self.buckets, conn, RATE, BURST), (self.rooms, channel, ROOM_RATE, ROOM_BURST)]
        if addr:
            books.append((self.addresses, addr, RATE, BURST))
        filled = []
        for book, key, rate, burst in books:
            tokens, last = book.get(key, (float(burst), now))
            filled.append(min(float(burst), tokens + (now - last) * rate))
        ok = all(t >= 1.0 for t in filled)
        for (book, key, _, _), tokens in zip(books, filled):
            book.pop(key, None)
            book[key] = (tokens - 1.0 if ok else tokens, now)
        while len(self.addresses) > ADDRESSES:
            self.addresses.pop(next(iter(self.addresses)))
        return ok

    def forget(self, conn: str) -> None:
        """Drop the rate bucket of a connection that left."""
        self.buckets.pop(conn, None)

    def post(self, conn: str, seat, name: str, raw: str, now: float, addr: str = "") -> Chat:
        """Accept one message from connection ``conn`` (client address ``addr``, "" when unknown) of viewer
        ``seat`` named ``name``; returns the Chat frame to deliver (to the viewers :func:`reads` allows). Raises
        ChatRefused (nothing is kept)."""
        text = clean_text(raw)
        channel = channel_of(seat)
        if not self._admit(conn, addr, channel, now):
            raise ChatRefused("chat_limited")
        self.count[channel] += 1
        line = Chat(channel, seat if seat in (1, 2) else None, name, text, self.count[channel])
        self.lines[channel].append(line)
        return line

    def history(self, seat, finished: bool) -> list[Chat]:
        """The kept lines viewer ``seat`` may read, oldest first."""
        return [line for ch in ("players", "spectators") if reads(seat, ch, finished) for line in self.lines[ch]]
