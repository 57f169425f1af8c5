"""What every request leaves behind: an id, one log line, its metrics (and its span).

The id is kept from ``X-Request-Id`` when sane, else made up, and returned in
the response's ``X-Request-Id``; every log line of the request carries it.
"""

import re
import time
import uuid

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from casebook.logging import bind_request_id, reset_request_id
from casebook.observability import metrics

log = structlog.get_logger("casebook.http")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
UNMATCHED = "unmatched"


class RequestObserver:
    def __init__(self, app: ASGIApp, *, route_templates: dict[int, str]) -> None:
        self.app = app
        # Endpoint → its path template, so metrics name a route, never a raw path.
        self.route_templates = route_templates

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        incoming = dict(scope.get("headers") or []).get(b"x-request-id", b"").decode("latin-1")
        request_id = incoming if _REQUEST_ID.match(incoming) else uuid.uuid4().hex
        token = bind_request_id(request_id)
        if scope["type"] == "websocket":
            metrics.websocket_opened()
            try:
                await self.app(scope, receive, send)
            finally:
                metrics.websocket_closed()
                reset_request_id(token)
            return
        started = time.perf_counter()
        status = 0
        header = (b"x-request-id", request_id.encode())

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started
            route = self.route_templates.get(id(scope.get("endpoint")), UNMATCHED)
            metrics.http_request(route, scope["method"], status, seconds)
            log.info(
                "request",
                method=scope["method"],
                path=scope["path"],
                status=status,
                duration_ms=round(seconds * 1000, 1),
            )
            reset_request_id(token)
