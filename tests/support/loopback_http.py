"""A scripted HTTP endpoint on loopback: a webhook agent or a tool endpoint under test.

Each request is recorded (path, headers, raw body) and answered by the handler the
test sets: a function of the request giving a status, a body and an optional delay.
It runs in a uvicorn thread, so the product's httpx code calls it over real HTTP.

    with LoopbackHttp() as agent:
        agent.answer_with(lambda request: Answer(200, {"answer": "Hi"}))
        ... agent.url ...
"""

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass(frozen=True)
class Answer:
    status: int = 200
    body: Any = field(default_factory=dict)
    delay_s: float = 0.0
    raw: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    # Held until this is set (then ``delay_s``): a call in flight for as long as a test needs.
    until: threading.Event | None = None

    def encoded(self) -> bytes:
        return self.raw if self.raw is not None else json.dumps(self.body).encode()


Handler = Callable[[Received], Answer]


class LoopbackHttp:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._received: list[Received] = []
        self._handler: Handler = lambda _: Answer(500, {"error": "no handler set"})
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    def answer_with(self, handler: Handler) -> None:
        with self._lock:
            self._handler = handler

    @property
    def received(self) -> list[Received]:
        with self._lock:
            return list(self._received)

    def reset(self) -> None:
        with self._lock:
            self._received.clear()
            self._handler = lambda _: Answer(500, {"error": "no handler set"})

    def url_for(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def _handle(self, request: Request) -> Response:
        received = Received(request.url.path, dict(request.headers.items()), await request.body())
        with self._lock:
            self._received.append(received)
            handler = self._handler
        answer = handler(received)
        if answer.until is not None:
            with contextlib.suppress(asyncio.CancelledError):
                # A thread's event (the test's), looked at from this server's loop.
                while not answer.until.is_set():  # noqa: ASYNC110
                    await asyncio.sleep(0.01)
        if answer.delay_s:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(answer.delay_s)
        return Response(
            answer.encoded(),
            status_code=answer.status,
            headers=answer.headers,
            media_type="application/json",
        )

    def start(self) -> "LoopbackHttp":
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        app = Starlette(routes=[Route("/{path:path}", self._handle, methods=["POST"])])
        config = uvicorn.Config(
            app,
            log_config=None,
            log_level="warning",
            access_log=False,
            lifespan="off",
            loop="asyncio",
            http="h11",
            ws="none",
            timeout_graceful_shutdown=1,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 5
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the loopback endpoint did not start")
            time.sleep(0.002)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
            self._server.force_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = self._thread = None

    def __enter__(self) -> "LoopbackHttp":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
