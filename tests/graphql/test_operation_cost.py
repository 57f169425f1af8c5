"""The cost of an operation, read from its document before it runs: each field 1, what a
paged field nests times its page size, an export its size."""

from typing import Any

import pytest
from graphql import parse

from casebook.graphql.operation_cost import (
    DEFAULT_PAGE_SIZE,
    cost_rules,
    operation_cost,
)
from casebook.graphql.schema import schema
from casebook.services.kernel.records import MAX_PAGE_SIZE

EXPORT_COST = 1_000


def cost(document: str, variables: dict[str, Any] | None = None, name: str | None = None) -> int:
    return operation_cost(schema._schema, parse(document), name, variables, cost_rules(EXPORT_COST))


def test_each_field_costs_one() -> None:
    assert cost("{ viewer { role permissions } }") == 3
    assert cost("{ __typename }") == 1


def test_a_connection_counts_what_it_nests_times_first() -> None:
    # datasets 1 + 10 × (edges 1 + node 1 + id 1 + name 1)
    assert cost("{ datasets(first: 10) { edges { node { id name } } } }") == 1 + 10 * 4


def test_nested_connections_multiply() -> None:
    document = """{ datasets(first: 20) { edges { node {
        cases(first: 30) { edges { node { id input } } } } } } }"""
    inner = 1 + 30 * 4  # cases 1 + 30 × (edges, node, id, input)
    assert cost(document) == 1 + 20 * (1 + 1 + inner)


def test_first_from_a_variable_its_default_or_the_fields_default() -> None:
    by_variable = "query($n: Int!) { datasets(first: $n) { edges { node { id } } } }"
    assert cost(by_variable, {"n": 7}) == 1 + 7 * 3
    with_default = "query($n: Int = 9) { datasets(first: $n) { edges { node { id } } } }"
    assert cost(with_default) == 1 + 9 * 3
    # The field's own default (datasets: first = 50).
    assert cost("{ datasets { edges { node { id } } } }") == 1 + 50 * 3
    # A variable not given and without default: the default page size.
    assert cost(by_variable, {}) == 1 + DEFAULT_PAGE_SIZE * 3


@pytest.mark.parametrize("given", [MAX_PAGE_SIZE + 1, 2**70, -5])
def test_a_page_size_past_the_bounds_counts_as_the_bound(given: int) -> None:
    # The field refuses such a size by name; the cost never runs away with it.
    expected = min(max(given, 0), MAX_PAGE_SIZE)
    document = "query($n: Int!) { datasets(first: $n) { edges { node { id } } } }"
    assert cost(document, {"n": given}) == 1 + expected * 3


def test_fragments_and_inline_fragments_are_counted() -> None:
    document = """
      query { datasets(first: 5) { edges { node { ...D } } } node(id: "x") { ... on Dataset { id name } } }
      fragment D on Dataset { id cases(first: 2) { edges { node { id } } } }"""
    dataset = 1 + 1 + (1 + 2 * 3)  # node, id, cases
    assert cost(document) == (1 + 5 * (1 + dataset)) + (1 + 2)


def test_an_export_costs_its_size() -> None:
    one = '{ dataset(id: "x") { export(format: "csv") { content } } }'
    assert cost(one) == 1 + EXPORT_COST + 1
    many = '{ datasets(first: 10) { edges { node { export(format: "csv") { content } } } } }'
    assert cost(many) == 1 + 10 * (1 + 1 + EXPORT_COST + 1)


def test_the_named_operation_is_the_one_counted() -> None:
    document = """query Small { viewer { role } }
                  query Big { datasets(first: 100) { edges { node { id } } } }"""
    assert cost(document, name="Small") == 2
    assert cost(document, name="Big") == 1 + 100 * 3
