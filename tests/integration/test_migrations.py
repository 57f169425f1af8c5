"""The migrations and the models agree, and every migration can be undone and redone.

Alembic's autogenerate compares the models (SQLModel metadata) with the database the
migrations built: any table, column, type, index or constraint that one has and the
other lacks is a difference, and a migration is missing. The round trip runs on a
database of its own, so the session's test database is never downgraded.
"""

from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, inspect
from sqlmodel import SQLModel

import casebook.db.models  # noqa: F401  (registers every table)
from casebook.db.engine import create_engine
from casebook.db.migrate import alembic_config, head_revision, upgrade
from tests.support.services import RunningServices, scratch_database


def _differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, SQLModel.metadata))


def _downgrade_to_base(connection: Connection) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.downgrade(config, "base")


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


def _enum_types(connection: Connection) -> list[str]:
    found = connection.exec_driver_sql(
        "SELECT t.typname FROM pg_type t WHERE t.typtype = 'e' "
        "AND t.typnamespace = 'public'::regnamespace"
    )
    return [row[0] for row in found]


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def test_autogenerate_finds_nothing_the_migrations_lack(engine: Any) -> None:
    async with engine.connect() as connection:
        differences = await connection.run_sync(_differences)
    assert differences == [], "the models and the migrations differ; write a migration"


async def test_upgrade_downgrade_upgrade(services: RunningServices) -> None:
    async with scratch_database(services.database_url, "migrations") as url:
        engine = create_engine(url, pool_size=1)
        try:
            await upgrade(engine)
            async with engine.begin() as connection:
                assert await connection.run_sync(_current) == head_revision()
                models = {table.name for table in SQLModel.metadata.sorted_tables}
                assert models <= await connection.run_sync(_tables)
                await connection.run_sync(_downgrade_to_base)
            async with engine.connect() as connection:
                assert await connection.run_sync(_tables) == {"alembic_version"}
                assert await connection.run_sync(_enum_types) == []
                assert await connection.run_sync(_current) is None
            await upgrade(engine)
            async with engine.connect() as connection:
                assert await connection.run_sync(_current) == head_revision()
                assert await connection.run_sync(_differences) == []
        finally:
            await engine.dispose()
