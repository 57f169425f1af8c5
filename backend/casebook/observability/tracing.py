"""OpenTelemetry traces, off unless the standard ``OTEL_*`` variables ask for them.

On when ``OTEL_TRACES_EXPORTER`` names an exporter (``otlp``, ``console``) or
an OTLP endpoint is set (``OTEL_EXPORTER_OTLP_ENDPOINT`` or
``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``); off when ``OTEL_SDK_DISABLED=true``
or ``OTEL_TRACES_EXPORTER=none``. The exporter, sampler and resource read
the rest of the standard variables themselves (``OTEL_SERVICE_NAME``,
``OTEL_TRACES_SAMPLER``, ``OTEL_EXPORTER_OTLP_HEADERS``…).

Off, nothing is imported or patched, and every entry point here returns at
its first check. On, Casebook makes the spans that carry its meaning — each
HTTP request (with its request id), each GraphQL operation, enqueueing a job
and running it, in one trace — and the OpenTelemetry instrumentations add
SQL (SQLAlchemy), Redis and outbound HTTP (httpx: model providers, webhook
agents). An outbound span names its URL by scheme and host only (``url.full``,
``http.url``): the path or query of a webhook agent's URL may hold a token.
"""

import contextlib
import os
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.trace import Span, Tracer

REQUEST_ID_ATTRIBUTE = "casebook.request_id"
_TRACER_NAME = "casebook"


class _Tracing:
    provider: "TracerProvider | None" = None
    tracer: "Tracer | None" = None


_state = _Tracing()


def requested_by_environment(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the ``OTEL_*`` variables ask for traces."""
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    exporter = environ.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporter:
        return exporter != "none"
    return bool(
        environ.get("OTEL_EXPORTER_OTLP_ENDPOINT")
        or environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    )


def _exporters_from_environment() -> list["SpanExporter"]:
    names = os.environ.get("OTEL_TRACES_EXPORTER", "otlp").strip().lower() or "otlp"
    exporters: list[SpanExporter] = []
    for name in (n.strip() for n in names.split(",")):
        if name == "console":
            from opentelemetry.sdk.trace.export import ConsoleSpanExporter

            exporters.append(ConsoleSpanExporter())
        elif name == "otlp":
            # OTLP over HTTP (protobuf); it reads OTEL_EXPORTER_OTLP_* itself.
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

            exporters.append(OTLPSpanExporter())
        elif name not in ("", "none"):
            raise ValueError(f"OTEL_TRACES_EXPORTER: unknown exporter {name!r} (otlp, console)")
    return exporters


_URL_ATTRIBUTES = ("url.full", "http.url")


def _url_without_path(span: Any, request: Any) -> None:
    """An httpx request hook: the span's URL cut to its scheme and host."""
    if not span.is_recording():
        return
    url = request[1]
    if isinstance(url, tuple):
        scheme, host, port = (p.decode() if isinstance(p, bytes) else p for p in url[:3])
        origin = f"{scheme}://{host}" + (f":{port}" if port else "")
    else:
        origin = f"{url.scheme}://{url.netloc.decode('ascii').rpartition('@')[2]}"
    held = getattr(span, "attributes", None) or {}
    for key in _URL_ATTRIBUTES:
        if key in held:
            span.set_attribute(key, origin)


async def _url_without_path_async(span: Any, request: Any) -> None:
    _url_without_path(span, request)


def configure_from_environment(service: str) -> bool:
    """Turn traces on for this process if the environment asks; ``True`` when on."""
    if _state.tracer is not None:
        return True
    if not requested_by_environment():
        return False
    enable(_exporters_from_environment(), service=service, batch=True)
    return True


def enable(exporters: list["SpanExporter"], *, service: str, batch: bool) -> None:
    """Trace to ``exporters`` from now on (batched in production, at once in tests)."""
    from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor
    from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    disable()
    defaults = {} if os.environ.get("OTEL_SERVICE_NAME") else {"service.name": service}
    provider = TracerProvider(resource=Resource.create(defaults))
    for exporter in exporters:
        processor = BatchSpanProcessor(exporter) if batch else SimpleSpanProcessor(exporter)
        provider.add_span_processor(processor)
    # Engines made from now on are traced: casebook.db.engine creates them after this.
    # The instrumentation's declared range ends below SQLAlchemy 2.1, which it traces
    # as well (the SQL spans are tested).
    SQLAlchemyInstrumentor().instrument(tracer_provider=provider, skip_dep_check=True)
    RedisInstrumentor().instrument(tracer_provider=provider)
    HTTPXClientInstrumentor().instrument(
        tracer_provider=provider,
        request_hook=_url_without_path,
        async_request_hook=_url_without_path_async,
    )
    _state.provider, _state.tracer = provider, provider.get_tracer(_TRACER_NAME)


def disable() -> None:
    """Stop tracing: flush what was recorded and remove the instrumentations."""
    if _state.provider is None:
        return
    from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor
    from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor

    SQLAlchemyInstrumentor().uninstrument()
    RedisInstrumentor().uninstrument()
    HTTPXClientInstrumentor().uninstrument()
    _state.provider.shutdown()
    _state.provider, _state.tracer = None, None


def flush() -> None:
    if _state.provider is not None:
        _state.provider.force_flush()


def tracer() -> "Tracer | None":
    """The tracer, or ``None`` when traces are off (the check every caller makes first)."""
    return _state.tracer


def carrier() -> dict[str, str] | None:
    """The current trace context, to be stored with work another process picks up."""
    if _state.tracer is None:
        return None
    from opentelemetry.propagate import inject

    found: dict[str, str] = {}
    inject(found)
    return found or None


@contextlib.contextmanager
def server_span(method: str, path: str, headers: Mapping[str, str]) -> Iterator["Span | None"]:
    """The span of one HTTP request, continuing the caller's trace (W3C ``traceparent``)."""
    if _state.tracer is None:
        yield None
        return
    from opentelemetry.propagate import extract
    from opentelemetry.trace import SpanKind

    with _state.tracer.start_as_current_span(
        f"{method} {path}",
        context=extract(headers),
        kind=SpanKind.SERVER,
        attributes={"http.request.method": method, "url.path": path},
    ) as span:
        yield span


@contextlib.contextmanager
def span(name: str, *, kind: str = "internal", **attributes: Any) -> Iterator["Span | None"]:
    """A span of Casebook's own, child of the current one (``kind``: internal, producer)."""
    if _state.tracer is None:
        yield None
        return
    from opentelemetry.trace import SpanKind

    with _state.tracer.start_as_current_span(
        name, kind=SpanKind[kind.upper()], attributes=attributes
    ) as current:
        yield current


@contextlib.contextmanager
def continued_span(
    name: str, carried: Mapping[str, str] | None, **attributes: Any
) -> Iterator["Span | None"]:
    """A span continuing the trace ``carrier()`` stored (a job, in the trace that queued it)."""
    if _state.tracer is None:
        yield None
        return
    from opentelemetry.propagate import extract
    from opentelemetry.trace import SpanKind

    with _state.tracer.start_as_current_span(
        name,
        context=extract(dict(carried or {})),
        kind=SpanKind.CONSUMER,
        attributes=attributes,
    ) as current:
        yield current


def current_ids() -> tuple[str, str] | None:
    """The current trace and span ids (hex) for log lines, when traces are on."""
    if _state.tracer is None:
        return None
    from opentelemetry.trace import get_current_span

    context = get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return f"{context.trace_id:032x}", f"{context.span_id:016x}"
