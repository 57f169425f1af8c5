"""Plain leaf fields resolved without graphql-core's per-field machinery.

A page of fifty cases is some eight hundred fields whose value is just an
attribute of a Python object: a string, a number, a date. For each, graphql-core
builds a resolve-info, collects the field's nodes, asks for middleware, calls
Strawberry's default resolver and completes the value through several checks.
For a field Strawberry itself calls *basic* (no resolver, no extension: its
value is ``getattr(source, name)``) whose type is a scalar or an enum, this
execution context reads the attribute and serializes it directly — the same two
steps graphql-core ends with. A plain field of an object or list type that
holds null (a check's eight unused kinds, say) is answered null the same way. A field whose only extensions are access rules
gets the same shortcut when every rule says it lets the value through for this
reader (``passes_through``); a reader a rule would mask or refuse takes the full
path, where the rule decides. Anything else, and any value that is not plainly
valid (null in a non-null field, a value the scalar refuses, an attribute that
raises), takes graphql-core's own path, so results and errors are unchanged.

Middleware (a Strawberry extension with ``resolve``) would run for every field,
so its presence normally sends every field the long way. A middleware that only
inspects a field's arguments declares ``reads_only_arguments = True``: a plain
field has none, so skipping it there changes nothing.
"""

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol, cast

from graphql import (
    GraphQLField,
    GraphQLLeafType,
    GraphQLNonNull,
    GraphQLObjectType,
    Undefined,
    is_leaf_type,
)
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types.field import StrawberryField

DEFINITION_KEY = "strawberry-definition"


class Gate(Protocol):
    def passes_through(self, context: Any, *, at_root: bool) -> bool: ...


@dataclass(frozen=True)
class _Plain:
    attribute: str
    leaf: GraphQLLeafType | None  # None: an object or list, read directly only when null
    nullable: bool
    gates: tuple[Gate, ...]  # access rules that must each let the value through


# GraphQLField (by identity; the schema's fields live as long as the process) → how to
# read it directly, or None when it is not plain.
_plain_fields: dict[int, _Plain | None] = {}


def _read_directly(definition: StrawberryField, field_def: GraphQLField) -> bool:
    if definition.base_resolver is not None:
        return False
    if not definition.extensions:
        return bool(getattr(field_def.resolve, "_is_default", False))
    return all(hasattr(extension, "passes_through") for extension in definition.extensions)


def _plain(field_def: GraphQLField) -> _Plain | None:
    key = id(field_def)
    if key in _plain_fields:
        return _plain_fields[key]
    found: _Plain | None = None
    definition = (field_def.extensions or {}).get(DEFINITION_KEY)
    if isinstance(definition, StrawberryField) and _read_directly(definition, field_def):
        field_type = field_def.type
        nullable = not isinstance(field_type, GraphQLNonNull)
        leaf = field_type.of_type if isinstance(field_type, GraphQLNonNull) else field_type
        if definition.python_name:
            gates = tuple(cast(Gate, extension) for extension in definition.extensions)
            found = _Plain(
                definition.python_name, leaf if is_leaf_type(leaf) else None, nullable, gates
            )
    _plain_fields[key] = found
    return found


def _middleware_allows_shortcut(manager: Any) -> bool:
    return manager is None or all(
        getattr(middleware, "reads_only_arguments", False) for middleware in manager.middlewares
    )


class LeanExecutionContext(StrawberryGraphQLCoreExecutionContext):
    @cached_property
    def _shortcut_allowed(self) -> bool:  # decided once an operation, not once a field
        return _middleware_allows_shortcut(self.middleware_manager)

    def execute_field(
        self,
        parent_type: GraphQLObjectType,
        source: Any,
        field_details_list: Any,
        path: Any,
        position_context: Any,
    ) -> Any:
        if self._shortcut_allowed:
            node = field_details_list[0].node
            field_def = self.schema.get_field(parent_type, node.name.value)
            plain = _plain(field_def) if field_def is not None and not node.arguments else None
            if plain is not None and all(
                gate.passes_through(self.context_value, at_root=path.prev is None)
                for gate in plain.gates
            ):
                try:
                    value = getattr(source, plain.attribute)
                    if value is None:
                        if plain.nullable:
                            return None
                    elif plain.leaf is not None:
                        serialized = plain.leaf.serialize(value)
                        if serialized is not Undefined and serialized is not None:
                            return serialized
                except Exception:  # noqa: S110 — graphql-core's path below reports it
                    pass
        return super().execute_field(
            parent_type, source, field_details_list, path, position_context
        )
