"""Alembic environment of the store. The store runs the migrations itself on start (server/store/sql.py
``SqlStore.start``), handing its connection in ``config.attributes["connection"]``; nothing here opens one."""
from alembic import context

from server.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through server.store (python -m server.store migrate)")
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
