"""The Python client against the real API served on a loopback port: an API key with the
scopes a CI job needs, local agents, datasets whose cases pass when the answer says yes."""

from collections.abc import Iterator

import pytest

from casebook.config import Settings
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
