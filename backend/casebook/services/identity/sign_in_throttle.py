"""Throttling of failed sign-ins, per account and per address.

Failed sign-ins are counted in Redis, in a fixed window per e-mail address
(hashed: no address is stored in clear) and per client address. Once either
count reaches its limit, sign-ins are refused with ``LIMIT_EXCEEDED`` and when
to try again - the correct password included, before it is checked - until
the window ends. A successful sign-in clears its account's count.

Redis rather than a table: the counts expire by themselves, every API process
shares them, and losing them in a Redis restart only restarts the windows.
An unknown e-mail is counted like a known one, so the answers tell nothing
about which accounts exist.
"""

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from casebook.config import Settings
from casebook.services.kernel.errors import LimitExceededError

_PREFIX = "casebook:sign-in-failures"


@dataclass(frozen=True)
class _Counter:
    key: str
    limit: int
    what: str


def _counters(settings: Settings, email: str, address: str | None) -> list[_Counter]:
    account = hashlib.sha256(email.strip().casefold().encode()).hexdigest()
    found = [
        _Counter(f"{_PREFIX}:account:{account}", settings.sign_in_failures_per_account, "account")
    ]
    if address:
        found.append(
            _Counter(
                f"{_PREFIX}:address:{address}", settings.sign_in_failures_per_address, "address"
            )
        )
    return found


def _wait(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return (
        f"{minutes} minute{'s' if minutes != 1 else ''}" if seconds > 60 else f"{seconds} seconds"
    )


async def refuse_while_throttled(
    redis: Any, settings: Settings, email: str, address: str | None
) -> None:
    """Raise ``LimitExceededError`` (with when to retry) once too many sign-ins failed."""
    for counter in _counters(settings, email, address):
        count = await redis.get(counter.key)
        if count is not None and int(count) >= counter.limit:
            retry_after = max(1, int(await redis.ttl(counter.key)))
            raise LimitExceededError(
                f"too many failed sign-ins for this {counter.what}; try again in "
                f"{_wait(retry_after)}",
                retry_after_seconds=retry_after,
            )


async def count_failure(redis: Any, settings: Settings, email: str, address: str | None) -> None:
    window = settings.sign_in_window_seconds
    for counter in _counters(settings, email, address):
        # The window starts with the first failure and is not stretched by later ones.
        await redis.set(counter.key, 0, ex=window, nx=True)
        await redis.incr(counter.key)


async def clear_account(redis: Any, settings: Settings, email: str) -> None:
    await redis.delete(_counters(settings, email, None)[0].key)
