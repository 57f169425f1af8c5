"""GraphQL operations the agent tests share."""

from typing import Any

from tests.integration.grading.helpers import add_connection
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

AGENT_MODEL = "gpt-4o-mini"
VERSION_FIELDS = """number kind model instructions url timeoutSeconds
  tools { name description parameters readOnly endpoint }
  skills { visible { id name } hiddenCount } modelConnection { id name }"""
AGENT_FIELDS = f"""id name description kind visibility latestVersion ownedByViewer
  viewerCan {{ view edit run }} currentVersion {{ {VERSION_FIELDS} }}"""
CREATE_MODEL_AGENT = f"""mutation($i: CreateModelAgentInput!) {{ createModelAgent(input: $i) {{
  signingSecret agent {{ {AGENT_FIELDS} }} version {{ number }} }} }}"""
CREATE_WEBHOOK_AGENT = f"""mutation($i: CreateWebhookAgentInput!) {{ createWebhookAgent(input: $i) {{
  signingSecret agent {{ {AGENT_FIELDS} }} version {{ number }} }} }}"""
CONFIGURE_MODEL_AGENT = f"""mutation($i: ConfigureModelAgentInput!) {{ configureModelAgent(input: $i) {{
  newVersion version {{ {VERSION_FIELDS} }} agent {{ latestVersion }} }} }}"""
CONFIGURE_WEBHOOK_AGENT = f"""mutation($i: ConfigureWebhookAgentInput!) {{
  configureWebhookAgent(input: $i) {{ newVersion version {{ {VERSION_FIELDS} }} agent {{ latestVersion }} }} }}"""
AGENT = f"query($id: ID!) {{ agent(id: $id) {{ {AGENT_FIELDS} }} }}"
SHARE_AGENT = """mutation($a: ID!, $u: ID!, $l: GrantLevel!) {
  shareAgent(id: $a, userId: $u, level: $l) { grant { level } } }"""

REFUND_TOOL = {
    "name": "refund_order",
    "description": "Refund an order",
    "parameters": {
        "type": "object",
        "properties": {"order_id": {"type": "string"}},
        "required": ["order_id"],
    },
    "readOnly": False,
}
LOOKUP_TOOL = {
    "name": "lookup_order",
    "description": "Read an order's status",
    "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}},
    "readOnly": True,
}


async def model_agent(
    api: Api,
    connection_id: str,
    *,
    name: str = "Support bot",
    private: bool = False,
    tools: list[dict[str, Any]] | None = None,
    instructions: str = "Answer questions about orders.",
    skill_ids: list[str] | None = None,
    model: str = AGENT_MODEL,
) -> dict[str, Any]:
    given = {
        "name": name,
        "private": private,
        "config": {
            "connectionId": connection_id,
            "model": model,
            "instructions": instructions,
            "tools": tools if tools is not None else [LOOKUP_TOOL, REFUND_TOOL],
            "skillIds": skill_ids or [],
        },
    }
    return (await api(CREATE_MODEL_AGENT, {"i": given}))["createModelAgent"]


async def webhook_agent(
    api: Api,
    url: str,
    *,
    name: str = "Webhook bot",
    private: bool = False,
    tools: list[dict[str, Any]] | None = None,
    timeout_seconds: float | None = None,
) -> dict[str, Any]:
    config: dict[str, Any] = {
        "url": url,
        "tools": tools if tools is not None else [LOOKUP_TOOL, REFUND_TOOL],
    }
    if timeout_seconds is not None:
        config["timeoutSeconds"] = timeout_seconds
    given = {"name": name, "private": private, "config": config}
    return (await api(CREATE_WEBHOOK_AGENT, {"i": given}))["createWebhookAgent"]


async def agent_connection(api: Api, server: ModelServer) -> str:
    return await add_connection(api, server, name="Agents", models=[AGENT_MODEL, "other-model"])


async def user_id(api: Api) -> str:
    return str((await api("{ viewer { user { id } } }"))["viewer"]["user"]["id"])
