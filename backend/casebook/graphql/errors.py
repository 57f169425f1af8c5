"""One error shape for clients: ``extensions.code``, a human message, the fields at fault.

Errors the services and the domain raise pass through with their code; an
unreachable PostgreSQL or Redis is ``UNAVAILABLE`` (the HTTP answer is then
503); anything else is masked as INTERNAL, logged with the request id - which the
answer carries in ``extensions.requestId`` - and never shows a stack or a
secret to the client.
"""

from typing import Any

from graphql.error import GraphQLError
from strawberry.extensions import MaskErrors
from strawberry.relay.types import GlobalIDValueError

from casebook.domain.errors import LimitExceeded, ValidationFailed
from casebook.graphql.ids import encode_id
from casebook.logging import current_request_id
from casebook.services.activity.case_from_message import AlreadyACase
from casebook.services.kernel.errors import (
    BadUserInput,
    ErrorCode,
    LimitExceededError,
    ServiceError,
)
from casebook.services.kernel.outages import as_unavailable

INTERNAL_MESSAGE = (
    "Something went wrong on the server; quote the request id (extensions.requestId) "
    "when you report it."
)


def _shape(error: GraphQLError) -> tuple[ErrorCode, str, dict[str, Any]] | None:
    original = error.original_error
    if original is None:
        # GraphQL's own errors: syntax, validation, unknown fields — safe to show.
        return ErrorCode.GRAPHQL_VALIDATION, error.message, {}
    if isinstance(original, ValidationFailed):
        original = BadUserInput(list(original.errors))
    if isinstance(original, GlobalIDValueError):
        # A global id naming no type of this API, or none that can be fetched by id.
        original = BadUserInput.at("id", "is not an id this API gave out")
    original = as_unavailable(original) or original
    if isinstance(original, LimitExceeded):
        original = LimitExceededError(original.message, original.path)
    if isinstance(original, BadUserInput):
        fields = [{"path": e.path, "message": e.message} for e in original.errors]
        return original.code, original.message, {"fields": fields}
    if isinstance(original, LimitExceededError):
        extra: dict[str, Any] = {}
        if original.path:
            extra["fields"] = [{"path": original.path, "message": original.message}]
        if original.retry_after_seconds is not None:
            extra["retryAfterSeconds"] = original.retry_after_seconds
        return original.code, original.message, extra
    if isinstance(original, AlreadyACase):
        return original.code, original.message, {"caseId": str(encode_id("Case", original.case_id))}
    if isinstance(original, ServiceError):
        return original.code, original.message, {}
    if isinstance(original, GraphQLError):
        return _shape(original)
    return None


def is_expected(error: GraphQLError) -> bool:
    return _shape(error) is not None


def code_of(error: GraphQLError) -> str:
    """The code a client sees for this error, before or after it was shaped."""
    code = (error.extensions or {}).get("code")
    if isinstance(code, str):
        return code
    found = _shape(error)
    return found[0] if found is not None else ErrorCode.INTERNAL


class ErrorShape(MaskErrors):
    def __init__(self) -> None:
        super().__init__(error_message=INTERNAL_MESSAGE)

    def _process_errors(self, errors: list[GraphQLError]) -> list[GraphQLError]:
        shaped: list[GraphQLError] = []
        for error in errors:
            found = _shape(error)
            if found is None:
                # The id the logs carry this error under, so a user can quote it.
                extra = {"requestId": current_request_id()}
                code, message = ErrorCode.INTERNAL, INTERNAL_MESSAGE
            else:
                code, message, extra = found
            shaped.append(
                GraphQLError(
                    message=message,
                    nodes=error.nodes,
                    source=error.source,
                    positions=error.positions,
                    path=error.path,
                    original_error=None,
                    extensions={**(error.extensions or {}), **extra, "code": str(code)},
                )
            )
        return shaped
