"""The schema file equals the served schema, and every root field declares its permission."""

from pathlib import Path

import pytest
import strawberry
from graphql import get_introspection_query
from strawberry.types.base import StrawberryOptional
from strawberry.types.unset import UNSET

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import changes_something
from casebook.graphql.export_schema import render
from casebook.graphql.permissions import (
    AUTHENTICATED,
    declared_key_scopes,
    declared_permission,
    refuse_mutations_without_key_scopes,
    requires,
)
from casebook.graphql.schema import schema

ROOT = Path(__file__).resolve().parents[2]


def test_schema_graphql_is_generated_from_the_code() -> None:
    on_disk = (ROOT / "schema.graphql").read_text(encoding="utf-8")
    assert on_disk == render(), "schema.graphql is stale: run `make schema` and commit it"


def _root_fields(kind: str) -> list:
    root = getattr(schema, kind)  # Query / Mutation / Subscription classes
    return list(root.__strawberry_definition__.fields) if root is not None else []


def test_every_mutation_and_subscription_and_query_declares_a_permission() -> None:
    missing = [
        f"{kind}.{field.python_name}"
        for kind in ("query", "mutation", "subscription")
        for field in _root_fields(kind)
        if declared_permission(field) is None
    ]
    assert missing == []


def test_the_permission_directive_is_visible_in_the_sdl() -> None:
    sdl = render()
    assert (
        "directive @requires(permission: RequiredPermission!, onDenied: OnDenied! = REFUSE, "
        "alsoNeeds: AlsoNeeds, keyScopes: [RequiredPermission!]) on FIELD_DEFINITION" in sdl
    )
    assert "@requires(permission: RUNS_VIEW, onDenied: NULL, alsoNeeds: ANSWERING_AGENT)" in sdl
    assert "@requires(permission: ORGANIZATION_MANAGE" in sdl
    assert "@requires(permission: RUNS_VIEW, onDenied: REFUSE, keyScopes: [DATASETS_RUN])" in sdl


def test_every_mutation_names_what_an_api_key_needs_and_never_a_read_scope() -> None:
    """A key scoped to reading is refused every mutation: each has key scopes, and none of
    them only reads."""
    scopes = {field.name: declared_key_scopes(field) for field in _root_fields("mutation")}
    assert [name for name, needed in scopes.items() if needed is None] == []
    reading = {
        name: sorted(p.value for p in needed if not changes_something(p))
        for name, needed in scopes.items()
        if needed and any(not changes_something(p) for p in needed)
    }
    assert reading == {}


def test_a_mutation_without_key_scopes_is_refused_when_the_schema_is_built() -> None:
    @strawberry.type
    class Forgetful:
        @strawberry.mutation(extensions=requires(AUTHENTICATED))
        def forget(self) -> bool:
            return True

        @strawberry.mutation(extensions=requires(Permission.RUNS_VIEW))
        def only_reads(self) -> bool:
            return True

        @strawberry.mutation(extensions=requires(Permission.DATASETS_EDIT))
        def edits(self) -> bool:
            return True

    with pytest.raises(TypeError, match=r"every mutation needs key scopes.*: forget, only_reads$"):
        refuse_mutations_without_key_scopes(Forgetful)
    with pytest.raises(ValueError, match="must change something"):
        requires(AUTHENTICATED, key_scopes=[Permission.DATASETS_VIEW])


def test_every_optional_argument_has_a_default() -> None:
    """An optional argument left out is not passed to its resolver: one without a default
    value would fail as a missing argument (an INTERNAL error) instead of reading as null."""
    missing = [
        f"{definition.name}.{field.python_name}({argument.python_name})"
        for converted in schema.schema_converter.type_map.values()
        for definition in [converted.definition]
        for field in getattr(definition, "fields", None) or []
        for argument in getattr(field, "arguments", None) or []
        if isinstance(argument.type, StrawberryOptional) and argument.default is UNSET
    ]
    assert missing == []


async def test_the_whole_schema_introspects_default_values_included() -> None:
    """Every default value is one introspection can print: clients and tools read them."""
    query = get_introspection_query(
        descriptions=True, input_value_deprecation=True, specified_by_url=True
    )
    result = await schema.execute(query)
    assert result.errors is None


def test_every_node_type_can_be_fetched_by_its_id() -> None:
    """node(id:) of a type without its own resolve_nodes would be an INTERNAL error."""
    from strawberry import relay

    default = relay.Node.resolve_nodes.__func__  # type: ignore[attr-defined]
    unfetchable = [
        converted.definition.name
        for converted in schema.schema_converter.type_map.values()
        if isinstance(getattr(converted.definition, "origin", None), type)
        and issubclass(converted.definition.origin, relay.Node)
        and not converted.definition.is_interface
        and converted.definition.origin.resolve_nodes.__func__ is default
    ]
    assert unfetchable == []
