"""The store's interface (re-exported by :mod:`server.store`): :class:`Store`, :class:`StoreError`, the limits
and the secret hash. See server/store/__init__.py for what is kept."""
from __future__ import annotations

import hashlib
import hmac
import logging
import unicodedata
from abc import ABC, abstractmethod

log = logging.getLogger("berserk.store")

#: A player's rating before any rated game (Glicko-2 defaults, Glickman's paper).
DEFAULT_RATING = {"rating": 1500.0, "rd": 350.0, "vol": 0.06}
NAME_MAX = 40          # characters in a player name
DECK_NAME_MAX = 60     # characters in a deck name
DECK_MAX_CARDS = 200   # card ids in a saved deck (the deck rules proper live in the engine validator)


class StoreError(Exception):
    """A store call with bad arguments: ``code`` (``bad_name``, ``bad_cards``, ``bad_game``, ``unavailable``)
    and an English sentence. Nothing was changed."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def hash_secret(secret: str) -> str:
    """Hex SHA-256 of a player's secret (a random token of >= 128 bits, so no slow hash is needed)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def secret_matches(secret: str, secret_hash: str) -> bool:
    """Constant-time comparison of ``hash_secret(secret)`` with a stored hash."""
    return isinstance(secret, str) and hmac.compare_digest(hash_secret(secret), secret_hash or "")


def clean_name(name, limit: int) -> str:
    """``name`` stripped; raises StoreError("bad_name") unless it is a str of 1..limit characters without
    control characters."""
    if not isinstance(name, str):
        raise StoreError("bad_name", "The name must be a string.")
    name = name.strip()
    if not 1 <= len(name) <= limit:
        raise StoreError("bad_name", f"The name must have 1 to {limit} characters.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise StoreError("bad_name", "The name must not contain control characters.")
    return name


def names_now(names: dict | None, seats: dict, now: dict[str, str]) -> dict:
    """A game's seat names (seat "1"/"2" -> name played under) with each registered player's (``seats``: seat ->
    player id) replaced by the name in ``now`` (id -> name), when there is one."""
    return dict(names or {}, **{s: now[pid] for s, pid in seats.items() if pid in now})


async def rooms_names_now(store: "Store", rooms: list) -> dict:
    """Room id -> its seats' names with each registered player under the name they have now, for the rooms
    ``rooms`` (lobby entries: ``id``, ``players`` seat -> name, ``owners`` seat -> player id) whose names changed
    since (a rename after the room was made). The store unreachable: ``{}`` (the names the rooms were made with)."""
    ids = {pid for r in rooms for pid in (r.get("owners") or {}).values() if pid}
    if not ids:
        return {}
    try:
        now = await store.player_names(ids)
    except Exception:
        log.warning("the players' current names could not be read", exc_info=True)
        return {}
    out = {}
    for r in rooms:
        names = names_now(r.get("players"), {s: p for s, p in (r.get("owners") or {}).items() if p}, now)
        if names != r.get("players"):
            out[r["id"]] = names
    return out


class Store(ABC):
    """Persistence of players, saved decks, finished games, ratings and live rooms (all methods async)."""

    #: False for a store that dies with the process (an in-memory database: tests); live rooms then stay in memory.
    durable: bool = True
    #: ``(transactions, writes)`` of live rooms committed so far (a group commit writes several in one transaction).
    live_transactions: tuple[int, int] = (0, 0)

    async def start(self) -> None:
        """Connect and run the schema migrations (Alembic) up to the newest. Called once before use."""

    async def close(self) -> None:
        """Release the connections."""

    # -- players -----------------------------------------------------------------------------------------------
    @abstractmethod
    async def create_player(self, name: str, secret_hash: str) -> dict:
        """A new player ``{"id", "name", "created"}`` whose first session has ``secret_hash``. Raises
        StoreError("bad_name") for an empty or overlong name (over NAME_MAX characters after stripping) or one with
        control characters, StoreError("name_taken") for a name the same as another player's."""

    @abstractmethod
    async def get_player(self, player_id: str) -> dict | None:
        """``{"id", "name", "created"}`` or None."""

    @abstractmethod
    async def player_names(self, player_ids) -> dict[str, str]:
        """The names the players ``player_ids`` (an iterable of ids) have now: id -> name, for those that exist."""

    @abstractmethod
    async def verify_player(self, player_id: str, secret: str) -> dict | None:
        """The player (with ``"session"``: the id of the session ``secret`` belongs to) when ``secret`` is one of
        theirs (constant-time hash comparison), else None."""

    @abstractmethod
    async def rename_player(self, player_id: str, name: str) -> dict | None:
        """The renamed player, or None when there is no such player. Raises StoreError("bad_name") /
        ("name_taken")."""

    # -- saved decks -------------------------------------------------------------------------------------------
    @abstractmethod
    async def create_deck(self, owner: str, name: str, cards: list[str]) -> dict:
        """A new saved deck of ``owner``. Raises StoreError("bad_name") / ("bad_cards") / ("no_player")."""

    @abstractmethod
    async def list_decks(self, owner: str) -> list[dict]:
        """The owner's decks, the most recently updated first."""

    @abstractmethod
    async def get_deck(self, owner: str, deck_id: str) -> dict | None:
        """One deck of ``owner`` (another player's deck is None)."""

    @abstractmethod
    async def update_deck(self, owner: str, deck_id: str, *, name: str | None = None,
                          cards: list[str] | None = None) -> dict | None:
        """Change the name and/or the cards; the updated deck, or None when the owner has no such deck."""

    async def rename_deck(self, owner: str, deck_id: str, name: str) -> dict | None:
        """Rename one deck (see :meth:`update_deck`)."""
        return await self.update_deck(owner, deck_id, name=name)

    @abstractmethod
    async def duplicate_deck(self, owner: str, deck_id: str, name: str | None = None) -> dict | None:
        """A copy of the deck (named ``name``, default ``"<name> (2)"``), or None when the owner has no such deck."""

    @abstractmethod
    async def delete_deck(self, owner: str, deck_id: str) -> bool:
        """Delete one deck; False when the owner has no such deck."""

    # -- finished games ----------------------------------------------------------------------------------------
    @abstractmethod
    async def record_game(self, game: dict) -> bool:
        """Keep a finished game forever (fields in the module docstring; ``names`` defaults to the players' names).
        When ``game["rated"]``, both players' Glicko-2 ratings (server/store/ratings.py) are updated in the same
        transaction. Returns False (and changes nothing) when a game with that id is recorded already, so a game
        is rated once. Raises StoreError("bad_game") for a missing field."""

    @abstractmethod
    async def list_games(self, player_id: str, limit: int = 50, before: float | None = None) -> list[dict]:
        """The player's games, newest first, started before ``before`` (paging); each without ``log``, ``seed``
        and ``decks``; ``names`` of the seats of registered players are their names now (a rename since shows)."""

    @abstractmethod
    async def get_game(self, game_id: str) -> dict | None:
        """One recorded game with everything, or None."""

    # -- ratings -----------------------------------------------------------------------------------------------
    @abstractmethod
    async def get_rating(self, player_id: str) -> dict:
        """``{"player", "rating", "rd", "vol", "games", "updated"}`` (DEFAULT_RATING, 0 games, for a new player)."""

    @abstractmethod
    async def update_ratings(self, ratings: list[dict]) -> None:
        """Store several players' ratings in one transaction."""

    @abstractmethod
    async def leaderboard(self, limit: int = 50, offset: int = 0, min_games: int = 1) -> list[dict]:
        """Rated players with at least ``min_games`` rated games, best rating first: ``{"player", "name", "rating",
        "rd", "games"}``."""

    # -- live rooms (server/store/rooms.py) --------------------------------------------------------------------
    @abstractmethod
    async def write_rooms(self, items: list[tuple[str, str, int, bytes]]) -> None:
        """The one write of live rooms: several writes in one transaction, in order: ``("save", room_id, 0,
        snapshot)`` replaces the room's snapshot and drops its log entries (the snapshot includes them);
        ``("append", room_id, seq, entry)`` appends one change after the snapshot (``seq``: the room's commit
        number). All are durable when this returns, or none was written: raises StoreError("bad_entry") when a
        ``seq`` is logged already."""

    async def save_room(self, room_id: str, blob: bytes) -> None:
        """``write_rooms([("save", room_id, 0, blob)])``."""
        await self.write_rooms([("save", room_id, 0, blob)])

    async def append_room_log(self, room_id: str, seq: int, entry: bytes) -> None:
        """``write_rooms([("append", room_id, seq, entry)])``."""
        await self.write_rooms([("append", room_id, int(seq), entry)])

    @abstractmethod
    async def load_room(self, room_id: str) -> tuple[bytes, list[bytes]] | None:
        """``(snapshot, [log entries after it, in seq order])`` or None."""

    @abstractmethod
    async def delete_room(self, room_id: str) -> None:
        """Forget a live room (closed)."""

    @abstractmethod
    async def room_ids(self) -> list[str]:
        """Ids of every stored live room."""
