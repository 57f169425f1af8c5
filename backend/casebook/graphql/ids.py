"""Opaque global IDs: one helper decodes them, checking the type they name.

An id is often copied from the console's address bar, so the forms it takes there are
taken too: percent-encoded (``QWdlbnQ6MQ%3D%3D``), without its ``=`` padding, or the whole
address of the page (``…/datasets/RGF0YXNldDox?tab=cases``, ``…?tab=results&run=…``). One
that cannot be read, or names another kind of thing, is refused saying where the right one
is shown."""

import re
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from strawberry import relay

from casebook.services.kernel.errors import BadUserInput

# Database ids are PostgreSQL bigints; a larger number was never given out.
MAX_DB_ID = 2**63
NOT_GIVEN_OUT = "is not an id this API gave out"

# Where the console shows the id of what a command names, and where its address holds it.
WHERE_SHOWN: dict[str, str] = {
    "Dataset": "copy the dataset's id from its page in the console (Copy id, under its name)",
    "Agent": "copy the agent's id from its page in the console (Copy id, under its name)",
    "EvalRun": "copy the eval run's id from its page in the console (Copy id, under its title)",
}
# The page address segment before an id ("/datasets/{id}"), or the query parameter ("run={id}").
ADDRESS_SEGMENTS = {"Dataset": "datasets", "Agent": "agents"}
ADDRESS_PARAMETERS = {"EvalRun": "run"}
_BASE64 = re.compile(r"^[A-Za-z0-9+/_-]+=*$")


def refusal(message: str, expected_name: str) -> str:
    """``message``, with where the right id is found when the console shows one."""
    where = WHERE_SHOWN.get(expected_name)
    return f"{message}: {where}" if where else message


# The arguments whose name says what kind of thing their id names, for the refusal of one
# Strawberry could not read before any resolver saw it.
ARGUMENT_KINDS = {
    "datasetId": "Dataset",
    "datasetIds": "Dataset",
    "agentId": "Agent",
    "agentIds": "Agent",
    "baselineRunId": "EvalRun",
    "evalRunId": "EvalRun",
}


def kind_named_by(path: str) -> str:
    """The type an argument's id names, by the argument's name ("input.agentIds.1" → Agent);
    "" when the name does not tell."""
    names = [part for part in path.split(".") if not part.isdigit()]
    return ARGUMENT_KINDS.get(names[-1], "") if names else ""


def from_address(value: str, expected_name: str) -> str:
    """The id in what was pasted: itself, or the one the console's address of its page holds."""
    text = value.strip()
    if "/" in text or "?" in text:
        parts = urlsplit(text)
        parameter = ADDRESS_PARAMETERS.get(expected_name)
        found = parse_qs(parts.query).get(parameter, []) if parameter else []
        if found:
            text = found[0]
        else:
            segments = [s for s in parts.path.split("/") if s]
            collection = ADDRESS_SEGMENTS.get(expected_name)
            if collection in segments and segments.index(collection) + 1 < len(segments):
                text = segments[segments.index(collection) + 1]
    text = unquote(text)
    if _BASE64.match(text) and len(text) % 4:
        text += "=" * (-len(text) % 4)
    return text


def decode_id(value: relay.GlobalID | str, expected: type[Any] | str, path: str = "id") -> int:
    """The database id inside a global ID of the expected GraphQL type."""
    expected_name = expected if isinstance(expected, str) else _type_name(expected)
    try:
        gid = (
            value
            if isinstance(value, relay.GlobalID)
            else relay.GlobalID.from_id(from_address(value, expected_name))
        )
    except Exception:
        raise BadUserInput.at(path, refusal(NOT_GIVEN_OUT, expected_name)) from None
    if gid.type_name != expected_name:
        message = f"names a {gid.type_name}, not a {expected_name}"
        raise BadUserInput.at(path, refusal(message, expected_name))
    try:
        db_id = int(gid.node_id)
    except ValueError:
        raise BadUserInput.at(path, refusal(NOT_GIVEN_OUT, expected_name)) from None
    if not 0 < db_id < MAX_DB_ID:
        raise BadUserInput.at(path, refusal(NOT_GIVEN_OUT, expected_name))
    return db_id


def encode_id(type_: type[Any] | str, db_id: int) -> relay.GlobalID:
    return relay.GlobalID(type_ if isinstance(type_, str) else _type_name(type_), str(db_id))


def encode_optional_id(type_: type[Any] | str, db_id: int | None) -> relay.GlobalID | None:
    """``encode_id`` of a reference that may be unset."""
    return None if db_id is None else encode_id(type_, db_id)


def _type_name(cls: type[Any]) -> str:
    definition = getattr(cls, "__strawberry_definition__", None)
    return definition.name if definition is not None else cls.__name__
