"""The SQL tables of the store (SQLAlchemy Core). The migrations in server/store/migrations/versions create them;
this module is the reference the store's queries use (keep both in step: a new column = a new migration)."""
from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

players = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    # the uniqueness keys of the name (server/namekey.py), each under a unique index; always set
    sa.Column("name_key", sa.String(128), nullable=True),
    sa.Column("name_key_lower", sa.String(128), nullable=True),
    sa.Column("name_changed", sa.Float, nullable=True),           # Unix s of the last rename
    sa.Column("password_hash", sa.String(255), nullable=True),    # argon2id (server/accounts/passwords.py)
    sa.Column("lang", sa.String(8), nullable=True),               # "ru" | "en" | None (the browser's)
)

sessions = sa.Table(                                              # one per signed-in browser
    "sessions", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("secret_hash", sa.String(64), nullable=False),      # SHA-256 of the session secret
    sa.Column("created", sa.Float, nullable=False),
)

decks = sa.Table(
    "decks", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("cards", sa.JSON, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(64), primary_key=True),            # the room id
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("decks", sa.JSON, nullable=False),                  # [[card id...], [card id...]]
    sa.Column("deck_names", sa.JSON, nullable=False),             # [name1, name2]
    sa.Column("log", sa.JSON, nullable=False),                    # [[player, action], ...] (engine Game.log)
    sa.Column("result", sa.JSON, nullable=False),                 # {"winner", "reason"}
    sa.Column("player1", sa.String(32), nullable=True, index=True),
    sa.Column("player2", sa.String(32), nullable=True, index=True),
    sa.Column("names", sa.JSON, nullable=False),                  # {"1": name | None, "2": ...}
    sa.Column("bots", sa.JSON, nullable=False),                   # {"2": policy} for computer seats
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("started", sa.Float, nullable=False, index=True),   # Unix s
    sa.Column("duration", sa.Float, nullable=False),              # s
    sa.Column("version", sa.Integer, nullable=False),             # final room version
    sa.Column("options", sa.JSON, nullable=False),                # room options (clock, spectators ...)
)

ratings = sa.Table(
    "ratings", metadata,
    sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False, index=True),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("vol", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

live_rooms = sa.Table(
    "live_rooms", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("snapshot", sa.LargeBinary, nullable=False),        # server.room Room.snapshot()
    sa.Column("updated", sa.Float, nullable=False),
)

room_log = sa.Table(
    "room_log", metadata,
    sa.Column("room", sa.String(64), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),               # the room's commit number (one per change)
    sa.Column("entry", sa.LargeBinary, nullable=False),           # msgpack, server/room/persistence.py log_entry()
)

rating_history = sa.Table(                                        # one row per player and rated game
    "rating_history", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

friends = sa.Table(                                               # "player added friend"; both ways = friends
    "friends", metadata,
    sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("friend", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True,
              index=True),
    sa.Column("created", sa.Float, nullable=False),
)

challenges = sa.Table(                                            # direct challenges between friends
    "challenges", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("sender", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("target", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("deck", sa.JSON, nullable=True),                    # the sender's deck choice
    sa.Column("clock", sa.JSON, nullable=True),                   # {"preset", "base", "increment"} | None
    sa.Column("status", sa.String(16), nullable=False),           # open | accepted | declined | cancelled
    sa.Column("room", sa.String(64), nullable=True),              # the room once accepted
    sa.Column("created", sa.Float, nullable=False),
)
