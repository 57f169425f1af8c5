"""Redis pub/sub channels, kept within the deployment's own Redis database.

Redis keeps keys apart per database (``redis://host:6379/3``), but its pub/sub
channels belong to the whole server: a message published while on database 3 reaches
a subscriber on database 5. Two deployments sharing one Redis, each on a database of
its own, would hear each other's live events (a run's progress, a queue's counts),
named by ids both have. So every channel goes on the wire prefixed with the number of
the database its publisher or subscriber is configured with; the code names channels
without it (``job:7``), and the live hub subscribes the same way.
"""

from typing import Any

import structlog
from redis.asyncio.connection import parse_url

from casebook.services.kernel.outages import REDIS_OUTAGE, outage_of

log = structlog.get_logger("casebook.live")


def on_the_wire(database: int, channel: str) -> str:
    return f"db{database}:{channel}"


def database_of_url(redis_url: str) -> int:
    return int(parse_url(redis_url).get("db") or 0)


def database_of(redis: Any) -> int:
    """The database a connected client (redis-py's or arq's) was configured with."""
    return int(redis.connection_pool.connection_kwargs.get("db") or 0)


async def publish(redis: Any, channel: str, message: bytes | str) -> int:
    """Publish ``message`` on ``channel`` of ``redis``'s database; returns how many
    subscribers Redis handed it to."""
    return int(await redis.publish(on_the_wire(database_of(redis), channel), message))


async def publish_unless_down(
    redis: Any, channel: str, message: bytes, *, what: str, **context: Any
) -> None:
    """Publish as a courtesy to live views: the rows hold the truth, and a listener that
    missed a message reads them again. With Redis unreachable, say so and carry on."""
    try:
        await publish(redis, channel, message)
    except Exception as error:
        if outage_of(error) is None:
            raise
        REDIS_OUTAGE.lost(f"publishing {what}", error)
        log.debug(f"{what} not published: Redis cannot be reached", channel=channel, **context)
        return
    REDIS_OUTAGE.reached(f"publishing {what}")
