"""What every request leaves behind: an id, one log line, its metrics, and (when traces
are on) its span, which carries the request id.

The id is kept from ``X-Request-Id`` when sane, else made up, and returned in
the response's ``X-Request-Id``; every log line of the request carries it.
"""

import contextlib
import re
import time
import uuid
from typing import Any

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from casebook.logging import bind_request_id, reset_request_id
from casebook.observability import metrics, tracing

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

        span_context = (
            tracing.server_span(scope["method"], scope["path"], _headers(scope))
            if tracing.tracer() is not None
            else contextlib.nullcontext()
        )
        with span_context as span:
            try:
                await self.app(scope, receive, send_with_id)
            finally:
                seconds = time.perf_counter() - started
                route = self.route_templates.get(id(scope.get("endpoint")), UNMATCHED)
                metrics.http_request(route, scope["method"], status, seconds)
                if span is not None:
                    _describe(span, scope["method"], route, status, request_id)
                log.info(
                    "request",
                    method=scope["method"],
                    path=scope["path"],
                    status=status,
                    duration_ms=round(seconds * 1000, 1),
                )
                reset_request_id(token)


def _headers(scope: Scope) -> dict[str, str]:
    return {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}


def _describe(span: Any, method: str, route: str, status: int, request_id: str) -> None:
    """Name the request's span after its route and say how it ended."""
    span.update_name(f"{method} {route}")
    span.set_attribute("http.route", route)
    span.set_attribute("http.response.status_code", status)
    span.set_attribute(tracing.REQUEST_ID_ATTRIBUTE, request_id)
    if status >= 500:
        from opentelemetry.trace import StatusCode

        span.set_status(StatusCode.ERROR)
