"""Structured logs (JSON lines) with the request id on every line, and the trace and
span ids when traces are on.

A statement's parameters never reach a log: the engine hides them
(``hide_parameters``), and an error from the database driver, whose message may quote a
value it could not use (``invalid input for query argument $1: '...'``, ``invalid input
syntax for type integer: "..."``), is logged by its class, SQLSTATE, constraint and
statement only - with its traceback, without its message or the driver's exception
chained under it.
"""

import logging
import sys
from contextvars import ContextVar

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
                renderer,
            ],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("uvicorn.access").disabled = True  # the app logs each request itself
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        cache_logger_on_first_use=True,
    )
