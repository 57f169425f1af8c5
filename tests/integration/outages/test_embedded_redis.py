"""The embedded Redis (``casebook dev``, ``make test``) is ready when ``start_redis`` returns:
its socket file appears a moment before it accepts, and a client connecting in that moment
was refused (seen once as a live hub that started by reconnecting)."""

import socket
from typing import Any


def _ping(url: str) -> bytes:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(2)
        connection.connect(url.removeprefix("unix://"))
        connection.sendall(b"PING\r\n")
        return connection.recv(16)


def test_every_start_returns_a_redis_that_answers_at_once(own_services: Any) -> None:
    for _ in range(5):
        url = own_services.start_redis()
        assert _ping(url) == b"+PONG\r\n"
        own_services.stop_redis()
