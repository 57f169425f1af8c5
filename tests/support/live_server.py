"""The real app served by uvicorn on a loopback port, in a background thread."""

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from casebook.app import create_app
from casebook.config import Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(settings: Settings, port: int | None = None) -> Iterator[str]:
    port = port or free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(settings),
            host="127.0.0.1",
            port=port,
            log_config=None,
            ws="websockets-sansio",
            ws_per_message_deflate=False,  # as casebook serve
            lifespan="on",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the API server did not start")
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def command_environment(settings: Settings, **more: str) -> dict[str, str]:
    """The environment of a ``casebook`` command a test starts as a process: the test's
    PostgreSQL and Redis, quiet logs, a usable secret key, none of the test process's own
    metrics directory, and ``more``."""
    env = {
        **os.environ,
        "DATABASE_URL": settings.database_url,
        "REDIS_URL": settings.redis_url,
        "LOG_LEVEL": "WARNING",
        "SECRET_KEY": "a-test-secret-key-of-at-least-32-characters",
        **more,
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    return env
