"""GraphQL operations the dataset tests share."""

from typing import Any

from tests.support.checks import CHECK_FIELDS
from tests.support.graphql_client import Api

CASE_FIELDS = f"""id revision changedInVersion source masked input referenceAnswer counterExample note tags
  orderMode checks {{ {CHECK_FIELDS} }} history {{ role content }} expectedToolCalls {{ tool args }}
  referenceVerified"""

CREATE = "mutation($i: CreateDatasetInput!) { createDataset(input: $i) { dataset { id name visibility latestVersion } } }"
ADD = f"""mutation($d: ID!, $c: CaseInput!, $twin: Boolean! = false) {{
  addCase(datasetId: $d, case: $c, allowTwin: $twin) {{ version case {{ {CASE_FIELDS} }} twins {{ id input }} }} }}"""
UPDATE = f"""mutation($id: ID!, $base: Int!, $c: CaseInput!) {{
  updateCase(id: $id, baseVersion: $base, case: $c) {{ version changed case {{ {CASE_FIELDS} }} }} }}"""
REMOVE = "mutation($id: ID!, $base: Int) { removeCase(id: $id, baseVersion: $base) { version removedCaseId } }"
CASES = f"""query($d: ID!, $v: Int, $first: Int! = 50, $after: String, $tag: String, $source: String, $search: String) {{
  dataset(id: $d) {{ latestVersion cases(version: $v, first: $first, after: $after, tag: $tag, source: $source,
    search: $search) {{ totalCount pageInfo {{ hasNextPage endCursor }} edges {{ cursor node {{ {CASE_FIELDS} }} }} }} }} }}"""


async def create_dataset(api: Api, name: str = "Support bot", private: bool = False) -> str:
    data = await api(CREATE, {"i": {"name": name, "private": private}})
    return data["createDataset"]["dataset"]["id"]


def case(question: str = "How long is the return window?", **fields: Any) -> dict[str, Any]:
    return {"input": question, "referenceAnswer": "30 days from delivery", **fields}


async def add_case(
    api: Api, dataset_id: str, body: dict[str, Any] | None = None, twin: bool = False
) -> dict[str, Any]:
    return (await api(ADD, {"d": dataset_id, "c": body or case(), "twin": twin}))["addCase"]


async def cases_of(api: Api, dataset_id: str, **variables: Any) -> dict[str, Any]:
    return (await api(CASES, {"d": dataset_id, **variables}))["dataset"]["cases"]


def inputs(connection: dict[str, Any]) -> list[str]:
    return [edge["node"]["input"] for edge in connection["edges"]]
