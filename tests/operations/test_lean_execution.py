"""Plain fields read directly answer exactly what graphql-core's own path answers —
values, nulls, and errors alike."""

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Any

import pytest
import strawberry
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.graphql.hostile_input import HostileInputGuard
from casebook.graphql.lean_execution import LeanExecutionContext
from casebook.graphql.permissions import OnDenied, requires


@strawberry.enum
class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@strawberry.type
class Item:
    name: str
    label: str | None
    count: int
    ratio: float
    when: datetime | None
    colour: Colour
    tags: list[str]
    partner: "Item | None" = None
    mates: list["Item"] | None = None

    @strawberry.field
    def computed(self) -> str:
        return self.name.upper()


class Broken:
    """Values a resolver should never give: they must fail as graphql-core fails them."""

    name = None  # null in a non-null field
    label = 3.5  # a float where a String is declared
    count = "many"  # not an Int
    ratio = float("inf")
    colour = "green"  # not an enum value
    tags = ("x",)
    when = "not a date"
    partner = "not an item"
    mates = 7

    @property
    def computed(self) -> str:
        raise RuntimeError("boom")


ITEMS: list[Any] = [
    Item(name="a", label=None, count=1, ratio=0.5, when=None, colour=Colour.RED, tags=[]),
    Item(
        name="b",
        label="B",
        count=2**31 - 1,
        ratio=1e-9,
        when=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        colour=Colour.BLUE,
        tags=["t"],
    ),
]
ITEMS[1].partner = ITEMS[0]
ITEMS[1].mates = [ITEMS[0]]


@strawberry.type
class Query:
    @strawberry.field
    def items(self, broken: bool = False) -> list[Item]:
        return [Broken()] if broken else ITEMS  # type: ignore[list-item]

    @strawberry.field
    def one(self) -> Item | None:
        return ITEMS[1]


QUERY = """query($broken: Boolean!) {
  items(broken: $broken) { name label count ratio when colour tags computed
                           partner { name } mates { count }
                           alias: name, again: count }
  one { name }
}"""


def _schema(context: type) -> strawberry.Schema:
    return strawberry.Schema(query=Query, execution_context_class=context)


@pytest.mark.parametrize("broken", [False, True])
def test_lean_and_standard_execution_answer_alike(broken: bool) -> None:
    lean = _schema(LeanExecutionContext).execute_sync(QUERY, {"broken": broken})
    standard = _schema(StrawberryGraphQLCoreExecutionContext).execute_sync(
        QUERY, {"broken": broken}
    )
    assert lean.data == standard.data
    assert [(e.message, e.path) for e in lean.errors or []] == [
        (e.message, e.path) for e in standard.errors or []
    ]
    if broken:
        assert lean.errors  # the broken values did fail
    else:
        assert (
            lean.data is not None and lean.data["items"][1]["when"] == "2026-01-02T03:04:05+00:00"
        )


@strawberry.type
class Guarded:
    open_text: str
    copied_text: str = strawberry.field(
        extensions=requires(Permission.RUNS_VIEW, OnDenied.MASK, mask="[masked]")
    )
    refused: str | None = strawberry.field(extensions=requires(Permission.RUNS_VIEW))


@strawberry.type
class GuardedQuery:
    @strawberry.field(extensions=requires(Permission.DATASETS_VIEW))
    def guarded(self) -> list[Guarded]:
        return [Guarded(open_text="a", copied_text="secret", refused="also secret")]


@dataclass
class Reader:
    actor: Actor | None
    auth: Any = None


@pytest.mark.parametrize("role", [Role.OWNER, Role.VIEWER, None])
def test_access_rules_decide_alike_on_both_paths(role: Role | None) -> None:
    reader = Reader(Actor(1, 1, role) if role is not None else None)
    query = "{ guarded { openText copiedText refused } }"
    answers = [
        strawberry.Schema(query=GuardedQuery, execution_context_class=context).execute_sync(
            query, context_value=reader
        )
        for context in (LeanExecutionContext, StrawberryGraphQLCoreExecutionContext)
    ]
    lean, standard = answers
    assert lean.data == standard.data
    assert [e.message for e in lean.errors or []] == [e.message for e in standard.errors or []]
    if role is Role.OWNER:
        assert lean.data == {
            "guarded": [{"openText": "a", "copiedText": "secret", "refused": "also secret"}]
        }
    elif role is Role.VIEWER:
        assert lean.data is not None
        assert lean.data["guarded"][0]["copiedText"] == "[masked]"  # masked, never read
        assert lean.data["guarded"][0]["refused"] is None and lean.errors


class CountingGuard(HostileInputGuard):
    seen: list[str] = []

    def resolve(self, _next: Any, root: Any, info: Any, *args: Any, **kwargs: Any) -> Any:
        CountingGuard.seen.append(info.field_name)
        return super().resolve(_next, root, info, *args, **kwargs)


def test_plain_fields_skip_a_guard_that_reads_only_arguments_and_arguments_are_still_guarded() -> (
    None
):
    guarded = strawberry.Schema(
        query=Query, extensions=[CountingGuard], execution_context_class=LeanExecutionContext
    )
    CountingGuard.seen = []
    answer = guarded.execute_sync(QUERY, {"broken": False})
    assert answer.errors is None and answer.data is not None
    assert "items" in CountingGuard.seen and "computed" in CountingGuard.seen
    # scalar and enum leaves are read directly; a list of scalars still takes the long way
    assert not {"name", "label", "count", "ratio", "when", "colour"} & set(CountingGuard.seen)
    bad = strawberry.Schema(
        query=TextQuery, extensions=[CountingGuard], execution_context_class=LeanExecutionContext
    ).execute_sync("query($t: String!) { echo(text: $t) }", {"t": "a\x00b"})
    assert bad.errors and "text" in bad.errors[0].message


@strawberry.type
class TextQuery:
    @strawberry.field
    def echo(self, text: str) -> str:
        return text


def test_every_middleware_of_the_schema_lets_plain_fields_take_the_shortcut() -> None:
    """A per-field middleware that is not argument-only would send every field of every
    page the long way (a page of 50 cases then costs several times the CPU)."""
    from strawberry.extensions import SchemaExtension

    from casebook.graphql.schema import schema

    for extension in schema.extensions:
        kind = extension if isinstance(extension, type) else type(extension)
        overrides_resolve = (
            isinstance(kind, type)
            and issubclass(kind, SchemaExtension)
            and kind.resolve is not SchemaExtension.resolve
        )
        if overrides_resolve:
            assert getattr(kind, "reads_only_arguments", False), kind.__name__
