"""Structured logs (JSON lines) with the request id on every line, and the trace and
span ids when traces are on.

A statement's parameters never reach a log: the engine hides them
(``hide_parameters``), and an error from the database driver, whose message may quote a
value it could not use (``invalid input for query argument $1: '...'``, ``invalid input
syntax for type integer: "..."``), is logged by its class, SQLSTATE, constraint and
statement only - with its traceback, without its message or the driver's exception
chained under it.

No outbound URL's path or query reaches a log either: a webhook agent's URL may hold a
token, and so may a tool endpoint's or a model server's. httpx's and httpcore's own
loggers, which write each request's URL at INFO and DEBUG, are kept to warnings (what
they would say, our own code reports without the URL), and every line, whoever writes
it, is rendered with each absolute URL cut to its scheme and host
(``https://agent.example/...``) - a message, a field, an exception's text alike.
"""

import logging
import re
import sys
from contextvars import ContextVar
from typing import Any

import structlog

from casebook.observability import tracing

_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    return _request_id.get()


def bind_request_id(value: str | None) -> object:
    return _request_id.set(value)


def reset_request_id(token: object) -> None:
    _request_id.reset(token)  # type: ignore[arg-type]


def _add_request_id(_: object, __: str, event: dict[str, object]) -> dict[str, object]:
    request_id = _request_id.get()
    if request_id is not None:
        event.setdefault("request_id", request_id)
    traced = tracing.current_ids()  # None unless traces are on
    if traced is not None:
        event.setdefault("trace_id", traced[0])
        event.setdefault("span_id", traced[1])
    return event


class DatabaseErrorHidden(Exception):
    """Stands in a log for a database error whose message may quote a parameter."""


def _is_database_error(error: BaseException) -> bool:
    module = type(error).__module__
    return module.startswith("asyncpg") or (
        module.startswith("sqlalchemy") and hasattr(error, "orig") and hasattr(error, "statement")
    )


def _chain(error: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def _described(error: BaseException) -> str:
    driver = getattr(error, "orig", None) or error
    cause = driver.__cause__ or driver
    sqlstate = getattr(cause, "sqlstate", None) or getattr(driver, "sqlstate", None)
    constraint = getattr(cause, "constraint_name", None)
    parts = [f"{type(error).__name__} from {type(cause).__name__}"]
    if sqlstate:
        parts.append(f"sqlstate {sqlstate}")
    if constraint:
        parts.append(f"constraint {constraint}")
    statement = getattr(error, "statement", None)
    if statement:
        parts.append(f"statement: {statement}")
    return "; ".join(parts) + " (message hidden: it may quote a parameter)"


def without_database_values(error: BaseException) -> BaseException:
    """``error`` itself, or - when a database error is in its chain - a stand-in with the
    same traceback and nothing the database was sent."""
    found = next((e for e in _chain(error) if _is_database_error(e)), None)
    if found is None:
        return error
    hidden = DatabaseErrorHidden(_described(found)).with_traceback(error.__traceback__)
    hidden.__suppress_context__ = True
    return hidden


def _hide_database_values(_: object, __: str, event: dict[str, object]) -> dict[str, object]:
    """A processor: the exception a line carries, with database values hidden."""
    exc_info = event.get("exc_info")
    if exc_info is True:
        exc_info = sys.exc_info()
    error = exc_info[1] if isinstance(exc_info, tuple) else exc_info
    if isinstance(error, BaseException):
        hidden = without_database_values(error)
        event["exc_info"] = (type(hidden), hidden, hidden.__traceback__)
    return event


# Loggers that write each outbound request's URL below WARNING.
URL_WRITING_LOGGERS = ("httpx", "httpcore")
_ABSOLUTE_URL = re.compile(
    r"(?P<scheme>\b(?:https?|wss?))://(?:[^\s/?#@\"'<>]*@)?(?P<host>[^\s/?#\"'<>]*)"
    r"(?P<rest>[/?#][^\s\"'<>]*)?",
    re.IGNORECASE,
)


def without_url_paths(text: str) -> str:
    """``text`` with every absolute URL cut to its scheme and host (credentials dropped)."""

    def origin(found: re.Match[str]) -> str:
        rest = found.group("rest")
        cut = "/..." if rest and rest != "/" else (rest or "")
        return f"{found.group('scheme')}://{found.group('host')}{cut}"

    return _ABSOLUTE_URL.sub(origin, text) if "://" in text else text


def _scrubbed(value: Any) -> Any:
    if isinstance(value, str):
        return without_url_paths(value)
    if isinstance(value, dict):
        return {key: _scrubbed(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrubbed(item) for item in value]
    return value


def _hide_url_paths(_: object, __: str, event: dict[str, object]) -> dict[str, object]:
    """A processor, after the exception is rendered: no URL path or query in the line."""
    return {key: _scrubbed(value) for key, value in event.items()}


def configure_logging(level: str = "INFO", *, json: bool = True) -> None:
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    shared: list[structlog.types.Processor] = [
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _add_request_id,  # type: ignore[list-item]
    ]
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=shared,
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                _hide_database_values,  # type: ignore[list-item]
                structlog.processors.format_exc_info,
                _hide_url_paths,  # type: ignore[list-item]
                renderer,
            ],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("uvicorn.access").disabled = True  # the app logs each request itself
    for name in URL_WRITING_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        cache_logger_on_first_use=True,
    )
