"""Webhook agents, tool endpoints and model connections are called only at addresses
Casebook may call: a private, shared, link-local, metadata or unspecified address in any
spelling is refused when saved, naming the field, and so is a name that resolves to one;
at call time the name is resolved again and the address connected to checked, so a name
rebound since is refused before anything is sent. OUTBOUND_ALLOWED_NETWORKS lets a
deployment call its own network, never metadata. Loopback stays callable. Names come
from the test resolver; every server is on loopback."""

from collections.abc import Iterator

import pytest

from casebook.config import Settings
from tests.integration.agents.chat import send
from tests.integration.agents.helpers import (
    AGENT_MODEL,
    CONFIGURE_WEBHOOK_AGENT,
    LOOKUP_TOOL,
    model_agent,
    webhook_agent,
)
from tests.integration.grading.helpers import add_connection
from tests.support.graphql_client import Api, GraphQLErrors
from tests.support.loopback_http import Answer, LoopbackHttp
from tests.support.model_server import ModelServer, text_reply, tool_call_reply
from tests.support.names import NamesForTests

REFUSED_HOSTS = [
    "169.254.169.254",
    "10.0.0.1",
    "100.64.0.1",
    "[fd00::1]",
    "[::ffff:10.0.0.1]",
    "0.0.0.0",
    "167772161",
    "0x0a000001",
    "012.0.0.1",
    "metadata.google.internal",
]


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        yield server


def _fields(refused: GraphQLErrors) -> dict[str, str]:
    assert refused.codes == ["BAD_USER_INPUT"], refused.errors
    found = refused.errors[0]["extensions"]["fields"]
    return {f["path"]: f["message"] for f in found}


async def _refused_webhook(owner: Api, url: str) -> dict[str, str]:
    with pytest.raises(GraphQLErrors) as refused:
        await webhook_agent(owner, url, tools=[])
    return _fields(refused.value)


@pytest.mark.parametrize("host", REFUSED_HOSTS)
async def test_a_webhook_agent_at_a_refused_address_is_refused_naming_the_url(
    owner: Api, host: str
) -> None:
    fields = await _refused_webhook(owner, f"https://{host}/hook?token=t")
    assert list(fields) == ["url"] and fields["url"].startswith("its host is ")


@pytest.mark.parametrize("host", REFUSED_HOSTS)
async def test_a_tool_endpoint_and_a_model_connection_at_a_refused_address_are_refused(
    owner: Api, model_server: ModelServer, host: str
) -> None:
    connection = await add_connection(owner, model_server, name="Agents", models=[AGENT_MODEL])
    with pytest.raises(GraphQLErrors) as refused:
        await model_agent(
            owner, connection, tools=[{**LOOKUP_TOOL, "endpoint": f"https://{host}/lookup"}]
        )
    assert list(_fields(refused.value)) == ["tools.0.endpoint"]
    with pytest.raises(GraphQLErrors) as refused:
        await add_connection(owner, model_server, name="Inside", baseUrl=f"http://{host}/v1")
    assert list(_fields(refused.value)) == ["baseUrl"]


async def test_changing_a_webhook_agent_to_a_refused_address_is_refused(owner: Api) -> None:
    created = await webhook_agent(owner, "https://a.example.com/hook", tools=[])
    given = {"id": created["agent"]["id"], "config": {"url": "https://[::ffff:a9fe:a9fe]/"}}
    refused = await owner.errors(CONFIGURE_WEBHOOK_AGENT, {"i": given})
    assert list(_fields(refused)) == ["url"]


async def test_a_name_that_resolves_to_a_refused_address_is_refused_when_saved(
    owner: Api, model_server: ModelServer, names: NamesForTests
) -> None:
    names["internal.test"] = ["10.0.0.7"]
    fields = await _refused_webhook(owner, "https://internal.test/hook")
    assert fields == {
        "url": "its host resolves to a private address, not allowed by OUTBOUND_ALLOWED_NETWORKS"
    }
    with pytest.raises(GraphQLErrors) as refused:
        await add_connection(owner, model_server, baseUrl="http://internal.test/v1")
    assert list(_fields(refused.value)) == ["baseUrl"]
    # a name that does not resolve yet is kept: it is checked on every call
    await webhook_agent(owner, "https://not-yet.test/hook", tools=[])


async def test_allowed_networks_are_called_and_metadata_never(
    owner: Api,
    model_server: ModelServer,
    names: NamesForTests,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(settings, "outbound_allowed_networks", ["10.0.0.0/8", "169.254.0.0/16"])
    names["internal.test"] = ["10.0.0.7"]
    await webhook_agent(owner, "https://internal.test/hook", tools=[])
    await webhook_agent(owner, "https://10.0.0.1/hook", tools=[], name="Inside")
    await add_connection(owner, model_server, name="Inside", baseUrl="http://10.2.3.4:8000/v1")
    fields = await _refused_webhook(owner, "https://169.254.169.254/latest/meta-data/")
    assert fields == {"url": "its host is a cloud metadata address"}
    fields = await _refused_webhook(owner, "https://100.64.0.1/")
    assert list(fields) == ["url"]


async def test_loopback_stays_callable_and_plain_http_only_there(owner: Api) -> None:
    for url in (
        "http://127.0.0.1:9/hook",
        "http://localhost:9/",
        "http://[::1]:9/",
        "http://127.1/",
    ):
        await webhook_agent(owner, url, tools=[], name=url)
    fields = await _refused_webhook(owner, "http://agents.example.com/hook")
    assert "https" in fields["url"]


async def test_a_webhook_name_rebound_after_it_was_saved_is_refused_before_it_is_called(
    owner: Api, endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    endpoint.answer_with(lambda _: Answer(200, {"answer": "hello"}))
    created = await webhook_agent(owner, f"http://localhost:{endpoint.port}/hook", tools=[])
    agent_id = created["agent"]["id"]
    assert (await send(owner, agent_id, "Hi"))["run"]["error"] is None
    assert endpoint.received[0].headers["host"] == f"localhost:{endpoint.port}"

    names["localhost"] = ["127.0.0.1", "10.0.0.1"]  # rebound since
    run = (await send(owner, agent_id, "Hi again"))["run"]
    assert run["error"] == (
        "the webhook agent is not called: its host resolves to a private address, "
        "not allowed by OUTBOUND_ALLOWED_NETWORKS"
    )
    assert len(endpoint.received) == 1

    names["agent.test"] = ["93.184.216.34"]  # public when saved
    created = await webhook_agent(owner, "https://agent.test/hook", tools=[], name="Other")
    names["agent.test"] = ["10.0.0.1"]
    run = (await send(owner, created["agent"]["id"], "Hi"))["run"]
    assert run["error"].startswith("the webhook agent is not called: its host resolves to")


async def test_a_model_connection_and_a_tool_endpoint_are_checked_again_when_called(
    owner: Api, model_server: ModelServer, endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    names["model.test"] = ["127.0.0.1"]
    names["tools.test"] = ["93.184.216.34"]  # public when saved
    connection = await add_connection(
        owner,
        model_server,
        name="Agents",
        models=[AGENT_MODEL],
        baseUrl=f"http://model.test:{model_server.port}/v1",
    )
    tool = {**LOOKUP_TOOL, "endpoint": "https://tools.test/lookup"}
    created = await model_agent(owner, connection, tools=[tool])
    agent_id = created["agent"]["id"]

    names["tools.test"] = ["169.254.169.254"]  # rebound to the metadata service
    model_server.reply_with(tool_call_reply(("lookup_order", {"order_id": "1"})), text_reply("ok"))
    run = (await send(owner, agent_id, "Where is order 1?"))["run"]
    call = next(s for s in run["steps"] if s["kind"] == "TOOL_CALL")
    assert call["status"] == "FAILED"
    assert call["result"] == (
        "lookup_order's endpoint is not called: its host resolves to a cloud metadata address"
    )
    asked = len(model_server.requests)
    assert asked == 2

    names["model.test"] = ["10.9.9.9"]  # the model server's name rebound
    names.lookups.clear()
    run = (await send(owner, agent_id, "And order 2?"))["run"]
    assert run["error"].startswith("the agent's model call failed: OpenAI-compatible provider at")
    assert run["error"].endswith(
        "is not called: its host resolves to a private address, "
        "not allowed by OUTBOUND_ALLOWED_NETWORKS"
    )
    assert len(model_server.requests) == asked  # nothing sent, not retried
    assert names.lookups == ["model.test"]


async def test_a_webhook_redirect_is_not_followed(
    owner: Api, endpoint: LoopbackHttp, names: NamesForTests
) -> None:
    names["evil.test"] = ["10.0.0.1"]
    endpoint.answer_with(lambda _: Answer(302, {}, headers={"location": "http://evil.test/"}))
    created = await webhook_agent(owner, endpoint.url_for("/hook"), tools=[])
    run = (await send(owner, created["agent"]["id"], "Hi"))["run"]
    assert run["error"] == "the webhook agent answered HTTP 302"
    assert len(endpoint.received) == 1 and "evil.test" not in names.lookups
