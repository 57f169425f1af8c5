"""Opaque global IDs: one helper decodes them, checking the type they name."""

from typing import Any

from strawberry import relay

from casebook.services.kernel.errors import BadUserInput

# Database ids are PostgreSQL bigints; a larger number was never given out.
MAX_DB_ID = 2**63


def decode_id(value: relay.GlobalID | str, expected: type[Any] | str, path: str = "id") -> int:
    """The database id inside a global ID of the expected GraphQL type."""
    expected_name = expected if isinstance(expected, str) else _type_name(expected)
    try:
        gid = value if isinstance(value, relay.GlobalID) else relay.GlobalID.from_id(value)
    except Exception:
        raise BadUserInput.at(path, "is not an id this API gave out") from None
    if gid.type_name != expected_name:
        raise BadUserInput.at(path, f"names a {gid.type_name}, not a {expected_name}")
    try:
        db_id = int(gid.node_id)
    except ValueError:
        raise BadUserInput.at(path, "is not an id this API gave out") from None
    if not 0 < db_id < MAX_DB_ID:
        raise BadUserInput.at(path, "is not an id this API gave out")
    return db_id


def encode_id(type_: type[Any] | str, db_id: int) -> relay.GlobalID:
    return relay.GlobalID(type_ if isinstance(type_, str) else _type_name(type_), str(db_id))


def encode_optional_id(type_: type[Any] | str, db_id: int | None) -> relay.GlobalID | None:
    """``encode_id`` of a reference that may be unset."""
    return None if db_id is None else encode_id(type_, db_id)


def _type_name(cls: type[Any]) -> str:
    definition = getattr(cls, "__strawberry_definition__", None)
    return definition.name if definition is not None else cls.__name__
