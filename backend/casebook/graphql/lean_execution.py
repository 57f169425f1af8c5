"""Plain leaf fields resolved without graphql-core's per-field machinery.

A page of fifty cases is some eight hundred fields whose value is just an
attribute of a Python object: a string, a number, a date. For each, graphql-core
builds a resolve-info, collects the field's nodes, asks for middleware, calls
Strawberry's default resolver and completes the value through several checks.
For a field Strawberry itself calls *basic* (no resolver, no extension: its
value is ``getattr(source, name)``) whose type is a scalar or an enum, this
execution context reads the attribute and serializes it directly — the same two
steps graphql-core ends with. Anything else, and any value that is not plainly
valid (null in a non-null field, a value the scalar refuses, an attribute that
raises), takes graphql-core's own path, so results and errors are unchanged.
"""

from typing import Any

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
_NOT_PLAIN = None
# GraphQLField (by identity; the schema's fields live as long as the process) →
# (attribute name, leaf type, nullable), or None when the field is not plain.
_plain_fields: dict[int, tuple[str, GraphQLLeafType, bool] | None] = {}


def _plain(field_def: GraphQLField) -> tuple[str, GraphQLLeafType, bool] | None:
    key = id(field_def)
    if key in _plain_fields:
        return _plain_fields[key]
    found: tuple[str, GraphQLLeafType, bool] | None = _NOT_PLAIN
    definition = (field_def.extensions or {}).get(DEFINITION_KEY)
    resolver_is_default = getattr(field_def.resolve, "_is_default", False)
    if (
        isinstance(definition, StrawberryField)
        and definition.is_basic_field
        and resolver_is_default
    ):
        field_type = field_def.type
        nullable = not isinstance(field_type, GraphQLNonNull)
        leaf = field_type.of_type if isinstance(field_type, GraphQLNonNull) else field_type
        if is_leaf_type(leaf) and definition.python_name:
            found = (definition.python_name, leaf, nullable)
    _plain_fields[key] = found
    return found


class LeanExecutionContext(StrawberryGraphQLCoreExecutionContext):
    def execute_field(
        self,
        parent_type: GraphQLObjectType,
        source: Any,
        field_details_list: Any,
        path: Any,
        position_context: Any,
    ) -> Any:
        manager = self.middleware_manager
        if manager is None or not manager.middlewares:
            node = field_details_list[0].node
            field_def = self.schema.get_field(parent_type, node.name.value)
            plain = _plain(field_def) if field_def is not None and not node.arguments else None
            if plain is not None:
                name, leaf, nullable = plain
                try:
                    value = getattr(source, name)
                    if value is None:
                        if nullable:
                            return None
                    else:
                        serialized = leaf.serialize(value)
                        if serialized is not Undefined and serialized is not None:
                            return serialized
                except Exception:  # noqa: S110 — graphql-core's path below reports it
                    pass
        return super().execute_field(
            parent_type, source, field_details_list, path, position_context
        )
