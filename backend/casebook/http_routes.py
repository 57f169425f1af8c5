"""Plain HTTP routes beside GraphQL: downloads a browser saves as files, and metrics.

Downloads authenticate exactly as GraphQL does (session cookie or API key) and
call the same services, so access, masking and the audit entry are the same.
``/metrics`` is for the operator's Prometheus, guarded by its own token when
one is set (``METRICS_TOKEN``).
"""

from collections.abc import AsyncIterator
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from casebook.graphql.ids import decode_id
from casebook.logging import current_request_id
from casebook.observability import exposition
from casebook.services.datasets import case_files
from casebook.services.identity.auth import SESSION_COOKIE, authenticate
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, ServiceError
from casebook.services.kernel.job_queue import sample_job_queue

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


def extra_routes(*, with_metrics: bool) -> list[BaseRoute]:
    routes: list[BaseRoute] = [
        Route("/downloads/import-template.csv", import_template),
        Route("/downloads/datasets/{dataset_id}/export", export_dataset),
    ]
    if with_metrics:
        routes.append(Route("/metrics", metrics))
    return routes
