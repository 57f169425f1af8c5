"""Migrations: applying them, and refusing to serve an unmigrated database."""

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


class DatabaseNotMigrated(RuntimeError):
    pass


def alembic_config() -> Config:
    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


@functools.cache
def head_revision() -> str | None:
    """The newest migration this release ships. Read once: finding it parses every
    migration file, and the files do not change while a process runs."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _upgrade(connection: Connection) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def upgrade(engine: AsyncEngine) -> None:
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


async def ensure_migrated(engine: AsyncEngine) -> None:
    async with engine.connect() as connection:
        current = await connection.run_sync(_current)
    head = head_revision()
    if current != head:
        raise DatabaseNotMigrated(
            f"the database is at migration {current or 'none'} but this release needs {head}; "
            "run `casebook migrate` (or `make migrate`) first"
        )
