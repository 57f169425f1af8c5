"""Which addresses Casebook calls (domain.outbound): the same address is judged the same
however it is spelt, metadata and link-local stay refused whatever is allowed, loopback
and public addresses are called."""

import ipaddress
import socket

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.outbound import (
    METADATA_ADDRESSES,
    address_refusal,
    allowed_networks,
    host_refusal,
    is_loopback_host,
    literal_address,
)

EVERYTHING = allowed_networks(["0.0.0.0/0", "::/0"])


def _part(value: int, base: str) -> str:
    return {"dec": str(value), "oct": "0" + format(value, "o"), "hex": "0x" + format(value, "x")}[
        base
    ]


@st.composite
def spellings(draw: st.DrawFn, address: ipaddress.IPv4Address) -> str:
    """``address`` as a resolver reads it: 1 to 4 parts, each decimal, octal or hex."""
    packed = int(address)
    parts = draw(st.sampled_from([1, 2, 3, 4]))
    leading = [(packed >> (8 * (3 - i))) & 0xFF for i in range(parts - 1)]
    last = packed & ((1 << (8 * (5 - parts))) - 1)
    bases = st.sampled_from(["dec", "oct", "hex"])
    text = ".".join([_part(n, draw(bases)) for n in leading] + [_part(last, draw(bases))])
    return text.upper() if draw(st.booleans()) else text


ipv4 = st.ip_addresses(v=4)


@given(ipv4.flatmap(lambda a: st.tuples(st.just(a), spellings(a))))
def test_every_spelling_of_an_ipv4_address_is_that_address(pair: tuple) -> None:
    address, spelt = pair
    assert literal_address(spelt) == address
    assert host_refusal(spelt) == address_refusal(address)
    assert host_refusal(spelt, EVERYTHING) == address_refusal(address, EVERYTHING)


@given(st.text(alphabet="0123456789abcdefxX.", min_size=1, max_size=24))
def test_a_host_is_an_ipv4_address_exactly_when_inet_aton_reads_one(text: str) -> None:
    try:
        expected: ipaddress.IPv4Address | None = ipaddress.IPv4Address(socket.inet_aton(text))
    except OSError:
        expected = None
    found = literal_address(text)
    if text.endswith("."):  # a resolver given "10.0.0.1." may still reach 10.0.0.1
        assert expected is None
        return
    assert found == expected


@given(ipv4)
def test_an_ipv4_address_carried_in_ipv6_is_judged_by_it(address: ipaddress.IPv4Address) -> None:
    carried = address_refusal(address)
    for spelt in (f"::ffff:{address}", f"[::ffff:{address}]", f"64:ff9b::{address}"):
        found = host_refusal(spelt)
        if address.is_loopback:
            assert found is not None and "loopback" in found
        else:
            assert found == carried


private_v4 = st.one_of(
    st.ip_addresses(network="10.0.0.0/8"),
    st.ip_addresses(network="172.16.0.0/12"),
    st.ip_addresses(network="192.168.0.0/16"),
    st.ip_addresses(network="100.64.0.0/10"),
)


@given(private_v4.flatmap(spellings))
def test_private_and_shared_addresses_are_refused_however_spelt(spelt: str) -> None:
    assert host_refusal(spelt) is not None


@given(private_v4)
def test_an_allowed_network_lets_its_addresses_be_called(address: ipaddress.IPv4Address) -> None:
    assert address_refusal(address, EVERYTHING) is None
    assert address_refusal(address, allowed_networks([f"{address}/32"])) is None


never = st.one_of(
    st.ip_addresses(network="169.254.0.0/16"),
    st.ip_addresses(network="fe80::/10"),
    st.ip_addresses(network="0.0.0.0/8"),
    st.ip_addresses(network="224.0.0.0/4"),
    st.ip_addresses(network="ff00::/8"),
    st.ip_addresses(network="240.0.0.0/4"),
    st.sampled_from([ipaddress.ip_address(a) for a in ("::", "fd00:ec2::254", "100.100.100.200")]),
)


@given(never)
def test_metadata_link_local_and_unspecified_stay_refused_whatever_is_allowed(
    address: ipaddress.IPv4Address | ipaddress.IPv6Address,
) -> None:
    assert address_refusal(address, EVERYTHING) is not None


@given(st.ip_addresses(network="127.0.0.0/8").flatmap(spellings))
def test_loopback_is_called_however_spelt(spelt: str) -> None:
    assert host_refusal(spelt) is None and is_loopback_host(spelt)


CARRYING_IPV4 = [
    ipaddress.ip_network(n)
    for n in ("::ffff:0:0/96", "::/96", "64:ff9b::/96", "64:ff9b:1::/48", "2002::/16", "2001::/32")
]


STRICTER = [ipaddress.ip_network(n) for n in ("192.0.0.0/24", "2001::/23", "2001:20::/28")]


@given(st.ip_addresses())
def test_a_globally_reachable_address_is_called(
    address: ipaddress.IPv4Address | ipaddress.IPv6Address,
) -> None:
    carrying = any(address.version == n.version and address in n for n in CARRYING_IPV4)
    # Refused whole, where Python's table excepts a few anycast services; multicast is no
    # endpoint.
    stricter = any(address.version == n.version and address in n for n in STRICTER)
    special = carrying or stricter or address.is_multicast or address in METADATA_ADDRESSES
    if address.is_global and not special:
        assert address_refusal(address) is None


@pytest.mark.parametrize(
    "host",
    [
        "169.254.169.254",
        "10.0.0.1",
        "100.64.0.1",
        "fd00::1",
        "[fd00::1]",
        "::ffff:10.0.0.1",
        "[::ffff:10.0.0.1]",
        "0.0.0.0",
        "0",
        "::",
        "167772161",
        "0xa000001",
        "0x0a.0.0.1",
        "012.0.0.1",
        "10.1",
        "012.1",
        "192.168.1.1",
        "172.16.0.1",
        "fe80::1",
        "fe80::1%eth0",
        "::ffff:169.254.169.254",
        "2002:a00:1::",
        "2852039166",  # 169.254.169.254
        "metadata.google.internal",
        "METADATA.Google.Internal.",
        "metadata.goog",
        "instance-data",
        "\uff11\uff10.0.0.1",  # full-width digits: IDNA makes them 10.0.0.1
        "10.0.0.1.",
        "::ffff:127.0.0.1",
        "255.255.255.255",
    ],
)
def test_the_spellings_refused(host: str) -> None:
    assert host_refusal(host) is not None


def test_metadata_is_refused_even_when_its_network_is_allowed() -> None:
    for host in ("169.254.169.254", "fd00:ec2::254", "metadata.google.internal"):
        assert host_refusal(host, EVERYTHING) is not None
    assert host_refusal("10.0.0.1", allowed_networks(["10.0.0.0/8"])) is None
    assert host_refusal("10.0.0.1", allowed_networks(["10.1.0.0/16"])) is not None


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "127.1", "0x7f000001", "2130706433", "::1", "[::1]", "localhost"]
)
def test_loopback_spellings_are_called(host: str) -> None:
    assert host_refusal(host) is None and is_loopback_host(host)


@pytest.mark.parametrize("host", ["a.example.com", "8.8.8.8", "2606:4700::1111", "agent.test"])
def test_public_hosts_and_names_are_called(host: str) -> None:
    assert host_refusal(host) is None and not is_loopback_host(host)


@pytest.mark.parametrize("entry", ["10.0.0.1/8", "not-a-network", "10.0.0.0/33", ""])
def test_an_allowed_network_that_is_not_one_is_named(entry: str) -> None:
    with pytest.raises(ValueError, match="OUTBOUND_ALLOWED_NETWORKS"):
        allowed_networks([entry])
