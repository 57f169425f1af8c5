"""The schema file equals the served schema, and every root field declares its permission."""

from pathlib import Path

from casebook.graphql.export_schema import render
from casebook.graphql.permissions import declared_permission
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
        "directive @requires(permission: RequiredPermission!, onDenied: OnDenied! = REFUSE) "
        "on FIELD_DEFINITION" in sdl
    )
    assert "@requires(permission: ORGANIZATION_MANAGE" in sdl
