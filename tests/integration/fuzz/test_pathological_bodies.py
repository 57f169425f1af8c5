"""Bodies that are not GraphQL are a 400, never a 500 or a dropped connection; GraphQL with
hostile values is a named BAD_USER_INPUT; an INTERNAL answer names its request id."""

import json
from typing import Any

import httpx
import pytest

from casebook.graphql.ids import encode_id
from casebook.services.datasets import datasets
from tests.support.graphql_client import Api

DEEP = 100_000


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"\xff\xfe\xfd", "application/json"),
        (b'{"query": "{ viewer { role } }"', "application/json"),
        (b"[" * DEEP + b"]" * DEEP, "application/json"),
        (
            b'{"query": "x", "variables": ' + b'{"a":' * DEEP + b"1" + b"}" * DEEP + b"}",
            "application/json",
        ),
        (b'{"query": 12}', "application/json"),
        (b'{"query": "{ viewer { role } }", "variables": []}', "application/json"),
        (b"[]", "application/json"),
        (b"null", "application/json"),
        (b'"just a string"', "application/json"),
        (b"1e999999", "application/json"),
        (b"query=%7B%7D", "application/x-www-form-urlencoded"),
        (b"{}", "text/plain"),
        (b"", "application/json"),
        (
            b'--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{\r\n--x--',
            "multipart/form-data; boundary=x",
        ),
    ],
)
async def test_a_body_that_is_not_graphql_is_a_400(
    http: httpx.AsyncClient, body: bytes, content_type: str
) -> None:
    response = await http.post(
        "/graphql",
        content=body,
        headers={"content-type": content_type, "apollo-require-preflight": "1"},
    )
    assert 400 <= response.status_code < 500, response.text[:300]


@pytest.mark.parametrize(
    "document",
    [
        "{ " * 20_000 + "viewer { role }" + " }" * 20_000,
        "{ viewer { role } }" + " " * 2_000_000,
        "query(" + ", ".join(f"$v{n}: Int" for n in range(20_000)) + ") { viewer { role } }",
        '{ suggestRule(criterion: "' + "\\u0000" + '") }',
        "{ datasets(search: " + '["' * 5_000 + "x" + '"]' * 5_000 + ") { totalCount } }",
    ],
)
async def test_a_pathological_document_is_refused_not_a_server_error(
    owner: Api, document: str
) -> None:
    response = await owner.http.post("/graphql", json={"query": document}, headers=owner.headers)
    assert response.status_code < 500, response.text[:300]
    codes = [e["extensions"]["code"] for e in response.json().get("errors") or []]
    assert "INTERNAL" not in codes, codes


@pytest.mark.parametrize(
    ("variables", "path", "message"),
    [
        ({"i": {"name": "a\x00b"}}, "input.name", "NUL"),
        ({"i": {"name": "a\ud800b"}}, "input.name", "lone surrogate"),
        ({"i": {"name": "fine", "description": "\udfff"}}, "input.description", "surrogate"),
    ],
)
async def test_unstorable_text_in_any_argument_is_a_named_bad_user_input(
    owner: Api, variables: dict[str, Any], path: str, message: str
) -> None:
    query = "mutation($i: CreateDatasetInput!) { createDataset(input: $i) { dataset { id } } }"
    body = json.dumps({"query": query, "variables": variables}, ensure_ascii=True)
    response = await owner.http.post(
        "/graphql", content=body, headers={**owner.headers, "content-type": "application/json"}
    )
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    assert error["extensions"]["fields"][0]["path"] == path
    assert message in error["message"]


async def test_numbers_past_64_bits_and_json_too_deep_are_named(owner: Api) -> None:
    dataset_id = (
        await owner('mutation { createDataset(input: {name: "Numbers"}) { dataset { id } } }')
    )["createDataset"]["dataset"]["id"]
    case_id = (
        await owner(
            """mutation($d: ID!) { addCase(datasetId: $d, case: {input: "Q?",
                 checks: [{contains: {value: "A"}}]}) { case { id } } }""",
            {"d": dataset_id},
        )
    )["addCase"]["case"]["id"]
    score = "mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id } } }"

    def answer(args: Any) -> dict[str, Any]:
        return {"i": {"caseId": case_id, "answer": "A", "toolCalls": [{"name": "t", "args": args}]}}

    too_big = await owner.errors(score, answer({"n": 2**70}))
    assert too_big.errors[0]["extensions"]["fields"][0]["path"] == "input.toolCalls.0.args.n"
    deep: Any = 1
    for _ in range(200):
        deep = {"a": deep}
    too_deep = await owner.errors(score, answer(deep))
    assert too_deep.codes == ["BAD_USER_INPUT"]
    assert "nested deeper than" in too_deep.errors[0]["message"]
    huge_id = str(encode_id("Dataset", 2**64))
    refused = await owner.errors("query($d: ID!) { dataset(id: $d) { id } }", {"d": huge_id})
    assert refused.codes == ["BAD_USER_INPUT"]
    node = await owner("query($d: ID!) { node(id: $d) { id } }", {"d": huge_id})
    assert node == {"node": None}


async def test_an_internal_error_carries_the_request_id(
    owner: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("an unexpected failure")

    monkeypatch.setattr(datasets, "list_datasets", broken)
    response = await owner.http.post(
        "/graphql",
        json={"query": "{ datasets { totalCount } }"},
        headers={**owner.headers, "x-request-id": "quote-me-12345"},
    )
    error = response.json()["errors"][0]
    assert error["extensions"] == {"code": "INTERNAL", "requestId": "quote-me-12345"}
    assert "an unexpected failure" not in response.text


@pytest.mark.parametrize("type_name", ["Nope", "Viewer", "PageInfo", "Query", ""])
async def test_a_node_id_of_a_type_that_cannot_be_fetched_is_a_bad_user_input(
    owner: Api, type_name: str
) -> None:
    errors = await owner.errors(
        "query($i: ID!) { node(id: $i) { id } }", {"i": str(encode_id(type_name, 1))}
    )
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "id"


@pytest.mark.parametrize(
    ("query", "variables", "path"),
    [
        (
            'mutation($n: String!) { createApiKey(input: {name: $n, scopes: ["datasets:view"]}) { secret } }',
            {"n": "k" * 201},
            "name",
        ),
        (
            'mutation($n: String!) { addMember(input: {email: "a@b.co", name: $n, role: VIEWER, password: "0123456789ab"}) { member { role } } }',
            {"n": "n" * 201},
            "name",
        ),
        (
            'mutation($e: String!) { addMember(input: {email: $e, role: VIEWER, password: "0123456789ab"}) { member { role } } }',
            {"e": "e" * 320 + "@b.co"},
            "email",
        ),
    ],
)
async def test_text_past_its_column_width_is_a_named_bad_user_input(
    owner: Api, query: str, variables: dict[str, Any], path: str
) -> None:
    errors = await owner.errors(query, variables)
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == path
