"""Which fields are plain: a value read as a Python attribute, nothing else asked.

A field Strawberry itself calls *basic* (no resolver, no extension: its value is
``getattr(source, name)``) is plain; so is one whose only extensions are access
rules, for a reader every rule lets through (``Gate.passes_through``). The lean
execution paths (``lean_execution``, ``lean_objects``) read only plain fields.
"""

from dataclasses import dataclass
from typing import Any, Protocol, cast

from graphql import GraphQLField, GraphQLLeafType, GraphQLNonNull, is_leaf_type
from strawberry.types.field import StrawberryField

DEFINITION_KEY = "strawberry-definition"


class Gate(Protocol):
    def passes_through(self, context: Any, *, at_root: bool) -> bool: ...


@dataclass(frozen=True)
class PlainField:
    attribute: str
    leaf: GraphQLLeafType | None  # None: an object or list, read directly only when null
    nullable: bool
    gates: tuple[Gate, ...]  # access rules that must each let the value through


# GraphQLField (by identity) -> the field itself, kept so its id is never another's, and
# how to read it directly, or None when it is not plain. The API's schema lives as long as
# the process; a schema built and dropped (tests build many) must not leave its ids behind
# for another's fields to be taken for them.
_plain_fields: dict[int, tuple[GraphQLField, PlainField | None]] = {}


def _read_directly(definition: StrawberryField, field_def: GraphQLField) -> bool:
    if definition.base_resolver is not None:
        return False
    if not definition.extensions:
        return bool(getattr(field_def.resolve, "_is_default", False))
    return all(hasattr(extension, "passes_through") for extension in definition.extensions)


def plain_field(field_def: GraphQLField) -> PlainField | None:
    key = id(field_def)
    known = _plain_fields.get(key)
    if known is not None and known[0] is field_def:
        return known[1]
    found: PlainField | None = None
    definition = (field_def.extensions or {}).get(DEFINITION_KEY)
    if isinstance(definition, StrawberryField) and _read_directly(definition, field_def):
        field_type = field_def.type
        nullable = not isinstance(field_type, GraphQLNonNull)
        leaf = field_type.of_type if isinstance(field_type, GraphQLNonNull) else field_type
        if definition.python_name:
            gates = tuple(cast(Gate, extension) for extension in definition.extensions)
            found = PlainField(
                definition.python_name, leaf if is_leaf_type(leaf) else None, nullable, gates
            )
    _plain_fields[key] = (field_def, found)
    return found
