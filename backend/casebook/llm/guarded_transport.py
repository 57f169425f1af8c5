"""An httpx transport that connects only to addresses ``OutboundPolicy`` checked.

Each request's host is resolved and every address checked (``llm.outbound``); the
request is then sent to a checked address itself - its URL's host replaced by the
address - while the ``Host`` header keeps the name and TLS is verified for the name
(httpx's ``sni_hostname`` request extension). An address that cannot be connected to
gives way to the next one the name resolved to; nothing was sent to it. A redirect, if
a client followed one, is a request of its own and is checked the same way.

The requests to one host share a stock ``httpx.AsyncHTTPTransport`` of their own, so a
connection kept open is only ever reused for the name it was verified for.

When the environment names a proxy for a URL (``HTTPS_PROXY``, ``NO_PROXY``...), the
host's addresses are checked as above, but it is the proxy that connects, by name: a
proxy that outbound calls go through should refuse private destinations itself.
"""

import asyncio
import urllib.request
from functools import lru_cache
from typing import Any

import httpx

from casebook.llm.outbound import OutboundPolicy
from casebook.llm.tls import tls_context

DEFAULT_PORTS = {"http": 80, "https": 443}


@lru_cache(maxsize=1)
def _environment_proxies() -> dict[str, str]:
    return dict(urllib.request.getproxies())


def environment_proxy(url: httpx.URL) -> str | None:
    """The proxy the environment names for ``url``, or None."""
    proxies = _environment_proxies()
    if not proxies:
        return None
    if urllib.request.proxy_bypass(url.host):
        return None
    return proxies.get(url.scheme) or proxies.get("all")


class GuardedTransport(httpx.AsyncBaseTransport):
    def __init__(self, policy: OutboundPolicy) -> None:
        self._policy = policy
        self._per_host: dict[tuple[str, str, int, str | None], httpx.AsyncHTTPTransport] = {}

    def _transport(
        self, scheme: str, host: str, port: int, proxy: str | None
    ) -> httpx.AsyncHTTPTransport:
        key = (scheme, host, port, proxy)
        found = self._per_host.get(key)
        if found is None:
            found = self._per_host[key] = httpx.AsyncHTTPTransport(
                verify=tls_context(), proxy=proxy
            )
        return found

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        host = url.raw_host.decode("ascii")
        port = url.port or DEFAULT_PORTS.get(url.scheme, 443)
        connect_s = (request.extensions.get("timeout") or {}).get("connect")
        try:
            async with asyncio.timeout(connect_s):
                addresses = await self._policy.addresses(host, port)
        except TimeoutError:
            raise httpx.ConnectTimeout("its host name took too long to resolve") from None
        proxy = environment_proxy(url)
        transport = self._transport(url.scheme, host, port, proxy)
        if proxy is not None:
            response: httpx.Response = await transport.handle_async_request(request)
            return response
        if url.scheme == "https":
            request.extensions = {**request.extensions, "sni_hostname": host}
        try:
            for place, address in enumerate(addresses):
                request.url = url.copy_with(host=address)
                try:
                    response = await transport.handle_async_request(request)
                    return response
                except httpx.ConnectError:
                    if place == len(addresses) - 1:
                        raise
        finally:
            request.url = url
        raise AssertionError("unreachable: the last address answers or raises")

    async def aclose(self) -> None:
        transports, self._per_host = list(self._per_host.values()), {}
        for transport in transports:
            await transport.aclose()


def guarded_client(policy: OutboundPolicy, **options: Any) -> httpx.AsyncClient:
    """A client for calls out whose every connection ``policy`` checked; it follows no
    redirect and reads no proxy, netrc or certificate setting beyond the ones above."""
    return httpx.AsyncClient(transport=GuardedTransport(policy), trust_env=False, **options)
