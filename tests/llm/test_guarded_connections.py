"""Every outbound connection goes to an address the policy checked: a name is resolved at
call time and every address it gives is checked before anything is sent; the request goes
to a checked address itself while its Host header and TLS keep the name; redirects are
requests of their own, checked the same way. Names come from the test resolver
(tests.support.names); every server is on loopback."""

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import httpx
import pytest

from casebook.domain.outbound import allowed_networks
from casebook.llm import guarded_transport
from casebook.llm.guarded_transport import guarded_client
from casebook.llm.outbound import AddressRefused, NameNotResolved, OutboundPolicy
from casebook.services.agents import webhook_connections
from casebook.services.agents.webhook_connections import CallFailed, CallRefused, Connections
from tests.support.loopback_http import Answer, LoopbackHttp
from tests.support.names import NamesForTests
from tests.support.tls_names import NamedTls, tls_for

STRICT = OutboundPolicy()


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        server.answer_with(lambda _: Answer(200, {"answer": "hi"}))
        yield server


async def _h11_post(url: str, policy: OutboundPolicy = STRICT) -> int:
    connections = Connections(keep=2)
    try:
        found = await connections.post(
            url, {}, b"{}", limit=10_000, step_seconds=5, outbound=policy
        )
        return found.status
    finally:
        connections.close()


async def _httpx_post(url: str, policy: OutboundPolicy = STRICT, **options: object) -> int:
    async with guarded_client(policy, **options) as client:  # type: ignore[arg-type]
        return (await client.post(url, content=b"{}")).status_code


async def test_a_name_is_connected_to_at_the_address_it_resolves_to_and_keeps_its_host(
    endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    names["agent.test"] = ["127.0.0.1"]
    url = f"http://agent.test:{endpoint.port}/hook"
    assert await _h11_post(url) == 200
    assert await _httpx_post(url) == 200
    assert [r.headers["host"] for r in endpoint.received] == [f"agent.test:{endpoint.port}"] * 2
    assert names.lookups == ["agent.test", "agent.test"]


@pytest.mark.parametrize(
    "addresses",
    [
        ["10.0.0.1"],
        ["127.0.0.1", "10.0.0.1"],  # one refused address refuses the name
        ["169.254.169.254"],
        ["100.64.0.1"],
        ["fd00::1"],
        ["::ffff:10.0.0.1"],
        ["0.0.0.0"],
    ],
)
async def test_a_name_that_resolves_to_a_refused_address_is_refused_before_anything_is_sent(
    endpoint: LoopbackHttp, names: NamesForTests, addresses: list[str]
) -> None:
    names["evil.test"] = addresses
    url = f"http://evil.test:{endpoint.port}/hook"
    with pytest.raises(CallRefused, match="resolves to"):
        await _h11_post(url)
    with pytest.raises(AddressRefused, match="resolves to"):
        await _httpx_post(url)
    assert endpoint.received == []


async def test_a_name_that_resolves_elsewhere_on_the_next_call_is_checked_again(
    endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    names["agent.test"] = ["127.0.0.1"]
    url = f"http://agent.test:{endpoint.port}/hook"
    async with guarded_client(STRICT) as client:
        assert (await client.post(url, content=b"{}")).status_code == 200
        names["agent.test"] = ["10.0.0.1"]  # rebound after the first call
        with pytest.raises(AddressRefused):
            await client.post(url, content=b"{}")
    assert len(endpoint.received) == 1


async def test_an_address_that_does_not_answer_gives_way_to_the_next(
    endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    names["agent.test"] = ["127.0.0.2", "127.0.0.1"]  # nothing listens on 127.0.0.2
    url = f"http://agent.test:{endpoint.port}/hook"
    assert await _h11_post(url) == 200
    assert await _httpx_post(url) == 200
    assert len(endpoint.received) == 2


async def test_an_unknown_name_fails_as_unreachable(names: NamesForTests) -> None:
    with pytest.raises(CallFailed):
        await _h11_post("http://nowhere.test/hook")
    with pytest.raises(NameNotResolved):
        await _httpx_post("http://nowhere.test/hook")


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.1/",
        "http://167772161/",
        "http://0x0a000001/",
        "http://012.0.0.1/",
        "http://[::ffff:10.0.0.1]/",
        "http://169.254.169.254/latest/meta-data/",
        "http://metadata.google.internal/computeMetadata/v1/",
        "http://0.0.0.0/",
    ],
)
async def test_a_refused_address_in_the_url_is_refused_without_a_lookup(
    url: str, names: NamesForTests
) -> None:
    with pytest.raises(CallRefused):
        await _h11_post(url)
    # httpx refuses a dotted address with a leading zero as a URL already
    with pytest.raises((AddressRefused, httpx.InvalidURL)):
        await _httpx_post(url)
    assert names.lookups == []


async def test_an_allowed_network_is_called_but_metadata_never(names: NamesForTests) -> None:
    policy = OutboundPolicy(allowed_networks(["10.0.0.0/8", "169.254.0.0/16"]))
    names["inside.test"] = ["10.1.2.3"]
    assert await policy.addresses("inside.test", 443) == ("10.1.2.3",)
    names["meta.test"] = ["169.254.169.254"]
    with pytest.raises(AddressRefused, match="metadata"):
        await policy.addresses("meta.test", 443)
    with pytest.raises(AddressRefused, match="link-local"):
        await policy.addresses("169.254.1.1", 443)


async def test_a_redirect_is_not_followed_and_one_followed_is_checked(
    endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    names["evil.test"] = ["10.0.0.1"]
    endpoint.answer_with(lambda _: Answer(307, {}, headers={"location": "http://evil.test/"}))
    url = endpoint.url_for("/hook")
    assert await _h11_post(url) == 307
    assert await _httpx_post(url) == 307
    assert names.lookups == []
    with pytest.raises(AddressRefused, match="resolves to a private address"):
        await _httpx_post(url, follow_redirects=True)
    assert names.lookups == ["evil.test"]
    assert len(endpoint.received) == 3


@asynccontextmanager
async def tls_server(tls: NamedTls) -> AsyncIterator[int]:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await reader.readuntil(b"\r\n\r\n")
            await reader.readexactly(2)
            writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}")
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, ssl=tls.server)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()


@pytest.mark.parametrize("name", ["agent.test", "other.test"])
async def test_tls_asks_for_and_verifies_the_name_while_connecting_to_its_address(
    names: NamesForTests, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    tls = tls_for("agent.test")
    monkeypatch.setattr(guarded_transport, "tls_context", lambda: tls.client)
    monkeypatch.setattr(webhook_connections, "tls_context", lambda: tls.client)
    names[name] = ["127.0.0.1"]
    async with tls_server(tls) as port:
        url = f"https://{name}:{port}/hook"
        if name == "agent.test":
            assert await _h11_post(url) == 200
            assert await _httpx_post(url) == 200
        else:  # the certificate names agent.test: the name is what is verified
            with pytest.raises(CallFailed):
                await _h11_post(url)
            with pytest.raises(httpx.ConnectError):
                await _httpx_post(url)
    assert tls.asked_for == [name, name]


async def test_a_process_that_swaps_no_resolver_resolves_with_the_systems() -> None:
    from casebook.llm import outbound

    fresh = outbound._Resolution()
    assert {"127.0.0.1", "::1"} & set(await fresh.resolver("localhost", 80))
