"""Alembic environment: runs on a connection the caller hands over (see db/migrate.py)."""

from alembic import context
from sqlmodel import SQLModel

import casebook.db.models  # noqa: F401  (registers every table)

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
