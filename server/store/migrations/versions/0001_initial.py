"""The first schema: players, saved decks, finished games, ratings, live rooms (snapshot + action log).

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "decks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("cards", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_decks_owner", "decks", ["owner"])
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("decks", sa.JSON, nullable=False),
        sa.Column("deck_names", sa.JSON, nullable=False),
        sa.Column("log", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("player1", sa.String(32), nullable=True),
        sa.Column("player2", sa.String(32), nullable=True),
        sa.Column("names", sa.JSON, nullable=False),
        sa.Column("bots", sa.JSON, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("duration", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
    )
    op.create_index("ix_games_player1", "games", ["player1"])
    op.create_index("ix_games_player2", "games", ["player2"])
    op.create_index("ix_games_started", "games", ["started"])
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_rating", "ratings", ["rating"])
    op.create_table(
        "live_rooms",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("snapshot", sa.LargeBinary, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "room_actions",
        sa.Column("room", sa.String(64), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("entry", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    for table in ("room_actions", "live_rooms", "ratings", "games", "decks", "players"):
        op.drop_table(table)
