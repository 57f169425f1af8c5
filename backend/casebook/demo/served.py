"""The API served on a free loopback port for the length of a block, so the demo's seeding
goes through it as any client does while `casebook dev` has not started its own yet."""

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from casebook.app import create_app
from casebook.config import Settings
from casebook.logging import configure_logging

START_TIMEOUT_SECONDS = 30


@contextmanager
def served_api(settings: Settings) -> Iterator[str]:
    """The API's base URL (``http://127.0.0.1:PORT``) while the block runs."""
    # Its requests are the seeding's own: not worth a line each among `casebook dev`'s output.
    configure_logging("WARNING", json=settings.log_json)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = int(listening.getsockname()[1])
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings), log_config=None, lifespan="on", log_level="warning")
    )
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listening]}, name="demo-api", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the API did not start for the demo's seeding")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)
        listening.close()
