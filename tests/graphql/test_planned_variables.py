"""A variable coerced by its plan is exactly what graphql-core coerces, and passes the guard.

For every input object type of the schema, hypothesis draws values shaped like the type -
mostly valid, sometimes with a wrong kind, a null, an unknown or missing field, a string a
column cannot hold, a number past 32 or 64 bits, a single item for a list - and checks
that the plan either gives the value up (graphql-core's path then decides) or coerces it
to graphql-core's own result, holding nothing the guard would refuse.
"""

from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    Undefined,
    coerce_input_value,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from casebook.graphql import planned_variables
from casebook.graphql.hostile_input import Vetted, refusal
from casebook.graphql.schema import schema

GRAPHQL = schema._schema
INPUT_OBJECTS = sorted(
    (t for t in GRAPHQL.type_map.values() if isinstance(t, GraphQLInputObjectType)),
    key=lambda t: t.name,
)
STEPS = [
    {
        "kind": "TOOL_CALL",
        "toolName": "lookup",
        "arguments": {"id": [1, {"x": None}]},
        "status": "OK",
        "result": "{}",
    },
    {"kind": "TEXT", "text": "It ships tomorrow."},
]
BATCH = {
    "conversations": [
        {
            "externalId": f"c{n}",
            "agentId": "QWdlbnQ6Nw==",
            "endUser": "ana@example.com",
            "turns": [
                {"externalId": "q", "role": "USER", "content": "Where is my order?"},
                {
                    "externalId": "a",
                    "role": "AGENT",
                    "run": {"steps": STEPS, "costUsd": 0.5, "inputTokens": 3, "eval": False},
                },
            ],
        }
        for n in range(3)
    ]
}
HOSTILE_TEXT = st.sampled_from(["a\x00b", "\ud800", "x\udfffy"])
ODD_NUMBERS = st.sampled_from([2**31, -(2**31) - 1, 2**53 + 1, 2**64, 1.5, float("inf"), 3.0])
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5))
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)


def _leaf(type_: GraphQLScalarType | GraphQLEnumType) -> st.SearchStrategy[Any]:
    if isinstance(type_, GraphQLEnumType):
        return st.sampled_from([*type_.values, "NOT_A_MEMBER"])
    name = type_.name
    if name in ("String", "ID"):
        return st.one_of(st.text(max_size=8), HOSTILE_TEXT, st.integers(0, 9))
    if name == "Int":
        return st.one_of(st.integers(-(2**31), 2**31 - 1), ODD_NUMBERS)
    if name == "Float":
        return st.one_of(st.floats(allow_nan=True), st.integers(), ODD_NUMBERS)
    if name == "Boolean":
        return st.one_of(st.booleans(), st.sampled_from([0, 1, "true"]))
    return st.one_of(JSON_VALUES, HOSTILE_TEXT, st.just({"k": "\x00"}), st.just(2**70))


def values_for(type_: GraphQLInputType, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values shaped like ``type_``, now and then not."""
    if isinstance(type_, GraphQLNonNull):
        return (
            st.one_of(values_for(type_.of_type, depth), st.none())
            if depth
            else values_for(type_.of_type, depth)
        )
    if isinstance(type_, GraphQLList):
        item = values_for(type_.of_type, depth + 1)
        return st.one_of(st.none(), st.lists(item, max_size=3), item)
    if isinstance(type_, GraphQLInputObjectType):
        if depth > 4:
            return st.none()
        fields = {name: values_for(field.type, depth + 1) for name, field in type_.fields.items()}
        required = [n for n, f in type_.fields.items() if isinstance(f.type, GraphQLNonNull)]
        optional = [n for n in fields if n not in required]
        shaped = st.fixed_dictionaries(
            {n: fields[n] for n in required}, optional={n: fields[n] for n in optional}
        )
        damaged = st.one_of(
            shaped.map(lambda v: {**v, "noSuchField": 1}),
            shaped.map(lambda v: dict(list(v.items())[1:])),
            st.just("not an object"),
        )
        return st.one_of(st.none(), shaped, shaped, shaped, damaged)
    assert isinstance(type_, GraphQLScalarType | GraphQLEnumType)
    return _leaf(type_)


@st.composite
def typed_values(draw: st.DrawFn) -> tuple[GraphQLInputType, Any]:
    named = draw(st.sampled_from(INPUT_OBJECTS))
    type_ = draw(st.sampled_from([GraphQLNonNull(named), named]))
    return type_, draw(values_for(type_))


@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(typed_values())
def test_a_planned_value_is_graphql_cores_own_and_holds_nothing_the_guard_refuses(
    typed: tuple[GraphQLInputType, Any],
) -> None:
    type_, value = typed
    planned = planned_variables.coerce_planned(type_, value)
    event("given up" if planned is Undefined else "planned")
    if planned is Undefined:
        return
    assert planned == coerce_input_value(value, type_)
    assert refusal(planned, "input", type_) is None


def test_an_ingestion_batch_takes_the_plan_and_is_vetted() -> None:
    variable_type = GRAPHQL.mutation_type.fields["recordConversations"].args["input"].type  # type: ignore[union-attr]
    planned = planned_variables.coerce_planned(variable_type, BATCH)
    assert type(planned) is Vetted
    assert planned == coerce_input_value(BATCH, variable_type)


def test_a_value_the_guard_refuses_is_given_up_to_graphql_core_and_the_guard() -> None:
    variable_type = GRAPHQL.mutation_type.fields["recordConversations"].args["input"].type  # type: ignore[union-attr]
    first = BATCH["conversations"][0]
    for damaged in (
        {**first, "title": "Refund\x00"},
        {**first, "turns": [{**first["turns"][0], "content": "\ud800"}]},
        {**first, "turns": [{**first["turns"][1], "run": {"inputTokens": 2**40}}]},
        {
            **first,
            "turns": [
                {
                    **first["turns"][1],
                    "run": {"steps": [{"kind": "TEXT", "arguments": {"n": 2**70}}]},
                }
            ],
        },
    ):
        value = {"conversations": [damaged]}
        assert planned_variables.coerce_planned(variable_type, value) is Undefined, damaged


def test_the_plan_is_what_executions_use() -> None:
    import graphql.execution.executor as executor_module

    assert executor_module.get_variable_values is planned_variables.planned_variable_values


def test_a_variable_is_coerced_by_its_own_type_whatever_wrapper_objects_came_before() -> None:
    """Every request builds its variables' types anew (``NonNull`` around the named type),
    and a freed wrapper's memory is soon another's: a plan is never found by a wrapper's id,
    or a variable would be coerced as another type and lose its fields."""
    runs = GRAPHQL.type_map["EvalRunInput"]
    turns = GRAPHQL.type_map["AppendTurnsInput"]
    run = {"datasetId": "RGF0YXNldDox", "agentIds": ["QWdlbnQ6MQ=="], "concurrency": 3}
    appended = {"conversationId": "Q29udmVyc2F0aW9uOjE=", "turns": []}
    for _ in range(500):
        for type_, value in ((runs, run), (turns, appended)):
            wrapper = GraphQLNonNull(type_)
            planned = planned_variables.coerce_planned(wrapper, value)
            assert planned == coerce_input_value(value, wrapper)
            del wrapper
    assert planned_variables.type_key(GraphQLNonNull(runs)) == planned_variables.type_key(
        GraphQLNonNull(runs)
    )
