"""Objects completed as one plan answer exactly what graphql-core's own path answers —
values, nulls and errors alike — and a plan is used only where every field is plain."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pytest
import strawberry
from strawberry import relay
from strawberry.extensions import ParserCache
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.graphql.lean_execution import LeanExecutionContext
from casebook.graphql.lean_objects import Planner
from casebook.graphql.permissions import OnDenied, requires


@strawberry.type
class Turn:
    role: str
    content: str


@strawberry.type
class Check:
    contains: str | None = None
    length: int | None = None


@strawberry.type(name="Thing")
class Thing(relay.Node):
    id: relay.NodeID[int]
    title: str
    note: str | None
    turns: list[Turn]
    checks: list[Check]
    tags: list[str]
    copied: str = strawberry.field(
        extensions=requires(Permission.RUNS_VIEW, OnDenied.MASK, mask="[masked]")
    )

    @classmethod
    def resolve_nodes(cls, *, info: Any, node_ids: Iterable[str], required: bool = False) -> Any:
        return [THINGS[int(i) - 1] for i in node_ids]


@strawberry.type(name="Renamed")
class Renamed(relay.Node):
    """A node that finds its id its own way: the plan must leave it to Strawberry."""

    id: relay.NodeID[int]

    @classmethod
    def resolve_id(cls, root: Any, *, info: Any) -> str:
        return f"{root.id}0"

    @classmethod
    def resolve_nodes(cls, *, info: Any, node_ids: Iterable[str], required: bool = False) -> Any:
        return []


@dataclass
class Wrong:
    """Not a Thing: a field declared as Thing holding it must fail as graphql-core fails it."""

    id: int = 9
    title: str = "wrong"


class Broken:
    id = 7
    title = None  # null in a non-null field
    note = 3.5
    turns = "not a list"
    checks: list[Any] = []
    tags = ("fine",)
    copied = "x"


THINGS = [
    Thing(id=1, title="a", note=None, turns=[], checks=[], tags=[], copied="secret a"),
    Thing(
        id=2,
        title="b",
        note="n",
        turns=[Turn(role="user", content="hi"), Turn(role="assistant", content="hello")],
        checks=[Check(contains="x"), Check(length=3)],
        tags=["t", "u"],
        copied="secret b",
    ),
]


@strawberry.type
class Edge:
    cursor: str
    node: Thing


@strawberry.type
class Page:
    total: int
    edges: list[Edge]


@strawberry.type
class Query:
    @strawberry.field
    def page(self, kind: str = "good") -> Page:
        things: list[Any] = {"good": THINGS, "broken": [Broken()], "wrong": [Wrong()]}[kind]
        return Page(total=len(things), edges=[Edge(cursor=f"c{t.id}", node=t) for t in things])

    @strawberry.field
    def renamed(self) -> Renamed:
        return Renamed(id=4)

    @strawberry.field
    def unsaved(self) -> Thing:
        """A node whose id attribute is None (a row not yet given one)."""
        return Thing(id=None, title="draft", note=None, turns=[], checks=[], tags=[], copied="c")  # type: ignore[arg-type]


@dataclass
class Reader:
    actor: Actor | None
    auth: Any = None


PAGE = """query($kind: String!, $withTags: Boolean!) {
  page(kind: $kind) { total __typename
    edges { cursor node { ...ThingFields tags @include(if: $withTags) } } } }
fragment ThingFields on Thing { id title note copied
  turns { role content } checks { contains length } again: title __typename }"""
PLAIN_PAGE = """query($kind: String!) { page(kind: $kind) { total __typename
  edges { cursor node { id title note copied turns { role content }
                        checks { contains length } tags again: title __typename } } } }"""


def _answer(context: type, query: str, variables: dict[str, Any], role: Role | None) -> Any:
    reader = Reader(Actor(1, 1, role) if role is not None else None)
    schema = strawberry.Schema(query=Query, types=[Thing], execution_context_class=context)
    return schema.execute_sync(query, variables, context_value=reader)


@pytest.mark.parametrize("kind", ["good", "broken", "wrong"])
@pytest.mark.parametrize("role", [Role.OWNER, Role.VIEWER])
@pytest.mark.parametrize("query", [PAGE, PLAIN_PAGE])
def test_a_planned_object_answers_as_graphql_core_does(kind: str, role: Role, query: str) -> None:
    variables = {"kind": kind, "withTags": kind != "wrong"}
    lean = _answer(LeanExecutionContext, query, variables, role)
    standard = _answer(StrawberryGraphQLCoreExecutionContext, query, variables, role)
    assert lean.data == standard.data
    assert [(e.message, e.path) for e in lean.errors or []] == [
        (e.message, e.path) for e in standard.errors or []
    ]
    if kind == "good":
        assert lean.errors is None
        node = lean.data["page"]["edges"][1]["node"]
        assert node["turns"][1] == {"role": "assistant", "content": "hello"}
        assert node["copied"] == ("secret b" if role is Role.OWNER else "[masked]")
    else:
        assert lean.errors  # the broken values did fail, where graphql-core fails them


def test_a_node_that_finds_its_own_id_keeps_it() -> None:
    query = "{ renamed { id } }"
    lean = _answer(LeanExecutionContext, query, {}, Role.OWNER)
    standard = _answer(StrawberryGraphQLCoreExecutionContext, query, {}, Role.OWNER)
    assert lean.errors is None and lean.data == standard.data


@pytest.mark.parametrize("query", ["{ unsaved { id title } }", "{ unsaved { title id } }"])
def test_a_node_whose_id_is_none_fails_as_strawberry_fails_it(query: str) -> None:
    lean = _answer(LeanExecutionContext, query, {}, Role.OWNER)
    standard = _answer(StrawberryGraphQLCoreExecutionContext, query, {}, Role.OWNER)
    assert standard.errors and [e.path for e in standard.errors] == [["unsaved", "id"]]
    assert lean.data == standard.data is None  # not the id of "Thing:None"
    assert [(e.message, e.path) for e in lean.errors or []] == [
        (e.message, e.path) for e in standard.errors
    ]


class Counting(LeanExecutionContext):
    """Counts the fields graphql-core executes itself."""

    executed: list[str] = []

    def execute_field(self, parent_type: Any, source: Any, details: Any, *args: Any) -> Any:
        Counting.executed.append(f"{parent_type.name}.{details[0].node.name.value}")
        return super().execute_field(parent_type, source, details, *args)


def test_an_all_plain_selection_is_completed_as_one_step_and_a_masking_reader_is_not() -> None:
    Counting.executed = []
    owner = _answer(Counting, PLAIN_PAGE, {"kind": "good"}, Role.OWNER)
    assert owner.errors is None
    assert Counting.executed == ["Query.page"]  # the page and all below it: one plan
    Counting.executed = []
    viewer = _answer(Counting, PLAIN_PAGE, {"kind": "good"}, Role.VIEWER)
    assert viewer.errors is None
    # The rule masks copied text for a viewer: each thing is completed field by field.
    assert "Thing.copied" in Counting.executed and "Thing.title" in Counting.executed


def _cached_schema(context: type) -> strawberry.Schema:
    return strawberry.Schema(
        query=Query,
        types=[Thing],
        execution_context_class=context,
        extensions=[lambda: ParserCache(maxsize=10)],
    )


def test_a_plan_shared_between_executions_of_a_document_still_masks_for_each_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[str] = []
    build = Planner._build

    def counted(planner: Planner, object_type: Any, field_group: Any) -> Any:
        built.append(object_type.name)
        return build(planner, object_type, field_group)

    monkeypatch.setattr(Planner, "_build", counted)
    schema = _cached_schema(Counting)
    answers = {}
    builds = []
    for turn, role in enumerate([Role.OWNER, Role.VIEWER, Role.OWNER, Role.VIEWER]):
        Counting.executed = []
        built.clear()
        answer = schema.execute_sync(
            PLAIN_PAGE, {"kind": "good"}, context_value=Reader(Actor(1, 1, role))
        )
        assert answer.errors is None
        node = answer.data["page"]["edges"][1]["node"]
        assert node["copied"] == ("secret b" if role is Role.OWNER else "[masked]")
        answers[turn] = (answer.data, list(Counting.executed))
        builds.append(list(built))
    assert answers[0] == answers[2] and answers[1] == answers[3]
    assert answers[2][1] == ["Query.page"]  # the owner's plan, shared by the next execution
    assert builds[0] == ["Page", "Edge", "Thing", "Turn", "Check"] and builds[2] == []
    assert "Thing" in builds[3]  # a masking reader never takes the owner's plan


def test_a_document_whose_variables_choose_its_fields_is_planned_for_each_execution() -> None:
    schema = _cached_schema(LeanExecutionContext)
    reader = Reader(Actor(1, 1, Role.OWNER))
    for with_tags in [True, False, True]:
        answer = schema.execute_sync(
            PAGE, {"kind": "good", "withTags": with_tags}, context_value=reader
        )
        assert answer.errors is None
        node = answer.data["page"]["edges"][1]["node"]
        assert ("tags" in node) is with_tags
