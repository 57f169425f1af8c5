"""Which addresses Casebook may call: webhook agents, tool endpoints, model connections.

A URL someone types makes the server send a request from inside its own network, so
every address it calls is judged here, when the URL is saved and again on each address
the connection is made to (the name may resolve elsewhere by then):

- **public** addresses are called;
- **loopback** (127.0.0.0/8, ``::1``) is called, for agents and models on the same
  machine (development);
- **private and other special-purpose** networks (10.0.0.0/8, 172.16.0.0/12,
  192.168.0.0/16, shared 100.64.0.0/10, unique-local fc00::/7, documentation,
  benchmarking, ...) are refused unless a network the operator allows
  (``OUTBOUND_ALLOWED_NETWORKS``) holds the address;
- **never**, whatever is allowed: cloud metadata addresses, link-local
  (169.254.0.0/16, fe80::/10, where metadata services answer), unspecified
  (0.0.0.0/8, ``::``, which reach this machine), multicast, broadcast and reserved.

An address is judged however it is spelt: ``167772161``, ``0x0a000001``,
``012.0.0.1`` and ``10.1`` are all 10.0.0.1 to a resolver, and so here. An IPv6
address that carries an IPv4 one (mapped ``::ffff:10.0.0.1``, compatible, NAT64,
6to4, Teredo) is judged by the IPv4 address it carries, and never counts as loopback.
Known metadata names (``metadata.google.internal``...) are refused by name too.
"""

import ipaddress
from collections.abc import Iterable, Sequence

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

SETTING = "OUTBOUND_ALLOWED_NETWORKS"

METADATA_ADDRESSES: frozenset[IPAddress] = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean...
        "169.254.170.2",  # AWS ECS task metadata
        "169.254.170.23",  # AWS EKS pod identity
        "fd00:ec2::254",  # AWS over IPv6
        "fd00:ec2::23",  # AWS EKS pod identity over IPv6
        "fd20:ce::254",  # GCP over IPv6
        "100.100.100.200",  # Alibaba Cloud
        "168.63.129.16",  # Azure host (WireServer)
    )
)
METADATA_NAMES = frozenset(
    {
        "metadata",
        "metadata.google.internal",
        "metadata.goog",
        "instance-data",
        "instance-data.ec2.internal",
        "metadata.azure.internal",
        "metadata.tencentyun.com",
        "metadata.platformequinix.com",
    }
)
LOOPBACK_NAMES = frozenset({"localhost"})


def _networks(*cidrs: str) -> tuple[IPNetwork, ...]:
    return tuple(ipaddress.ip_network(c) for c in cidrs)


# Refused whatever the setting allows.
_NEVER: tuple[tuple[str, tuple[IPNetwork, ...]], ...] = (
    ("an unspecified address (it reaches this machine)", _networks("0.0.0.0/8", "::/128")),
    (
        "a link-local address (where metadata services answer)",
        _networks("169.254.0.0/16", "fe80::/10"),
    ),
    ("a multicast address", _networks("224.0.0.0/4", "ff00::/8")),
    ("a reserved or broadcast address", _networks("240.0.0.0/4")),
)
_LOOPBACK = _networks("127.0.0.0/8", "::1/128")
# Not reachable on the internet: refused unless the setting allows them (IANA's
# special-purpose registries, the entries not globally reachable).
_SPECIAL: tuple[tuple[str, tuple[IPNetwork, ...]], ...] = (
    ("a private address", _networks("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")),
    ("a shared address (carrier-grade NAT, 100.64.0.0/10)", _networks("100.64.0.0/10")),
    ("a unique-local address (fc00::/7)", _networks("fc00::/7")),
    ("a site-local address (fec0::/10)", _networks("fec0::/10")),
    (
        "an address reserved for special use",
        _networks(
            "192.0.0.0/24",
            "192.0.2.0/24",
            "198.18.0.0/15",
            "198.51.100.0/24",
            "203.0.113.0/24",
            "100::/64",
            "2001:2::/48",
            "2001:10::/28",
            "2001:20::/28",
            "2001:db8::/32",
            "3fff::/20",
            "5f00::/16",
        ),
    ),
)
_NAT64 = _networks("64:ff9b::/96", "64:ff9b:1::/48")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
_TEREDO = ipaddress.ip_network("2001::/32")


def _inet_aton_part(text: str) -> int | None:
    """One part of an IPv4 address as ``inet_aton`` reads it: decimal, 0-octal, 0x-hex."""
    if not text or not text.isascii():
        return None
    lowered = text.lower()
    try:
        if lowered.startswith("0x"):
            return int(lowered[2:], 16) if lowered[2:] else None
        if len(lowered) > 1 and lowered.startswith("0"):
            return int(lowered[1:], 8)
        return int(lowered, 10) if lowered.isdigit() else None
    except ValueError:
        return None


def _ipv4_any_spelling(host: str) -> ipaddress.IPv4Address | None:
    """``10.0.0.1`` spelt as a resolver accepts it: 1 to 4 parts, the last filling the
    bytes left (``10.1``, ``167772161``), each part decimal, octal or hex."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    numbers = [_inet_aton_part(part) for part in parts]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    *leading, last = values
    if any(n > 255 for n in leading) or last >= 256 ** (4 - len(leading)):
        return None
    packed = 0
    for n in leading:
        packed = packed * 256 + n
    return ipaddress.IPv4Address(packed * 256 ** (4 - len(leading)) + last)


def canonical_host(host: str) -> str:
    """The host as a resolver is handed it: IDNA-encoded (full-width digits and dots
    become ASCII), lower case, without brackets or a trailing dot."""
    bare = host.strip().strip("[]").rstrip(".")
    if not bare.isascii():
        try:
            bare = bare.encode("idna").decode("ascii")
        except UnicodeError:
            return bare.lower()
    return bare.lower().rstrip(".")


def literal_address(host: str) -> IPAddress | None:
    """The address ``host`` spells, in any spelling, or None when it is a name."""
    bare = canonical_host(host)
    if ":" in bare:
        try:
            return ipaddress.IPv6Address(bare)
        except ValueError:
            return None
    return _ipv4_any_spelling(bare)


def _carried_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries: mapped, compatible, NAT64, 6to4, Teredo."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in _IPV4_COMPATIBLE and int(address) > 1:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if any(address in network for network in _NAT64):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _TEREDO and address.teredo is not None:
        return address.teredo[1]
    return None


def _within(address: IPAddress, networks: Iterable[IPNetwork]) -> bool:
    return any(address.version == n.version and address in n for n in networks)


def address_refusal(address: IPAddress, allowed: Sequence[IPNetwork] = ()) -> str | None:
    """Why Casebook must not connect to ``address``, or None when it may."""
    if isinstance(address, ipaddress.IPv6Address):
        address = ipaddress.IPv6Address(int(address))  # without its zone (%eth0)
        carried = _carried_ipv4(address)
        if carried is not None:
            inner = address_refusal(carried, allowed)
            if inner is None and _within(carried, _LOOPBACK):
                return "loopback inside an IPv6 address (write 127.0.0.1 or ::1)"
            return inner
    if address in METADATA_ADDRESSES:
        return "a cloud metadata address"
    for what, networks in _NEVER:
        if _within(address, networks):
            return what
    if address == ipaddress.IPv4Address("255.255.255.255"):
        return "a reserved or broadcast address"
    if _within(address, _LOOPBACK) or _within(address, allowed):
        return None
    for what, networks in _SPECIAL:
        if _within(address, networks):
            return f"{what}, not allowed by {SETTING}"
    return None


def host_refusal(host: str, allowed: Sequence[IPNetwork] = ()) -> str | None:
    """Why a URL's host is refused before any name is resolved, or None: an address
    spelt in it that is refused, or a metadata service's name."""
    address = literal_address(host)
    if address is not None:
        return address_refusal(address, allowed)
    if canonical_host(host) in METADATA_NAMES:
        return "a cloud metadata name"
    return None


def is_loopback_host(host: str) -> bool:
    """``localhost``, or a loopback address however spelt (not one inside IPv6)."""
    if canonical_host(host) in LOOPBACK_NAMES:
        return True
    address = literal_address(host)
    return address is not None and _within(address, _LOOPBACK)


def allowed_networks(entries: Sequence[str]) -> tuple[IPNetwork, ...]:
    """The setting's CIDR list read; ValueError naming the entry that is not one."""
    found: list[IPNetwork] = []
    for entry in entries:
        try:
            found.append(ipaddress.ip_network(entry.strip(), strict=True))
        except ValueError as invalid:
            raise ValueError(
                f"{SETTING}: {entry!r} is not a network in CIDR form ({invalid})"
            ) from None
    return tuple(found)
