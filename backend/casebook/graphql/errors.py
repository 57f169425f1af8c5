"""One error shape for clients: ``extensions.code``, a human message, the fields at fault.

Errors the services and the domain raise pass through with their code; an
unreachable PostgreSQL or Redis is ``UNAVAILABLE`` (the HTTP answer is then
503); anything else is masked as INTERNAL, logged with the request id - which the
answer carries in ``extensions.requestId`` - and never shows a stack or a
secret to the client.
"""

import re
from collections.abc import Iterator, Mapping
from typing import Any

from graphql.error import GraphQLError
from graphql.language import (
    FieldNode,
    ListValueNode,
    ObjectValueNode,
    StringValueNode,
    ValueNode,
    VariableNode,
)
from strawberry.extensions import MaskErrors
from strawberry.relay.types import GlobalIDValueError

from casebook.domain.errors import LimitExceeded, PermissionsMissing, ValidationFailed
from casebook.graphql.ids import NOT_GIVEN_OUT, encode_id, kind_named_by, refusal
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


_UNREADABLE_ID = re.compile(r'GlobalID: "(?P<value>.*)"\.?$', re.DOTALL)


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every string in an argument's value - given in the query or as a variable - with
    the path to it (``input.agentIds.0``)."""
    if isinstance(value, StringValueNode):
        yield path, value.value
    elif isinstance(value, ListValueNode):
        for index, item in enumerate(value.values):
            yield from _strings(item, f"{path}.{index}")
    elif isinstance(value, ObjectValueNode):
        for field in value.fields:
            yield from _strings(field.value, f"{path}.{field.name.value}")
    elif isinstance(value, str):
        yield path, value
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}.{index}")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}")


def _unreadable_id_path(error: GraphQLError, variables: Mapping[str, Any] | None) -> str:
    """The argument (or the field of an input) holding the id Strawberry could not read,
    found by its value among the field's arguments; ``id`` when it cannot be told."""
    found = _UNREADABLE_ID.search(str(error.original_error))
    field = error.nodes[0] if error.nodes else None
    if found is None or not isinstance(field, FieldNode):
        return "id"
    for argument in field.arguments or ():
        value: ValueNode | Any = argument.value
        if isinstance(value, VariableNode):
            value = (variables or {}).get(value.name.value)
        for path, text in _strings(value, argument.name.value):
            if text == found["value"]:
                return path
    return "id"


def _shape(
    error: GraphQLError, variables: Mapping[str, Any] | None = None
) -> tuple[ErrorCode, str, dict[str, Any]] | None:
    original = error.original_error
    if original is None:
        # GraphQL's own errors: syntax, validation, unknown fields — safe to show.
        return ErrorCode.GRAPHQL_VALIDATION, error.message, {}
    if isinstance(original, PermissionsMissing):
        fields = [{"path": e.path, "message": e.message} for e in original.errors]
        return ErrorCode.FORBIDDEN, original.summary(), {"fields": fields}
    if isinstance(original, ValidationFailed):
        original = BadUserInput(list(original.errors))
    if isinstance(original, GlobalIDValueError):
        # A global id naming no type of this API, or none that can be fetched by id.
        path = _unreadable_id_path(error, variables)
        original = BadUserInput.at(path, refusal(NOT_GIVEN_OUT, kind_named_by(path)))
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
        inner = _shape(original, variables)
        if inner is not None and original.original_error is None:
            # A value a scalar refused, wrapped where graphql-core read it: the outer
            # message names the variable or argument ("Variable '$since' has invalid
            # value: ..."), the inner one only the value.
            return inner[0], error.message, inner[2]
        return inner
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

    def _process_result(self, result: object) -> None:
        # What Strawberry's does, without its runtime-checked Protocol: an isinstance
        # against it costs more than the rest of a subscription's event.
        errors = getattr(result, "errors", None)
        if errors:
            result.errors = self._process_errors(errors)  # type: ignore[attr-defined]

    def _process_errors(self, errors: list[GraphQLError]) -> list[GraphQLError]:
        shaped: list[GraphQLError] = []
        variables = self.execution_context.variables
        for error in errors:
            found = _shape(error, variables)
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
