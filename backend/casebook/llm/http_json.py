"""POSTing JSON to a provider: timeouts, retries with backoff, and safe failures.

429, 5xx, timeouts and connection errors are retried with exponential
backoff and jitter, waiting what a Retry-After header asks (capped). Any
other 4xx is final. Whatever fails is raised as one of ``casebook.llm.errors``
with a message that names the provider and the status, never the key or the
request.
"""

import asyncio
import email.utils
import json
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from casebook.llm.errors import (
    MalformedResponse,
    ProviderAddressRefused,
    ProviderError,
    ProviderRejected,
    ProviderTimeout,
    ProviderUnavailable,
    RateLimited,
)
from casebook.llm.guarded_transport import guarded_client
from casebook.llm.outbound import AddressRefused, OutboundPolicy
from casebook.llm.safe_text import provider_error_detail

Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Timeouts:
    connect_s: float = 10.0
    # Long: a judge or generator may write for a while before the first byte.
    read_s: float = 120.0
    write_s: float = 30.0
    pool_s: float = 10.0

    def to_httpx(self) -> httpx.Timeout:
        return httpx.Timeout(
            connect=self.connect_s, read=self.read_s, write=self.write_s, pool=self.pool_s
        )


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    max_attempts: int = 4
    base_delay_s: float = 0.5
    max_delay_s: float = 8.0
    retry_after_cap_s: float = 30.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")

    def delay_before_retry(
        self, retry_number: int, retry_after_s: float | None, rng: random.Random
    ) -> float:
        """Seconds to wait before retry ``retry_number`` (1 for the first retry)."""
        if retry_after_s is not None:
            return min(max(retry_after_s, 0.0), self.retry_after_cap_s)
        ceiling = min(self.max_delay_s, self.base_delay_s * 2.0 ** (retry_number - 1))
        # Half fixed, half random: clients that failed together do not retry together.
        return ceiling / 2 + rng.uniform(0.0, ceiling / 2)


class _Retryable(Exception):
    def __init__(self, final_error: ProviderError, retry_after_s: float | None = None) -> None:
        super().__init__(final_error.message)
        self.final_error = final_error
        self.retry_after_s = retry_after_s


class JsonPoster:
    """One provider's HTTP client. ``label`` names the provider in every error message;
    ``outbound`` decides which addresses it may connect to (its own client's)."""

    def __init__(
        self,
        *,
        label: str,
        client: httpx.AsyncClient | None = None,
        timeouts: Timeouts | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep = asyncio.sleep,
        rng: random.Random | None = None,
        outbound: OutboundPolicy | None = None,
    ) -> None:
        self.label = label
        self._timeouts = timeouts or Timeouts()
        self._owns_client = client is None
        self._client = client or guarded_client(
            outbound or OutboundPolicy(), timeout=self._timeouts.to_httpx()
        )
        self._retry = retry or RetryPolicy()
        self._sleep = sleep
        self._rng = rng or random.SystemRandom()

    async def aclose(self) -> None:
        if self._owns_client:
            await self._client.aclose()

    async def post(
        self,
        url: str,
        *,
        headers: Mapping[str, str],
        body: Mapping[str, object],
        hide: Sequence[str],
        request_texts: Sequence[str],
    ) -> dict[str, Any]:
        """The parsed JSON object of a 2xx answer, after retries; else a ProviderError.

        ``hide`` lists secrets (the API key) to strip from any provider message;
        ``request_texts`` are the texts sent, which a message must not quote.
        """
        payload = json.dumps(body).encode()
        send_headers = {"content-type": "application/json", **headers}
        for attempt in range(1, self._retry.max_attempts + 1):
            try:
                return await self._attempt(url, send_headers, payload, hide, request_texts)
            except _Retryable as failure:
                if attempt == self._retry.max_attempts:
                    raise failure.final_error from None
                await self._sleep(
                    self._retry.delay_before_retry(attempt, failure.retry_after_s, self._rng)
                )
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _attempt(
        self,
        url: str,
        headers: Mapping[str, str],
        payload: bytes,
        hide: Sequence[str],
        request_texts: Sequence[str],
    ) -> dict[str, Any]:
        attempts = self._retry.max_attempts
        try:
            response = await self._client.post(
                url, content=payload, headers=headers, timeout=self._timeouts.to_httpx()
            )
        except AddressRefused as refused:
            raise ProviderAddressRefused(f"{self.label} is not called: {refused}") from None
        except httpx.TimeoutException as exc:
            raise _Retryable(
                ProviderTimeout(
                    f"{self.label} did not answer in time ({type(exc).__name__}) "
                    f"after {attempts} attempt(s)"
                )
            ) from None
        except httpx.TransportError as exc:
            raise _Retryable(
                ProviderUnavailable(
                    f"{self.label} could not be reached ({type(exc).__name__}) "
                    f"after {attempts} attempt(s)"
                )
            ) from None
        status = response.status_code
        if 200 <= status < 300:
            return self._parse(response)
        detail = provider_error_detail(response.content, hide=hide, request_texts=request_texts)
        suffix = f": {detail}" if detail else ""
        if status == 429:
            raise _Retryable(
                RateLimited(
                    f"{self.label} is rate limiting requests (HTTP 429) "
                    f"after {attempts} attempt(s){suffix}"
                ),
                retry_after_seconds(response.headers),
            )
        if status >= 500:
            raise _Retryable(
                ProviderUnavailable(
                    f"{self.label} failed with HTTP {status} after {attempts} attempt(s){suffix}"
                ),
                retry_after_seconds(response.headers),
            )
        if status in (401, 403):
            # An auth failure's text may quote the key, masked or not: say nothing of it.
            raise ProviderRejected(
                f"{self.label} refused the API key or access to the model (HTTP {status})",
                status=status,
            )
        raise ProviderRejected(
            f"{self.label} refused the request (HTTP {status}){suffix}", status=status
        )

    def _parse(self, response: httpx.Response) -> dict[str, Any]:
        try:
            parsed = response.json()
        except ValueError:
            raise MalformedResponse(f"{self.label} answered something other than JSON") from None
        if not isinstance(parsed, dict):
            raise MalformedResponse(f"{self.label} answered with JSON that is not an object")
        return parsed


def retry_after_seconds(headers: httpx.Headers) -> float | None:
    """Seconds asked for by ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date)."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            return float(milliseconds) / 1000
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)
