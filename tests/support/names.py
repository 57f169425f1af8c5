"""The resolver every test process uses: names map to the addresses a test gives them.

Nothing is looked up outside the machine. ``localhost`` is 127.0.0.1 unless a test maps it; any
other name resolves only once a test maps it (``names["evil.test"] = ["10.0.0.1"]``), and is
unknown otherwise, as a name without a DNS record is. Every lookup is recorded, so a
test can tell a name was looked up again at call time.
"""

import socket
from collections.abc import Sequence


class NamesForTests:
    def __init__(self) -> None:
        self.addresses: dict[str, list[str]] = {}
        self.lookups: list[str] = []

    def __setitem__(self, name: str, addresses: Sequence[str]) -> None:
        self.addresses[name] = list(addresses)

    def clear(self) -> None:
        self.addresses.clear()
        self.lookups.clear()

    async def __call__(self, host: str, port: int) -> Sequence[str]:
        self.lookups.append(host)
        found = self.addresses.get(host)
        if found is None and host == "localhost":
            return ["127.0.0.1"]
        if found is None:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return list(found)


NAMES = NamesForTests()
