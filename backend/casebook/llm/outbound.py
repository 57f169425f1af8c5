"""The addresses an outbound call connects to: resolved, each checked, then used.

A URL is checked when it is saved (``domain.outbound``), but the name in it may resolve
elsewhere by the time it is called - a private address, or one that changes between
two lookups (DNS rebinding). So every connection out (webhook agents, tool endpoints,
model providers) asks ``OutboundPolicy.addresses`` for the host's addresses and
connects to one of those addresses itself, never to the name: what was checked is what
is connected to. When any address the name resolves to is refused, the call is refused
before a byte is sent.

Names are resolved by the process's resolver (the system's; ``use_resolver`` swaps it,
so tests map names such as ``evil.test`` to the addresses they need and nothing is
looked up outside the machine).
"""

import asyncio
import socket
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

from casebook.domain.errors import FieldError
from casebook.domain.outbound import (
    IPNetwork,
    address_refusal,
    canonical_host,
    host_refusal,
    literal_address,
)

Resolver = Callable[[str, int], Awaitable[Sequence[str]]]
# How long a name may take to resolve when a URL is saved; past it the URL is kept and
# checked when it is called.
SAVE_LOOKUP_SECONDS = 3.0


async def system_resolver(host: str, port: int) -> Sequence[str]:
    found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in found))


class _Resolution:
    def __init__(self) -> None:
        # An attribute of the instance: a function kept on the class would be called as a
        # method, with the instance as its first argument.
        self.resolver: Resolver = system_resolver


_process = _Resolution()


def use_resolver(resolver: Resolver) -> Resolver:
    """Resolve names with ``resolver`` from now on; the one it replaces is returned."""
    previous, _process.resolver = _process.resolver, resolver
    return previous


class AddressRefused(httpx.ConnectError):
    """The host of an outbound call is, or resolves to, an address Casebook does not call."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "its host is ...", "its host resolves to ..."


class NameNotResolved(httpx.ConnectError):
    def __init__(self) -> None:
        super().__init__("its host name could not be resolved")


@dataclass(frozen=True)
class OutboundPolicy:
    """What outbound calls may connect to: public addresses, loopback, and ``allowed``."""

    allowed: tuple[IPNetwork, ...] = ()

    def refusal(self, host: str) -> str | None:
        """Why ``host`` is refused as written (an address, a metadata name), or None."""
        refused = host_refusal(host, self.allowed)
        return None if refused is None else f"its host is {refused}"

    async def addresses(self, host: str, port: int) -> tuple[str, ...]:
        """The addresses to connect to for ``host``, every one checked. Raises
        ``AddressRefused`` when the host or any address it resolves to is refused,
        ``NameNotResolved`` when it resolves to nothing."""
        refused = self.refusal(host)
        if refused is not None:
            raise AddressRefused(refused)
        literal = literal_address(host)
        if literal is not None:
            return (str(literal),)
        try:
            found = await _process.resolver(canonical_host(host), port)
        except (OSError, UnicodeError):
            raise NameNotResolved() from None
        if not found:
            raise NameNotResolved()
        checked: list[str] = []
        for spelt in found:
            address = literal_address(spelt)
            if address is None:
                raise AddressRefused("its host resolves to something that is not an address")
            reason = address_refusal(address, self.allowed)
            if reason is not None:
                raise AddressRefused(f"its host resolves to {reason}")
            checked.append(str(address))
        return tuple(checked)

    async def saving_problem(self, host: str) -> str | None:
        """Why a URL with the name ``host`` cannot be saved - it resolves to a refused
        address -, or None. A name that does not resolve now (or not quickly) is kept:
        it is checked again on every call. What a host spells itself (an address, a
        metadata name) is ``domain.outbound.host_refusal``'s to say, without a lookup."""
        if self.refusal(host) is not None or literal_address(host) is not None:
            return None
        try:
            async with asyncio.timeout(SAVE_LOOKUP_SECONDS):
                await self.addresses(host, 443)
        except AddressRefused as refusal:
            return refusal.reason
        except (NameNotResolved, TimeoutError):
            return None
        return None

    async def saving_errors(self, urls: Sequence[tuple[str, str]]) -> list[FieldError]:
        """A field error for each (field, URL) whose host name resolves to a refused
        address; a URL that does not parse is left to its own validation."""
        errors: list[FieldError] = []
        for path, url in urls:
            try:
                host = urlsplit(url.strip()).hostname
            except ValueError:
                continue
            problem = await self.saving_problem(host) if host else None
            if problem is not None:
                errors.append(FieldError(path, problem))
        return errors
