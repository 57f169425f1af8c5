"""The execution shortcuts answer exactly as graphql-core's and Strawberry's own paths.

Over the real schema, as the owner, a Viewer and anonymously, every case below is run
both ways - with the shortcuts (``LeanExecutionContext``, ``planned_variables``,
``bulk_inputs``) and without them (``use_shortcuts(schema, False)``: Strawberry's
execution context, graphql-core's ``get_variable_values``, Strawberry's own conversion
of inputs) - and must give the same HTTP status, data and errors:

- the schema fuzz test's operations and hostile arguments (``generator``), every query,
  mutation and subscription of the schema;
- every document the console sends (``documents.console_documents``);
- every document of the benchmarks (``documents.benchmark_documents``).

A subscription's first answer is compared over a websocket, to the app served in this
process. Each case's variables are coerced both ways (planned against graphql-core's
coercion), and a bulk input's value is converted both ways (its plan against
Strawberry's ``convert_argument``), requiring equal values or equal errors. A mutation
changes what it touches, so it runs its resolvers once: the root field's value (or its
exception) from the run with the shortcuts is handed to the run without them, which
completes the same payload - the part the shortcuts execute - on its own.
"""

import inspect
import json
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from graphql import (
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    OperationDefinitionNode,
    get_named_type,
    parse,
    type_from_ast,
)
from graphql.execution.values import VariableValues, get_variable_values
from strawberry.extensions import SchemaExtension
from strawberry.types.arguments import convert_argument
from strawberry.types.base import StrawberryList, StrawberryOptional

from casebook.config import Settings
from casebook.graphql import bulk_inputs
from casebook.graphql.planned_variables import planned_variable_values
from casebook.graphql.schema import schema
from casebook.graphql.shortcut_guard import check_written_for
from casebook.graphql.shortcuts import shortcuts_used, switch_shortcuts, use_shortcuts
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.services.kernel.records import Organization as OrganizationRow
from tests.integration.fuzz.conftest import SUMMARIES
from tests.integration.fuzz.documents import benchmark_documents, console_documents
from tests.integration.fuzz.generator import Operation, Pool, Values, operation, root_fields
from tests.integration.fuzz.test_fuzz_schema import (
    _decoded,
    _first_answer,
    _pool,
    _send,
    roles,  # noqa: F401 — the fixture, as the fuzz test builds it
)
from tests.support.graphql_client import Api
from tests.support.live_server import live_server
from tests.support.ws_client import socket

GRAPHQL = schema._schema
SEED = int(os.environ.get("CASEBOOK_FUZZ_SEED", "20261130"))
# Argument sets per root field and role, each run both ways: a few hundred in `make test`.
SETS_PER_FIELD = int(os.environ.get("CASEBOOK_DIFFERENTIAL_SETS", "2"))
DEFINITION_KEY = "strawberry-definition"
BULK_INPUTS = bulk_inputs.bulk_input_types()
CONVERTED: Counter[str] = Counter()  # bulk input values Strawberry converted, compared


@dataclass
class _Replay:
    """Root fields' values recorded from one run and handed to the next."""

    mode: str | None = None  # "record", "replay" or None: resolvers run as they are
    recorded: dict[str, tuple[bool, Any]] = field(default_factory=dict)

    async def root(self, key: str, call: Callable[[], Any]) -> Any:
        if self.mode == "replay":
            ok, value = self.recorded[key]
            if ok:
                return value
            raise value
        try:
            value = call()
            if inspect.isawaitable(value):
                value = await value
        except Exception as error:
            self.recorded[key] = (False, error)
            raise
        self.recorded[key] = (True, value)
        return value


REPLAY = _Replay()


class RootReplay(SchemaExtension):
    # It reads a root field's result, never a plain field's: the shortcuts stay on with it.
    reads_only_arguments = True

    def resolve(
        self, _next: Callable[..., Any], root: Any, info: Any, *args: Any, **kw: Any
    ) -> Any:
        if REPLAY.mode is None or info.path.prev is not None:
            return _next(root, info, *args, **kw)
        return REPLAY.root(info.path.key, lambda: _next(root, info, *args, **kw))


@pytest.fixture
def both_ways(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    check_written_for()  # once: each case then switches without it
    monkeypatch.setattr(schema, "extensions", (*schema.extensions, RootReplay))
    yield
    REPLAY.mode = None
    use_shortcuts(schema, True)


def _operation_node(document: str) -> OperationDefinitionNode:
    return next(d for d in parse(document).definitions if isinstance(d, OperationDefinitionNode))


def _variables(document: str, values: Values) -> tuple[dict[str, Any], tuple[str, ...]]:
    variables: dict[str, Any] = {}
    uploads: list[str] = []
    for definition in _operation_node(document).variable_definitions or ():
        name = definition.variable.name.value
        type_ = type_from_ast(GRAPHQL, definition.type)
        assert type_ is not None
        if get_named_type(type_).name == "Upload":
            uploads.append(name)
            variables[name] = None
        else:
            variables[name] = values.for_type(type_, name)
    return variables, tuple(uploads)


def _cases(pool: Pool, role: str) -> list[Operation]:
    cases: list[Operation] = []
    for kind, name, _ in root_fields(GRAPHQL):
        rng = random.Random(f"{SEED}:differential:{role}:{kind}:{name}")
        cases.extend(
            operation(GRAPHQL, kind, name, Values(rng, pool)) for _ in range(SETS_PER_FIELD)
        )
    for document in [*console_documents(), *benchmark_documents(GRAPHQL)]:
        rng = random.Random(f"{SEED}:differential:{role}:{document.origin}:{document.source}")
        variables, uploads = _variables(document.source, Values(rng, pool))
        cases.append(Operation(document.kind, document.origin, document.source, variables, uploads))
    return cases


# Variable coercion and input conversion, both ways.

# More argument sets for a field that takes a bulk input (an ingestion batch), coerced and
# converted both ways but not executed: most hostile batches are refused by coercion, and a
# conversion is compared only for one coerced.
CONVERSION_SETS = 20 * SETS_PER_FIELD


def _takes_bulk_input(definition: Any) -> bool:
    return any(_strawberry_type(argument.type) for argument in definition.args.values())


def _conversion_cases(pool: Pool, role: str) -> list[Operation]:
    cases: list[Operation] = []
    for kind, name, definition in root_fields(GRAPHQL):
        if _takes_bulk_input(definition):
            rng = random.Random(f"{SEED}:conversion:{role}:{kind}:{name}")
            values = Values(rng, pool)
            cases.extend(operation(GRAPHQL, kind, name, values) for _ in range(CONVERSION_SETS))
    return cases


def _coerced(values: list[Any] | VariableValues) -> Any:
    if isinstance(values, list):
        return ("errors", [error.formatted for error in values])
    sources = {
        name: (str(source.signature.type), source.value) for name, source in values.sources.items()
    }
    return ("values", sources, values.coerced)


def _strawberry_type(type_: GraphQLInputType) -> Any:
    """The Strawberry type of a variable whose named type is a bulk input, else None."""
    if isinstance(type_, GraphQLNonNull):
        return _strawberry_type(type_.of_type)
    if isinstance(type_, GraphQLList):
        inner = _strawberry_type(type_.of_type)
        return None if inner is None else StrawberryOptional(StrawberryList(inner))
    if not isinstance(type_, GraphQLInputObjectType):
        return None
    definition = (type_.extensions or {}).get(DEFINITION_KEY)
    origin = getattr(definition, "origin", None)
    return StrawberryOptional(origin) if origin in BULK_INPUTS else None


def _converted(value: Any, strawberry_type: Any) -> Any:
    try:
        return ("value", convert_argument(value, strawberry_type, _registry(), schema.config))
    except Exception as error:
        return ("error", type(error).__name__, str(error))


def _registry() -> Any:
    return schema.schema_converter.scalar_registry


def _input_differences(case: Operation) -> list[str]:
    definitions = list(_operation_node(case.document).variable_definitions or ())
    switch_shortcuts(schema, False)  # graphql-core's coercion, Strawberry's conversion
    stock = get_variable_values(GRAPHQL, definitions, case.variables)
    stock_inputs = _bulk_conversions(stock, definitions)
    switch_shortcuts(schema, True)
    planned = planned_variable_values(GRAPHQL, definitions, case.variables)
    planned_inputs = _bulk_conversions(planned, definitions)
    CONVERTED["bulk inputs"] += sum(
        answer[0] == "value" for answer in (stock_inputs or {}).values()
    )
    found = []
    if _coerced(planned) != _coerced(stock):
        found.append(f"coercion: planned {_coerced(planned)!r:.300} stock {_coerced(stock)!r:.300}")
    if planned_inputs != stock_inputs:
        found.append(f"bulk input: planned {planned_inputs!r:.300} stock {stock_inputs!r:.300}")
    return found


def _bulk_conversions(values: list[Any] | VariableValues, definitions: list[Any]) -> Any:
    if isinstance(values, list):
        return None
    converted = {}
    for definition in definitions:
        name = definition.variable.name.value
        type_ = type_from_ast(GRAPHQL, definition.type)
        strawberry_type = _strawberry_type(type_) if type_ is not None else None
        if strawberry_type is not None and name in values.coerced:
            converted[name] = _converted(values.coerced[name], strawberry_type)
    return converted


# Execution, both ways.


async def _answer(
    http: httpx.AsyncClient, headers: dict[str, str], case: Operation, *, shortcuts: bool
) -> tuple[int, Any]:
    switch_shortcuts(schema, shortcuts)
    assert shortcuts_used(schema) is shortcuts
    http.cookies.clear()
    # The same files for an upload both ways.
    response = await _send(http, headers, case, random.Random(f"{SEED}:{case.document}"))
    return response.status_code, _without_request_ids(_decoded(response))


async def answers_both_ways(
    http: httpx.AsyncClient, headers: dict[str, str], case: Operation
) -> tuple[tuple[int, Any], tuple[int, Any]]:
    """(with the shortcuts, without them); a mutation's root fields resolve once."""
    mutation = case.kind == "mutation"
    REPLAY.recorded.clear()
    REPLAY.mode = "record" if mutation else None
    try:
        lean = await _answer(http, headers, case, shortcuts=True)
        REPLAY.mode = "replay" if mutation else None
        stock = await _answer(http, headers, case, shortcuts=False)
    finally:
        REPLAY.mode = None
    return lean, stock


def _without_request_ids(body: Any) -> Any:
    """An INTERNAL error quotes its own request's id: the one part two runs cannot share."""
    if isinstance(body, dict) and isinstance(body.get("errors"), list):
        for error in body["errors"]:
            (error.get("extensions") or {}).pop("requestId", None)
    return body


async def _first_event(
    host: str, headers: dict[str, str], case: Operation, *, shortcuts: bool
) -> tuple[int, Any]:
    """A subscription's first answer over a websocket (the server runs in this process)."""
    switch_shortcuts(schema, shortcuts)
    async with socket(host, authorization=headers.get("authorization")) as ws:
        await ws.start("differential", case.document, case.variables)
        return 200, _without_request_ids(await _first_answer(ws))


def _shown(answer: tuple[int, Any]) -> str:
    return f"HTTP {answer[0]} {json.dumps(answer[1], ensure_ascii=True)[:400]}"


def _difference(role: str, case: Operation, lean: Any, stock: Any) -> str:
    return (
        f"{role} {case.kind} {case.field}:\n  with the shortcuts    {_shown(lean)}"
        f"\n  without the shortcuts {_shown(stock)}\n  {case.document[:300]}"
        f"\n  variables {json.dumps(case.variables, ensure_ascii=True)[:300]}"
    )


async def test_the_shortcuts_answer_as_the_libraries_do_over_the_whole_schema(
    owner: Api,
    http: httpx.AsyncClient,
    roles: dict[str, dict[str, str]],  # noqa: F811
    both_ways: None,
    settings: Settings,
) -> None:
    pool = await _pool(owner)
    failures: list[str] = []
    subscriptions: list[tuple[str, Operation]] = []
    executed = coerced = 0
    spent: Counter[str] = Counter()  # seconds
    origins: set[str] = set()
    for role, headers in roles.items():
        for case in _conversion_cases(pool, role):
            for difference in _input_differences(case):
                failures.append(f"{role} {case.kind} {case.field}: {difference}")
            coerced += 1
        for case in _cases(pool, role):
            origins.add(case.field)
            started = time.perf_counter()
            for difference in _input_differences(case):
                failures.append(f"{role} {case.kind} {case.field}: {difference}")
            coerced += 1
            spent["coercion"] += time.perf_counter() - started
            if case.kind == "subscription":
                subscriptions.append((role, case))
                continue
            started = time.perf_counter()
            lean, stock = await answers_both_ways(http, headers, case)
            spent[case.kind] += time.perf_counter() - started
            executed += 1
            if lean != stock:
                failures.append(_difference(role, case, lean, stock))
    started = time.perf_counter()
    with live_server(settings) as host:
        for role, case in subscriptions:
            headers = roles[role]
            lean = await _first_event(host, headers, case, shortcuts=True)
            stock = await _first_event(host, headers, case, shortcuts=False)
            executed += 1
            if lean != stock:
                failures.append(_difference(role, case, lean, stock))
    spent["subscription"] += time.perf_counter() - started
    SUMMARIES.append(
        f"shortcuts differential: {coerced} cases' variables coerced both ways "
        f"({CONVERTED['bulk inputs']} bulk input values converted both ways), {executed} "
        f"executed both ways as {', '.join(roles)} "
        f"({', '.join(f'{part} {seconds:.1f} s' for part, seconds in spent.items())}); "
        f"differences: {len(failures)}"
    )
    print(f"\n{SUMMARIES[-1]}")
    assert {kind for kind, _, _ in root_fields(GRAPHQL)} == {"query", "mutation", "subscription"}
    assert BULK_INPUTS and CONVERTED["bulk inputs"] > 0
    assert failures == [], "\n".join(failures[:20])


async def test_a_node_without_an_id_fails_with_and_without_the_shortcuts(
    http: httpx.AsyncClient,
    roles: dict[str, dict[str, str]],  # noqa: F811
    both_ways: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An organization whose id attribute is None (a row not yet given one): Strawberry's
    ``Node.id`` refuses it; the shortcuts once answered the id of "Organization:None"."""
    from_row = OrganizationType.from_row.__func__  # type: ignore[attr-defined]

    def without_id(cls: type[OrganizationType], row: OrganizationRow) -> OrganizationType:
        found = from_row(cls, row)
        found.id = None  # type: ignore[assignment]
        return found

    monkeypatch.setattr(OrganizationType, "from_row", classmethod(without_id))
    case = Operation("query", "viewer", "{ viewer { organization { id name } } }", {})
    lean, stock = await answers_both_ways(http, roles["owner"], case)
    assert stock[1]["data"] is None or stock[1]["data"]["viewer"] is None, stock
    assert [e["path"] for e in stock[1]["errors"]] == [["viewer", "organization", "id"]]
    assert lean == stock
