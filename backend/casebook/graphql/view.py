"""The Strawberry view: builds each request's context from its credentials."""

import json
from collections.abc import Awaitable
from typing import Any

import orjson
import structlog
from cross_web import AsyncHTTPRequestAdapter, HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL
from strawberry.exceptions import ConnectionRejectionError
from strawberry.http import GraphQLHTTPResponse, process_result
from strawberry.types import ExecutionResult

from casebook.domain.exact_json import load_json
from casebook.graphql.context import GraphQLContext
from casebook.graphql.ids import decode_id
from casebook.graphql.live import LivePrincipal
from casebook.graphql.response_media import (
    GRAPHQL_RESPONSE,
    is_request_error,
    wants_graphql_response,
)
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.graphql.ws_protocol import ConnectionUnavailable, TransportWSHandler
from casebook.logging import current_request_id
from casebook.services.identity.auth import (
    CSRF_HEADER,
    ORGANIZATION_HEADER,
    SESSION_COOKIE,
    Authentication,
    authenticate,
)
from casebook.services.identity.batched_auth import Batched, Credentials, authenticate_many
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ErrorCode, ServiceError, Unavailable
from casebook.services.kernel.outages import as_unavailable

log = structlog.get_logger("casebook.graphql")
RETRY_AFTER_SECONDS = "5"


# A cross-site HTML form can post multipart/form-data without a CORS preflight, so a
# multipart request must carry one of these headers, which no form can set and which
# make a browser ask the server first (the console sends its CSRF token; integrators
# their key; other clients the header Apollo's clients use for the same purpose).
PREFLIGHT_HEADERS = (CSRF_HEADER, "authorization", "apollo-require-preflight")


def _bearer(value: str | None) -> str | None:
    if value and value.lower().startswith("bearer "):
        return value[7:].strip()
    return None


class CasebookGraphQL(GraphQL[GraphQLContext, None]):
    graphql_transport_ws_handler_class = TransportWSHandler

    def __init__(self, schema: Any, *, state: Any, allowed_origins: list[str]) -> None:
        super().__init__(
            schema,
            keep_alive=True,
            keep_alive_interval=15,
            multipart_uploads_enabled=True,
            allowed_origins=allowed_origins,
        )
        self.state = state
        self._live_checks: Batched[Credentials, Authentication] = Batched(
            lambda batch: authenticate_many(state.sessionmaker, state.settings, batch)
        )

    def parse_json(self, data: str | bytes) -> Any:
        """A body that is not a JSON object or list - invalid UTF-8 and nesting past what a
        parser follows included - is a 400, never a server error."""
        try:
            parsed = load_json(data)
        except (ValueError, RecursionError):
            raise HTTPException(400, "Unable to parse request body as JSON") from None
        if not isinstance(parsed, dict | list):
            raise HTTPException(400, "The request body must be a JSON object (or a batch list)")
        return parsed

    async def parse_multipart(self, request: AsyncHTTPRequestAdapter) -> dict[str, str]:
        if not any(request.headers.get(name) for name in PREFLIGHT_HEADERS):
            raise HTTPException(
                400,
                "a multipart request must carry one of the headers "
                + ", ".join(PREFLIGHT_HEADERS)
                + ", so that a cross-site form cannot send it",
            )
        try:
            return await super().parse_multipart(request)
        except (TypeError, ValueError, IndexError, AttributeError):
            # The map names a place the operations do not have (inside a null, past a
            # list's end, in a string): the request is malformed, not the server.
            raise HTTPException(
                400, "the map names a place that is not a variable of the operations"
            ) from None

    async def _authenticate(
        self, request: Request | WebSocket, params: dict[str, Any]
    ) -> Authentication:
        credentials = self._credentials(request, params)
        return await self._outage_named(
            authenticate(
                self.state.sessionmaker,
                self.state.settings,
                session_token=credentials.session_token,
                bearer=credentials.bearer,
                csrf_header=credentials.csrf_header,
                organization_hint=credentials.organization_hint,
            )
        )

    async def _authenticate_live(self, credentials: Credentials) -> Authentication:
        """A websocket's credentials, with those of the other sockets checked in the same
        turn of the event loop (their periodic checks share the process's ticks)."""
        return await self._outage_named(self._live_checks(credentials))

    async def _outage_named(self, checking: Awaitable[Authentication]) -> Authentication:
        try:
            return await checking
        except Exception as error:
            unavailable = as_unavailable(error)
            if unavailable is None:
                raise
            raise unavailable from error

    def _credentials(self, request: Request | WebSocket, params: dict[str, Any]) -> Credentials:
        headers = request.headers
        org_hint_raw = headers.get(ORGANIZATION_HEADER) or params.get("organizationId")
        org_hint = (
            decode_id(org_hint_raw, OrganizationType, "organizationId") if org_hint_raw else None
        )
        bearer = _bearer(headers.get("authorization")) or _bearer(params.get("authorization"))
        return Credentials(
            session_token=request.cookies.get(SESSION_COOKIE),
            bearer=bearer,
            csrf_header=headers.get(CSRF_HEADER),
            organization_hint=org_hint,
        )

    def _services(self, auth: Authentication) -> ServiceContext:
        return ServiceContext(
            self.state.sessionmaker,
            self.state.redis,
            self.state.settings,
            auth.actor,
            current_request_id(),
        )

    async def get_context(
        self, request: Request | WebSocket, response: Response | WebSocket | None = None
    ) -> GraphQLContext:
        try:
            auth = (
                await self._authenticate(request, {})
                if isinstance(request, Request)
                else Authentication(None, "anonymous")
            )
        except ServiceError as error:
            # A bad key (or credentials that could not be checked for an outage) must
            # not silently become anonymous: every operation answers with the error.
            auth = Authentication(None, "rejected", rejection=error)
        services = self._services(auth)
        return GraphQLContext(
            request=request,
            response=response,
            services=services,
            auth=auth,
            hub=self.state.live,
        )

    async def on_ws_connect(self, context: GraphQLContext) -> Any:
        params = dict(context.connection_params or {})
        try:
            credentials = self._credentials(context.request, params)
            auth = await self._authenticate_live(credentials)
        except Unavailable as outage:
            # Not a refusal: the same credentials may well pass once it is back.
            raise ConnectionUnavailable(outage.system, RETRY_AFTER_SECONDS) from None
        except ServiceError as error:
            raise ConnectionRejectionError({"code": error.code, "message": error.message}) from None
        context.act_as(auth, self._services(auth))
        context.live = LivePrincipal(
            lambda: self._authenticate_live(credentials),
            every_seconds=self.state.settings.live_recheck_seconds,
        )
        return None

    def encode_json(self, data: object) -> str:
        """orjson, several times faster than the standard library on a page of cases;
        the standard library for what orjson refuses (integers beyond 64 bits). Text, not
        bytes: Strawberry sends bytes over a websocket as binary frames, which browsers'
        graphql-ws clients cannot read."""
        try:
            return orjson.dumps(data).decode()
        except TypeError:
            return json.dumps(data)

    async def get_sub_response(self, request: Request | WebSocket) -> Response:
        sub_response = await super().get_sub_response(request)
        # The answer's media type, negotiated once from the request (response_media).
        if wants_graphql_response(request.headers.get("accept")):
            sub_response.media_type = GRAPHQL_RESPONSE
        return sub_response

    async def process_result(
        self, request: Request, result: ExecutionResult
    ) -> GraphQLHTTPResponse:
        processed = process_result(result)
        if wants_graphql_response(request.headers.get("accept")) and is_request_error(result):
            # Nothing was executed: the spec's type has no `data` entry then.
            processed.pop("data", None)
        return processed

    def create_response(self, response_data: Any, sub_response: Response) -> Response:
        response = super().create_response(response_data, sub_response)
        if sub_response.media_type == GRAPHQL_RESPONSE:
            response.headers["content-type"] = f"{GRAPHQL_RESPONSE}; charset=utf-8"
            if isinstance(response_data, dict) and "data" not in response_data:
                response.status_code = 400  # a request error (an outage is 503, below)
        if _answers_unavailable(response_data):
            # A client, proxy or load balancer retries a 503; a 200 it would take as an answer.
            response.status_code = 503
            response.headers["retry-after"] = RETRY_AFTER_SECONDS
            log.warning("answered UNAVAILABLE", status=503)
        return response


def _answers_unavailable(response_data: Any) -> bool:
    results = response_data if isinstance(response_data, list) else [response_data]
    return any(
        (error.get("extensions") or {}).get("code") == ErrorCode.UNAVAILABLE
        for result in results
        for error in (result.get("errors") or [])
    )
