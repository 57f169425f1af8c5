"""Answers in ``application/graphql-response+json`` for a client that asks for it: a request
error (parse, validation, variable coercion) is a 400 with no ``data`` entry; a field error
keeps 200 and its data. ``application/json`` answers every GraphQL answer with 200."""

import httpx
import pytest

from tests.support.graphql_client import Api

OURS = "application/graphql-response+json"
REQUEST_ERRORS = [
    ("{", None),  # does not parse
    ("{ noSuchField }", None),  # does not validate
    ("query($n: String!) { __type(name: $n) { name } }", {"n": 12}),  # not coercible
    ("query($n: String!) { __type(name: $n) { name } }", {}),  # a required variable missing
]


@pytest.mark.parametrize(("document", "variables"), REQUEST_ERRORS)
async def test_a_request_error_is_a_400_without_data_in_the_spec_type(
    http: httpx.AsyncClient, document: str, variables: dict[str, object] | None
) -> None:
    response = await http.post(
        "/graphql",
        json={"query": document, "variables": variables},
        headers={"accept": f"{OURS}, application/json;q=0.9"},
    )
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith(OURS)
    body = response.json()
    assert "data" not in body
    assert body["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION"


@pytest.mark.parametrize(("document", "variables"), REQUEST_ERRORS)
async def test_a_request_error_stays_a_200_with_data_in_json(
    http: httpx.AsyncClient, document: str, variables: dict[str, object] | None
) -> None:
    for accept in ("application/json", "*/*", None, f"application/json, {OURS};q=0.5"):
        headers = {"accept": accept} if accept else {}
        response = await http.post(
            "/graphql", json={"query": document, "variables": variables}, headers=headers
        )
        assert response.status_code == 200, (accept, response.text)
        assert response.headers["content-type"] == "application/json"
        assert response.json()["data"] is None


async def test_an_executed_operation_keeps_200_and_its_data_in_the_spec_type(
    http: httpx.AsyncClient, owner: Api
) -> None:
    headers = {**owner.headers, "accept": OURS}
    ok = await http.post("/graphql", json={"query": "{ viewer { role } }"}, headers=headers)
    assert (ok.status_code, ok.json()) == (200, {"data": {"viewer": {"role": "OWNER"}}})
    assert ok.headers["content-type"].startswith(OURS)
    refused = await http.post(
        "/graphql",
        json={"query": '{ dataset(id: "RGF0YXNldDo5OTk5") { name } }'},
        headers=headers,
    )
    assert refused.status_code == 200, refused.text
    assert "data" in refused.json()
