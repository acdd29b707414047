"""Name keys leave out spacing: «A d m i n», «Ad_min» and «A\u200bdmin» are «Admin» (server/namekey.py).

Every player's two keys are computed anew. Names that now share a key are renamed as in 0003: the older player
(smaller ``created``, then id) keeps the name, a later one gets the first free suffix ``" 2"``, ``" 3"`` ...

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""
import importlib.util
import os

from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _unique_names():
    """0003's ``unique_names`` (one renaming rule for both revisions)."""
    path = os.path.join(os.path.dirname(__file__), "0003_accounts.py")
    spec = importlib.util.spec_from_file_location("berserk_migration_0003", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.unique_names


def upgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, name FROM players ORDER BY created, id")).all()
    op.drop_index("ix_players_name_key", "players")
    op.drop_index("ix_players_name_key_lower", "players")
    for pid, name, upper, lower in _unique_names()([(r.id, r.name) for r in rows]):
        bind.execute(sa.text("UPDATE players SET name = :n, name_key = :u, name_key_lower = :l WHERE id = :id"),
                     {"n": name, "u": upper, "l": lower, "id": pid})
    op.create_index("ix_players_name_key", "players", ["name_key"], unique=True)
    op.create_index("ix_players_name_key_lower", "players", ["name_key_lower"], unique=True)


def downgrade() -> None:
    """Keys stay as they are: the keys of 0004 are stricter, so they are unique under 0003's rule too."""
