"""A scripted model server on loopback for tests of anything that calls a model.

It speaks OpenAI-compatible ``/v1/chat/completions`` and ``/v1/embeddings``
and Anthropic's ``/v1/messages`` over real HTTP (uvicorn in a background
thread), so the product's provider code runs unchanged against it.

Chat replies come from a queue (``reply_with``), then from a function
(``respond_with``); with neither, the server answers 400 "no scripted reply",
so a test that forgot to script a call fails loudly. Embeddings are
deterministic per text (or scripted with ``set_embedding``); scripted
embedding failures are queued with ``fail_embeddings_with``. Every request is
recorded. What a reply can be is in ``tests.support.scripted_replies``.

    with ModelServer() as server:
        server.reply_with(text_reply('{"verdict": "pass"}'), error_reply(429))
        provider = OpenAICompatibleProvider(base_url=server.openai_base_url)
"""

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections import deque

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tests.support.scripted_replies import (
    NO_SCRIPTED_REPLY,
    RecordedRequest,
    Responder,
    ScriptedReply,
    anthropic_message_response,
    delayed_reply,
    embeddings_response,
    error_or_raw_response,
    error_reply,
    hashed_embedding,
    openai_chat_response,
    raw_reply,
    text_reply,
    tool_call_reply,
)

# Re-exported so a test needs one import for the server and its replies.
__all__ = [
    "NO_SCRIPTED_REPLY",
    "ModelServer",
    "RecordedRequest",
    "Responder",
    "ScriptedReply",
    "delayed_reply",
    "error_reply",
    "hashed_embedding",
    "raw_reply",
    "text_reply",
    "tool_call_reply",
]

STARTUP_TIMEOUT_S = 5.0
DEFAULT_EMBEDDING_DIMENSIONS = 8


class ModelServer:
    def __init__(self, *, embedding_dimensions: int = DEFAULT_EMBEDDING_DIMENSIONS) -> None:
        self.embedding_dimensions = embedding_dimensions
        self._lock = threading.Lock()
        self._chat_replies: deque[ScriptedReply] = deque()
        self._embedding_replies: deque[ScriptedReply] = deque()
        self._responder: Responder | None = None
        self._embeddings: dict[str, list[float]] = {}
        self._requests: list[RecordedRequest] = []
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._server_loop: asyncio.AbstractEventLoop | None = None
        self._stop_event: asyncio.Event | None = None
        self.port = 0

    # -- scripting ---------------------------------------------------------

    def reply_with(self, *replies: ScriptedReply) -> None:
        with self._lock:
            self._chat_replies.extend(replies)

    def respond_with(self, responder: Responder | None) -> None:
        with self._lock:
            self._responder = responder

    def fail_embeddings_with(self, *replies: ScriptedReply) -> None:
        with self._lock:
            self._embedding_replies.extend(replies)

    def set_embedding(self, text: str, vector: list[float]) -> None:
        with self._lock:
            self._embeddings[text] = list(vector)

    def embedding_of(self, text: str) -> list[float]:
        with self._lock:
            scripted = self._embeddings.get(text)
        return (
            scripted if scripted is not None else hashed_embedding(text, self.embedding_dimensions)
        )

    def reset(self) -> None:
        with self._lock:
            self._chat_replies.clear()
            self._embedding_replies.clear()
            self._responder = None
            self._embeddings.clear()
            self._requests.clear()

    # -- what was received -------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def requests_to(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path in ("/v1/chat/completions", "/v1/messages")]

    @property
    def embedding_requests(self) -> list[RecordedRequest]:
        return self.requests_to("/v1/embeddings")

    @property
    def pending_replies(self) -> int:
        with self._lock:
            return len(self._chat_replies) + len(self._embedding_replies)

    # -- addresses and lifecycle ------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_base_url(self) -> str:
        return f"{self.url}/v1"

    def start(self) -> "ModelServer":
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self._app(),
            log_config=None,
            log_level="warning",
            access_log=False,
            lifespan="off",
            loop="asyncio",
            http="h11",
            ws="none",
            timeout_graceful_shutdown=2,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the scripted model server did not start")
            time.sleep(0.002)
        return self

    def stop(self) -> None:
        if self._server_loop is not None and self._stop_event is not None:
            self._server_loop.call_soon_threadsafe(self._stop_event.set)
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = self._thread = None
        self._server_loop = self._stop_event = None

    def __enter__(self) -> "ModelServer":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- the HTTP side -----------------------------------------------------

    def _app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/v1/chat/completions", self._openai_chat, methods=["POST"]),
                Route("/v1/messages", self._anthropic_messages, methods=["POST"]),
                Route("/v1/embeddings", self._embeddings_route, methods=["POST"]),
            ]
        )

    async def _record(self, request: Request) -> RecordedRequest:
        raw = await request.body()
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode(errors="replace")
        recorded = RecordedRequest(request.url.path, dict(request.headers.items()), body)
        with self._lock:
            self._requests.append(recorded)
        return recorded

    def _next_chat_reply(self, recorded: RecordedRequest) -> ScriptedReply:
        with self._lock:
            if self._chat_replies:
                return self._chat_replies.popleft()
            responder = self._responder
        if responder is None:
            return error_reply(400, NO_SCRIPTED_REPLY)
        return responder(recorded)

    async def _wait(self, delay_s: float) -> None:
        """Sleep, but give way at once when the server stops."""
        if delay_s <= 0:
            return
        if self._stop_event is None:
            # Made here so it belongs to the server's event loop, not the test's.
            self._server_loop = asyncio.get_running_loop()
            self._stop_event = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop_event.wait(), delay_s)

    async def _openai_chat(self, request: Request) -> Response:
        recorded = await self._record(request)
        reply = self._next_chat_reply(recorded)
        await self._wait(reply.delay_s)
        return openai_chat_response(reply, recorded)

    async def _anthropic_messages(self, request: Request) -> Response:
        recorded = await self._record(request)
        reply = self._next_chat_reply(recorded)
        await self._wait(reply.delay_s)
        return anthropic_message_response(reply, recorded)

    async def _embeddings_route(self, request: Request) -> Response:
        recorded = await self._record(request)
        with self._lock:
            reply = self._embedding_replies.popleft() if self._embedding_replies else None
        if reply is not None:
            await self._wait(reply.delay_s)
            if reply.raw_body is not None or reply.status != 200:
                return error_or_raw_response(reply, anthropic=False)
        vectors = [self.embedding_of(text) for text in recorded.embedding_inputs]
        return embeddings_response(recorded, vectors)
