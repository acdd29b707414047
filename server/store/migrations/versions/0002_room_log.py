"""Live rooms: the action log is keyed by the room's commit sequence number (several commits may share a room
version, e.g. a seat taken), and a snapshot replaces every entry before it (no version column needed).

Live rooms stored under 0001 are dropped (0001 never served a release).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_table("room_actions")
    op.execute("DELETE FROM live_rooms")
    with op.batch_alter_table("live_rooms") as batch:
        batch.drop_column("version")
    op.create_table(
        "room_log",
        sa.Column("room", sa.String(64), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("entry", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_log")
    op.execute("DELETE FROM live_rooms")
    with op.batch_alter_table("live_rooms") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "room_actions",
        sa.Column("room", sa.String(64), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("entry", sa.LargeBinary, nullable=False),
    )
