"""Reads run without a transaction around them; units of work keep theirs."""

from typing import Any

from sqlalchemy import text

from casebook.config import Settings
from casebook.services.kernel.context import ServiceContext


async def _raw(session: Any) -> Any:
    connection = await session.connection()
    return (await connection.get_raw_connection()).driver_connection


async def test_a_read_opens_no_transaction_and_a_unit_of_work_does(
    sessionmaker: Any, settings: Settings
) -> None:
    ctx = ServiceContext(sessionmaker, None, settings)
    async with ctx.reading() as session:
        assert (await session.execute(text("SELECT 1"))).scalar_one() == 1
        assert not (await _raw(session)).is_in_transaction()
    async with ctx.transaction() as session:
        await session.execute(text("SELECT 1"))
        assert (await _raw(session)).is_in_transaction()
    async with ctx.reading() as session:  # the pooled connection came back clean
        await session.execute(text("SELECT 1"))
        assert not (await _raw(session)).is_in_transaction()
