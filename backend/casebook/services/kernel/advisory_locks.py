"""Transaction-scoped advisory locks on many keys at once, taken in one order by everyone.

Two transactions that each lock a set of keys in one statement never deadlock on them:
the keys are hashed and locked in the order of their hashes.
"""

from collections.abc import Iterable

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


async def lock_keys(session: AsyncSession, keys: Iterable[str]) -> None:
    """Hold an advisory lock on each key until the transaction ends."""
    wanted = sorted(set(keys))
    if not wanted:
        return
    await session.execute(
        text(
            """SELECT pg_advisory_xact_lock(h) FROM (
                   SELECT DISTINCT hashtextextended(k, 0) AS h
                   FROM unnest(CAST(:keys AS text[])) AS k ORDER BY 1) AS ordered"""
        ),
        {"keys": wanted},
    )
