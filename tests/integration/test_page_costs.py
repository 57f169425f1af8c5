"""A page costs a constant number of SQL statements, however many rows it shows.

Every statement the app's engine executes for one HTTP request is counted -
signing in the request included. A page of 50 and a page of 5 cost the same,
so nothing is read once per row.
"""

import json
from typing import Any

from tests.integration.datasets.helpers import create_dataset
from tests.integration.grading.helpers import update_scoring
from tests.support.graphql_client import Api
from tests.support.statements import app_engine, counted_statements

MAX_STATEMENTS = 8

SCORES_PAGE = """query($d: ID!, $first: Int!) { dataset(id: $d) { scores(first: $first) {
  totalCount edges { node {
    id outcome quality stale staleReasons mayScoreAgain datasetVersion
    case { id revision input referenceAnswer checks { contains { value } } tags }
    dataset { id name latestVersion caseCount }
    structured { completeness correctness quality passed notices
      fields { referencePath candidatePath rung credit matched } } } } } } }"""

DATASETS_PAGE = """query($first: Int!) { datasets(first: $first) { totalCount edges { node {
  id name latestVersion caseCount ownedByViewer viewerCan { view edit run readRuns } } } } }"""


def _aliased(argument_type: str, field: str, inputs: list[dict[str, Any]], shared: str = "") -> str:
    """One mutation document running ``field`` once per input, as aliases a0, a1, ...;
    ``field`` names its input ``$input``."""
    declared = ", ".join(f"$input{i}: {argument_type}" for i in range(len(inputs)))
    body = " ".join(f"a{i}: {field.replace('$input', f'$input{i}')}" for i in range(len(inputs)))
    return f"mutation({shared}{declared}) {{ {body} }}"


def _inputs(inputs: list[dict[str, Any]]) -> dict[str, Any]:
    return {f"input{i}": value for i, value in enumerate(inputs)}


async def _add_cases(api: Api, dataset_id: str, numbers: range) -> list[str]:
    cases = [
        {
            "input": f"Describe order {n} as JSON.",
            "referenceAnswer": json.dumps({"order": n, "items": ["kettle", "mug"]}),
            "referenceVerified": True,
            "checks": [{"contains": {"value": "kettle"}}],
        }
        for n in numbers
    ]
    add = "addCase(datasetId: $d, case: $input) { case { id } }"
    query = _aliased("CaseInput!", add, cases, shared="$d: ID!, ")
    data = await api(query, {"d": dataset_id, **_inputs(cases)})
    return [data[f"a{i}"]["case"]["id"] for i in range(len(cases))]


async def _score(api: Api, case_ids: list[str]) -> None:
    answers = [
        {"caseId": case_id, "answer": json.dumps({"order": n, "items": ["kettle"]})}
        for n, case_id in enumerate(case_ids)
    ]
    score = "scoreAnswer(input: $input) { score { id } }"
    await api(_aliased("ScoreAnswerInput!", score, answers), _inputs(answers))


async def _cost(app: Any, api: Api, query: str, variables: dict[str, Any]) -> tuple[int, Any]:
    with counted_statements(app_engine(app)) as statements:
        data = await api(query, variables)
    return len(statements), data


async def test_a_page_of_scores_with_case_dataset_and_structured_result(
    app: Any, owner: Api
) -> None:
    dataset_id = await create_dataset(owner)
    await update_scoring(owner, dataset_id, {"structured": {"enabled": True}})
    # Scores graded in two versions, each against the case as its version held it.
    await _score(owner, await _add_cases(owner, dataset_id, range(25)))
    await _score(owner, await _add_cases(owner, dataset_id, range(25, 50)))

    fifty, data = await _cost(app, owner, SCORES_PAGE, {"d": dataset_id, "first": 50})
    five, _ = await _cost(app, owner, SCORES_PAGE, {"d": dataset_id, "first": 5})

    nodes = [edge["node"] for edge in data["dataset"]["scores"]["edges"]]
    assert len(nodes) == 50
    assert {node["datasetVersion"] for node in nodes} == {25, 50}
    assert all(node["case"] and node["structured"] and node["dataset"] for node in nodes)
    assert all(node["case"]["revision"] == 1 for node in nodes)
    assert (fifty, five) == (five, five), "a page of scores reads something once per row"
    assert fifty <= MAX_STATEMENTS


async def test_a_page_of_datasets_with_counts(app: Any, owner: Api) -> None:
    named = [{"name": f"Set {n}", "private": n % 2 == 0} for n in range(25)]
    create = "createDataset(input: $input) { dataset { id } }"
    for _ in range(2):
        await owner(_aliased("CreateDatasetInput!", create, named), _inputs(named))
    with_cases = await create_dataset(owner, "With cases")
    await _add_cases(owner, with_cases, range(3))

    fifty, data = await _cost(app, owner, DATASETS_PAGE, {"first": 50})
    five, _ = await _cost(app, owner, DATASETS_PAGE, {"first": 5})

    nodes = [edge["node"] for edge in data["datasets"]["edges"]]
    assert len(nodes) == 50
    assert nodes[0]["caseCount"] == 3
    assert all(node["viewerCan"]["edit"] for node in nodes)
    assert (fifty, five) == (five, five), "a page of datasets reads something once per row"
    assert fifty <= MAX_STATEMENTS
