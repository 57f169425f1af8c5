"""Redis clients that ride out a restart: connect on first use, retry a lost connection.

After Redis restarts, the first command on a pooled connection finds it cut;
redis-py reconnects only on the next one. Retrying twice, quickly, makes that
invisible; a Redis that stays down still fails fast (about 0.3 s) as an
outage (``outages.outage_of``).
"""

from typing import Any

import structlog
from arq.connections import ArqRedis, RedisSettings
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError, TimeoutError

from casebook.services.kernel.outages import outage_of

log = structlog.get_logger("casebook.redis")

CONNECT_TIMEOUT_SECONDS = 2


def _retry() -> Retry:
    return Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=2)


def _resilience() -> dict[str, Any]:
    return {"retry": _retry(), "retry_on_error": [ConnectionError, TimeoutError]}


async def connect(url: str) -> ArqRedis:
    """A client that starts even while Redis is down, and reconnects when it is back."""
    client: ArqRedis = ArqRedis.from_url(
        url, socket_connect_timeout=CONNECT_TIMEOUT_SECONDS, **_resilience()
    )
    try:
        await client.ping()
    except Exception as error:
        if outage_of(error) is None:
            raise
        log.warning("Redis cannot be reached yet; carrying on until it is back")
    return client


def worker_redis_settings(url: str) -> RedisSettings:
    settings = RedisSettings.from_dsn(url)
    settings.conn_timeout = CONNECT_TIMEOUT_SECONDS
    settings.retry, settings.retry_on_error = _retry(), [ConnectionError, TimeoutError]
    return settings
