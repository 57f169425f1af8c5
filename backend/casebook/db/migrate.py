"""Migrations: applying them, and refusing to serve an unmigrated database.

Alembic and SQLAlchemy are imported where a migration is read or applied, not with this
module: the command line imports it for ``DatabaseNotMigrated``, and ``casebook eval`` (a
client of the API, run by CI gates) would otherwise load both for nothing. The command
line imports in 0.4 s against 0.85 s so.
"""

import functools
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Connection
    from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


class DatabaseNotMigrated(RuntimeError):
    pass


def alembic_config() -> "Config":
    from alembic.config import Config

    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


@functools.cache
def head_revision() -> str | None:
    """The newest migration this release ships. Read once: finding it parses every
    migration file, and the files do not change while a process runs."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _upgrade(connection: "Connection") -> None:
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _current(connection: "Connection") -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


async def upgrade(engine: "AsyncEngine") -> None:
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


async def ensure_migrated(engine: "AsyncEngine") -> None:
    async with engine.connect() as connection:
        current = await connection.run_sync(_current)
    head = head_revision()
    if current != head:
        raise DatabaseNotMigrated(
            f"the database is at migration {current or 'none'} but this release needs {head}; "
            "run `casebook migrate` (or `make migrate`) first"
        )
