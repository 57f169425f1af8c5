"""The media type of a GraphQL answer over HTTP, as the GraphQL-over-HTTP spec asks.

A client that accepts ``application/graphql-response+json`` (and prefers it to
``application/json``, or names it alone) gets an answer of that type whose
status says what kind of answer it is: a *request error* - the document did not
parse, did not validate, or its variables could not be coerced, so nothing was
executed - is a 400 (503 for an outage) with no ``data`` entry at all. Field
errors of an executed operation keep 200 and their ``data``.

Every other client - no Accept header, ``*/*``, ``application/json`` - gets
``application/json`` with 200 for any GraphQL answer, as the spec asks for that
type (a legacy client reads the body, not the status).
"""

from typing import Any, Final

GRAPHQL_RESPONSE: Final = "application/graphql-response+json"
JSON: Final = "application/json"


def _preferences(accept: str) -> dict[str, float]:
    """Each media range of an Accept header with its quality (1 unless given)."""
    found: dict[str, float] = {}
    for part in accept.split(","):
        media, *parameters = (piece.strip() for piece in part.split(";"))
        if not media:
            continue
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        media = media.lower()
        found[media] = max(quality, found.get(media, 0.0))
    return found


def wants_graphql_response(accept: str | None) -> bool:
    """Whether the answer is ``application/graphql-response+json``: the client accepts it at
    least as much as ``application/json`` (the spec's type, preferred on a tie)."""
    if not accept:
        return False
    preferences = _preferences(accept)
    ours = preferences.get(GRAPHQL_RESPONSE, 0.0)
    return ours > 0 and ours >= preferences.get(JSON, 0.0)


def is_request_error(result: Any) -> bool:
    """An answer to a request that was not executed: no data and only errors that belong to
    no field (parsing, validation, variable coercion, a refusal before execution)."""
    errors = getattr(result, "errors", None) or ()
    return (
        getattr(result, "data", None) is None
        and bool(errors)
        and all(not getattr(error, "path", None) for error in errors)
    )
