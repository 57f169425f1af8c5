"""The Python client against the real API served on a loopback port: an API key with the
scopes a CI job needs, local agents, datasets whose cases pass when the answer says yes."""

import json
from collections.abc import Iterator

import pytest

from casebook.config import Settings
from tests.integration.datasets.helpers import create_dataset
from tests.support.graphql_client import Api
from tests.support.live_server import live_server

CREATE_KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""
CI_SCOPES = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]


@pytest.fixture
def live_url(settings: Settings) -> Iterator[str]:
    with live_server(settings) as address:
        yield f"http://{address}"


async def api_key(owner: Api, scopes: list[str] | None = None) -> str:
    created = await owner(CREATE_KEY, {"i": {"name": "ci", "scopes": scopes or CI_SCOPES}})
    return str(created["createApiKey"]["secret"])


@pytest.fixture
async def ci_key(owner: Api) -> str:
    return await api_key(owner)


IMPORT = """mutation($d: ID!, $f: Upload!) { importCases(datasetId: $d, file: $f) { imported } }"""


async def dataset_of(owner: Api, count: int, name: str = "Support FAQ") -> str:
    """A dataset of ``count`` cases, "question 0" … each passing when the answer says yes
    (a ``contains`` check), imported in one request."""
    dataset_id = await create_dataset(owner, name=name)
    rows = "".join(
        json.dumps({"input": f"question {i}", "checks": [{"type": "contains", "value": "yes"}]})
        + "\n"
        for i in range(count)
    )
    operations = json.dumps({"query": IMPORT, "variables": {"d": dataset_id, "f": None}})
    response = await owner.http.post(
        "/graphql",
        data={"operations": operations, "map": json.dumps({"0": ["variables.f"]})},
        files={"0": ("cases.jsonl", rows.encode(), "application/x-ndjson")},
        headers=owner.headers,
    )
    assert response.json()["data"]["importCases"]["imported"] == count, response.text
    return dataset_id
