"""Plain HTTP routes beside GraphQL: downloads a browser saves as files, metrics, and
OpenTelemetry traces.

Downloads authenticate exactly as GraphQL does (session cookie or API key) and
call the same services, so access, masking and the audit entry are the same.
``/metrics`` is for the operator's Prometheus, guarded by its own token when
one is set (``METRICS_TOKEN``). ``POST /v1/traces`` is OTLP/HTTP's trace export,
for an API key (``docs/otlp.md``).
"""

import asyncio
from collections.abc import AsyncIterator
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from casebook.domain.access.catalog import Permission
from casebook.domain.activity.traces import limits as trace_limits
from casebook.domain.activity.traces import wire
from casebook.domain.activity.traces.spans import Reading, read_request
from casebook.graphql.ids import decode_id, encode_id
from casebook.logging import current_request_id
from casebook.observability import exposition
from casebook.services.activity.traces.record import record_traces
from casebook.services.datasets import case_files
from casebook.services.evals import results_export
from casebook.services.identity.auth import SESSION_COOKIE, authenticate
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import (
    BadUserInput,
    Forbidden,
    ServiceError,
    Unauthenticated,
    Unavailable,
)
from casebook.services.kernel.job_queue import sample_job_queue
from casebook.services.kernel.outages import as_unavailable

_STATUS = {
    "NOT_FOUND": 404,
    "FORBIDDEN": 403,
    "UNAUTHENTICATED": 401,
    "BAD_USER_INPUT": 400,
    "LIMIT_EXCEEDED": 413,
    "CONFLICT": 409,
}


def _download_headers(filename: str) -> dict[str, str]:
    return {
        "content-disposition": f"attachment; filename*=UTF-8''{quote(filename)}",
        "cache-control": "no-store",
    }


def _attachment(body: str, filename: str, content_type: str) -> Response:
    return Response(body, media_type=content_type, headers=_download_headers(filename))


async def _encoded(chunks: AsyncIterator[str]) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        yield chunk.encode()


async def _services(request: Request) -> ServiceContext:
    state = request.app.state.casebook
    authorization = request.headers.get("authorization", "")
    auth = await authenticate(
        state.sessionmaker,
        state.settings,
        session_token=request.cookies.get(SESSION_COOKIE),
        bearer=authorization[7:].strip() if authorization.lower().startswith("bearer ") else None,
        csrf_header=None,
    )
    return ServiceContext(
        state.sessionmaker, state.redis, state.settings, auth.actor, current_request_id()
    )


async def export_dataset(request: Request) -> Response:
    try:
        services = await _services(request)
        dataset_id = decode_id(request.path_params["dataset_id"], "Dataset", "datasetId")
        raw_version = request.query_params.get("version")
        if raw_version is not None and not raw_version.isdigit():
            raise BadUserInput.at("version", "must be a version number")
        exported = await case_files.export_cases(
            services,
            dataset_id,
            version=int(raw_version) if raw_version else None,
            fmt=request.query_params.get("format", "jsonl"),
        )
    except ServiceError as error:
        return JSONResponse(
            {"code": error.code, "message": error.message}, status_code=_STATUS.get(error.code, 500)
        )
    # Streamed page by page (see case_files): the whole file is never held in memory.
    return StreamingResponse(
        _encoded(exported.chunks),
        media_type=exported.content_type,
        headers=_download_headers(exported.filename),
    )


async def export_eval_results(request: Request) -> Response:
    """An eval run's per-case results as CSV or JSONL, streamed as a dataset export is."""
    try:
        services = await _services(request)
        run_id = decode_id(request.path_params["run_id"], "EvalRun", "runId")
        exported = await results_export.export_results(
            services,
            run_id,
            fmt=request.query_params.get("format", "jsonl"),
            case_id_of=lambda case_id: str(encode_id("Case", case_id)),
        )
    except ServiceError as error:
        return JSONResponse(
            {"code": error.code, "message": error.message}, status_code=_STATUS.get(error.code, 500)
        )
    return StreamingResponse(
        _encoded(exported.chunks),
        media_type=exported.content_type,
        headers=_download_headers(exported.filename),
    )


async def import_template(_: Request) -> Response:
    return _attachment(
        case_files.import_template(), "casebook-import-template.csv", "text/csv; charset=utf-8"
    )


async def metrics(request: Request) -> Response:
    state = request.app.state.casebook
    if not exposition.authorized(
        request.headers.get("authorization"), state.settings.metrics_token
    ):
        return Response("send the metrics token\n", status_code=401, media_type="text/plain")
    await sample_job_queue(state.sessionmaker)
    return Response(exposition.render(), media_type=exposition.CONTENT_TYPE)


def _otlp_failure(
    status: int, code: int, message: str, encoding: wire.Encoding, retry_after: int | None = None
) -> Response:
    headers = {"retry-after": str(retry_after)} if retry_after is not None else {}
    if status == 401:
        headers["www-authenticate"] = "Bearer"
    return Response(
        wire.status_body(code, message, encoding),
        status_code=status,
        media_type=wire.media_type(encoding),
        headers=headers,
    )


async def _bounded_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise wire.TooLarge(limit)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise wire.TooLarge(limit)
    return bytes(body)


def _read_export(body: bytes, content_encoding: str | None, encoding: wire.Encoding) -> Reading:
    data = wire.decompressed(body, content_encoding, trace_limits.BODY_MAX_BYTES)
    return read_request(wire.parse_request(data, encoding), trace_limits.SPANS_MAX)


async def receive_traces(request: Request) -> Response:
    """OTLP/HTTP trace export: the answers exporters act on - 200 (with the rejected spans
    counted), 400, 401, 403, 413, 415, and 429 or 503 with Retry-After to send again."""
    try:
        encoding = wire.encoding_of(request.headers.get("content-type"))
    except wire.UnsupportedEncoding as refused:
        return _otlp_failure(415, wire.INVALID_ARGUMENT, str(refused), "json")
    state = request.app.state
    if not request.headers.get("authorization", "").lower().startswith("bearer "):
        return _otlp_failure(
            401, wire.UNAUTHENTICATED, "send an API key: Authorization: Bearer cbk_…", encoding
        )
    in_flight = getattr(state, "otlp_in_flight", 0)
    if in_flight >= state.casebook.settings.otlp_requests_in_flight:
        return _otlp_failure(
            429, wire.RESOURCE_EXHAUSTED, "too many exports at once; send again", encoding, 1
        )
    state.otlp_in_flight = in_flight + 1
    try:
        services = await _services(request)
        services.require_permission(Permission.RUNS_VIEW)
        body = await _bounded_body(request, trace_limits.BODY_MAX_BYTES)
        reading = await asyncio.to_thread(
            _read_export, body, request.headers.get("content-encoding"), encoding
        )
        intake = await record_traces(services, reading)
    except wire.UnsupportedEncoding as refused:
        return _otlp_failure(415, wire.INVALID_ARGUMENT, str(refused), encoding)
    except wire.TooLarge as refused:
        return _otlp_failure(413, wire.INVALID_ARGUMENT, str(refused), encoding)
    except wire.NotOtlp as refused:
        return _otlp_failure(400, wire.INVALID_ARGUMENT, str(refused), encoding)
    except Unauthenticated as refused:
        return _otlp_failure(401, wire.UNAUTHENTICATED, refused.message, encoding)
    except Forbidden as refused:
        return _otlp_failure(403, wire.PERMISSION_DENIED, refused.message, encoding)
    except Unavailable as refused:
        return _otlp_failure(503, wire.UNAVAILABLE, refused.message, encoding, 5)
    except ServiceError as refused:
        return _otlp_failure(400, wire.INVALID_ARGUMENT, refused.message, encoding)
    except Exception as error:
        outage = as_unavailable(error)
        if outage is None:
            raise
        return _otlp_failure(503, wire.UNAVAILABLE, outage.message, encoding, 5)
    finally:
        state.otlp_in_flight -= 1
    return Response(
        wire.success_body(intake.rejected, intake.message, encoding),
        media_type=wire.media_type(encoding),
    )


def extra_routes(*, with_metrics: bool) -> list[BaseRoute]:
    routes: list[BaseRoute] = [
        Route("/downloads/import-template.csv", import_template),
        Route("/downloads/datasets/{dataset_id}/export", export_dataset),
        Route("/downloads/eval-runs/{run_id}/results", export_eval_results),
        Route("/v1/traces", receive_traces, methods=["POST"]),
    ]
    if with_metrics:
        routes.append(Route("/metrics", metrics))
    return routes
