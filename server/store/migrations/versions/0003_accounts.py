"""Accounts: unique names, sessions, passwords, rating history, friends, challenges.

Each player gets the two uniqueness keys of its name (server/namekey.py), unique from now on. Names that
are taken already (the same keys as an older player's) are renamed: the older player (smaller ``created``, then id)
keeps the name, a later one gets a suffix ``" 2"``, ``" 3"`` ... (the first free one); a name the display-name rules
refuse now (only invisible characters ...) becomes ``"Player"`` with a suffix. Each player's secret becomes its
first session; ``players.secret_hash`` goes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""
import secrets

from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

FALLBACK = "Player"
NAME_MAX = 24           # characters in a display name (server/names.py at this revision)


def unique_names(rows):
    """``[(id, new name, upper key, lower key)]`` for ``rows`` = ``[(id, name)]`` in age order (oldest first): the
    first holder of a name keeps it, later ones get the first free suffix."""
    import unicodedata
    from server.namekey import name_keys, printable
    taken_upper, taken_lower, out = set(), set(), []
    for pid, name in rows:
        base = " ".join(unicodedata.normalize("NFC", name).split())
        if not printable(base) or len(base) > NAME_MAX:
            base = FALLBACK
        candidate, n = base, 1
        while True:
            upper, lower = name_keys(candidate)
            if upper not in taken_upper and lower not in taken_lower:
                break
            n += 1
            suffix = f" {n}"
            candidate = base[:NAME_MAX - len(suffix)].rstrip() + suffix
        taken_upper.add(upper)
        taken_lower.add(lower)
        out.append((pid, candidate, upper, lower))
    return out


def upgrade() -> None:
    op.add_column("players", sa.Column("name_key", sa.String(128), nullable=True))
    op.add_column("players", sa.Column("name_key_lower", sa.String(128), nullable=True))
    op.add_column("players", sa.Column("name_changed", sa.Float, nullable=True))
    op.add_column("players", sa.Column("password_hash", sa.String(255), nullable=True))
    op.add_column("players", sa.Column("lang", sa.String(8), nullable=True))
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_player", "sessions", ["player"])
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, name, secret_hash, created FROM players ORDER BY created, id")).all()
    for pid, name, upper, lower in unique_names([(r.id, r.name) for r in rows]):
        bind.execute(sa.text("UPDATE players SET name = :n, name_key = :u, name_key_lower = :l WHERE id = :id"),
                     {"n": name, "u": upper, "l": lower, "id": pid})
    for r in rows:
        bind.execute(sa.text("INSERT INTO sessions (id, player, secret_hash, created) VALUES (:id, :p, :h, :c)"),
                     {"id": secrets.token_hex(8), "p": r.id, "h": r.secret_hash, "c": r.created})
    op.create_index("ix_players_name_key", "players", ["name_key"], unique=True)
    op.create_index("ix_players_name_key_lower", "players", ["name_key_lower"], unique=True)
    op.execute("ALTER TABLE players DROP COLUMN secret_hash")
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["player"])
    op.create_table(
        "friends",
        sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("friend", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_friends_friend", "friends", ["friend"])
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("sender", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("target", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("deck", sa.JSON, nullable=True),
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("room", sa.String(64), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_challenges_sender", "challenges", ["sender"])
    op.create_index("ix_challenges_target", "challenges", ["target"])


def downgrade() -> None:
    for table in ("challenges", "friends", "rating_history"):
        op.drop_table(table)
    op.add_column("players", sa.Column("secret_hash", sa.String(64), nullable=False, server_default=""))
    op.execute("UPDATE players SET secret_hash = COALESCE((SELECT s.secret_hash FROM sessions s WHERE s.player = "
               "players.id ORDER BY s.created LIMIT 1), '')")
    op.drop_table("sessions")
    op.drop_index("ix_players_name_key", "players")
    op.drop_index("ix_players_name_key_lower", "players")
    for column in ("lang", "password_hash", "name_changed", "name_key_lower", "name_key"):
        op.execute(f"ALTER TABLE players DROP COLUMN {column}")
