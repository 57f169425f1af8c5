"""A variable of type Upload takes a file part of a multipart request and nothing else: a
plain form field the map points at, text or an object sent as the variable, or a value
written in the document is refused naming the variable, and nothing is imported."""

import json
from typing import Any

import httpx
import pytest

from tests.integration.datasets.helpers import cases_of, create_dataset
from tests.support.graphql_client import Api

IMPORT = "mutation($d: ID!, $f: Upload!) { importCases(datasetId: $d, file: $f) { imported } }"
CSV = b"input,reference_answer\nq,a\n"


async def _multipart(
    api: Api, variables: dict[str, Any], form: dict[str, str], files: dict[str, Any]
) -> httpx.Response:
    operations = {"query": IMPORT, "variables": variables}
    return await api.http.post(
        "/graphql",
        headers={**api.headers, "apollo-require-preflight": "1"},
        data={
            "operations": json.dumps(operations),
            "map": json.dumps({"0": ["variables.f"]}),
            **form,
        },
        files=files or {"unmapped": ("cases.csv", CSV, "text/csv")},
    )


@pytest.mark.parametrize(
    ("form", "files", "said"),
    [
        ({"0": "input,reference_answer\nq,a\n"}, {}, "plain form field"),
        ({"0": ""}, {}, "plain form field"),
    ],
)
async def test_a_mapped_part_that_is_a_plain_form_field_is_refused_by_name(
    owner: Api, form: dict[str, str], files: dict[str, Any], said: str
) -> None:
    dataset_id = await create_dataset(owner)
    response = await _multipart(owner, {"d": dataset_id, "f": None}, form, files)
    assert response.status_code == 200, response.text
    [error] = response.json()["errors"]
    assert error["extensions"]["code"] == "GRAPHQL_VALIDATION", error
    assert "$f" in error["message"] and said in error["message"], error["message"]
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0


@pytest.mark.parametrize("value", ["input,reference_answer\nq,a\n", {"filename": "x.csv"}, 12])
async def test_an_upload_variable_sent_as_json_is_refused_by_name(owner: Api, value: Any) -> None:
    dataset_id = await create_dataset(owner)
    errors = await owner.errors(IMPORT, {"d": dataset_id, "f": value})
    assert errors.codes == ["GRAPHQL_VALIDATION"]
    assert "$f" in errors.errors[0]["message"]
    assert "expected a file part" in errors.errors[0]["message"]


async def test_an_upload_written_in_the_document_is_refused(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    errors = await owner.errors(
        'mutation($d: ID!) { importCases(datasetId: $d, file: "q,a") { imported } }',
        {"d": dataset_id},
    )
    assert errors.codes == ["GRAPHQL_VALIDATION"]
    assert "multipart" in errors.errors[0]["message"]


async def test_a_file_part_is_still_imported(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    response = await _multipart(
        owner, {"d": dataset_id, "f": None}, {}, {"0": ("cases.csv", CSV, "text/csv")}
    )
    assert response.json() == {"data": {"importCases": {"imported": 1}}}


@pytest.mark.parametrize("place", ["variables.f.0", "variables.d.x", "variables.nope.0"])
async def test_a_map_into_a_place_the_operations_lack_is_a_400(owner: Api, place: str) -> None:
    dataset_id = await create_dataset(owner)
    operations = {"query": IMPORT, "variables": {"d": dataset_id, "f": None}}
    response = await owner.http.post(
        "/graphql",
        headers={**owner.headers, "apollo-require-preflight": "1"},
        data={"operations": json.dumps(operations), "map": json.dumps({"0": [place]})},
        files={"0": ("cases.csv", CSV, "text/csv")},
    )
    assert response.status_code == 400, response.text
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0
