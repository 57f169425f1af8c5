"""A per-operation cost limit: an operation whose cost (read from its document before it
runs) is past ``graphql_max_cost`` is refused with LIMIT_EXCEEDED naming the cost and the
limit, and nothing of it runs."""

from typing import Any

import pytest
from graphql import parse

from casebook.config import Settings
from casebook.graphql.operation_cost import cost_rules, operation_cost
from casebook.graphql.schema import schema
from tests.integration.datasets.helpers import add_case, case, create_dataset
from tests.support.graphql_client import Api

NESTED = """query($n: Int!, $m: Int!) { datasets(first: $n) { edges { node { id
  cases(first: $m) { edges { node { id input } } } } } } }"""


def cost_of(document: str, variables: dict[str, Any], settings: Settings) -> int:
    rules = cost_rules(settings.graphql_export_cost)
    return operation_cost(schema._schema, parse(document), None, variables, rules)


async def test_an_operation_at_the_limit_runs_and_one_past_it_is_refused(
    owner: Api, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id)
    variables = {"n": 40, "m": 60}
    cost = cost_of(NESTED, variables, settings)
    assert cost == 1 + 40 * (1 + 1 + 1 + 1 + 60 * 4)

    monkeypatch.setattr(settings, "graphql_max_cost", cost)
    data = await owner(NESTED, variables)
    assert data["datasets"]["edges"][0]["node"]["cases"]["edges"][0]["node"]["input"]

    monkeypatch.setattr(settings, "graphql_max_cost", cost - 1)
    refused = await owner.errors(NESTED, variables)
    assert refused.codes == ["LIMIT_EXCEEDED"]
    error = refused.errors[0]
    assert f"costs {cost:,}" in error["message"] and f"limit of {cost - 1:,}" in error["message"]
    assert (error["extensions"]["cost"], error["extensions"]["limit"]) == (cost, cost - 1)
    # One page fewer fits again.
    assert await owner(NESTED, {"n": 39, "m": 60})


async def test_the_default_limit_refuses_nested_pages_of_the_largest_size(owner: Api) -> None:
    refused = await owner.errors(NESTED, {"n": 500, "m": 500})
    assert refused.codes == ["LIMIT_EXCEEDED"]
    # The largest page of one list, with every field a case has, is not refused.
    document = """query($d: ID!) { dataset(id: $d) { cases(first: 500) { edges { cursor node {
      id revision input referenceAnswer counterExample note tags source masked
      history { role content } expectedToolCalls { tool args } } } } } }"""
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id, case("Only one"))
    assert await owner(document, {"d": dataset_id})


async def test_exports_cost_their_size_and_a_refused_mutation_changes_nothing(
    owner: Api, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(settings, "graphql_export_cost", 4_000)
    monkeypatch.setattr(settings, "graphql_max_cost", 10_000)
    dataset_id = await create_dataset(owner)
    two = """query($d: ID!) { dataset(id: $d) {
      a: export(format: "csv") { content } b: export(format: "jsonl") { content } } }"""
    assert await owner(two, {"d": dataset_id})
    three = """query($d: ID!) { dataset(id: $d) { a: export(format: "csv") { content }
      b: export(format: "jsonl") { content } c: export(format: "csv") { content } } }"""
    assert (await owner.errors(three, {"d": dataset_id})).codes == ["LIMIT_EXCEEDED"]

    creating = """mutation { createDataset(input: {name: "Costly"}) { dataset { id
      a: export(format: "csv") { content } b: export(format: "jsonl") { content }
      c: export(format: "csv") { content } } } }"""
    assert (await owner.errors(creating)).codes == ["LIMIT_EXCEEDED"]
    names = await owner("{ datasets(first: 10) { edges { node { name } } } }")
    assert [e["node"]["name"] for e in names["datasets"]["edges"]] == ["Support bot"]
    exports = await owner('{ auditLog(action: "dataset.export") { edges { node { id } } } }')
    assert len(exports["auditLog"]["edges"]) == 2  # the two that ran, none of the refused
