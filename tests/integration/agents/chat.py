"""The chat mutation, as the console sends it."""

from typing import Any

from tests.integration.activity.helpers import RUN_FIELDS
from tests.support.graphql_client import Api

SEND = f"""mutation($i: SendMessageInput!) {{ sendMessage(input: $i) {{
  createdConversation conversation {{ id messageCount }}
  question {{ id role content }} reply {{ id role content }} run {{ {RUN_FIELDS} }} }} }}"""


async def send(
    api: Api,
    agent_id: str,
    content: str,
    *,
    conversation_id: str | None = None,
    isolated: bool = False,
) -> dict[str, Any]:
    given: dict[str, Any] = {"agentId": agent_id, "content": content, "isolated": isolated}
    if conversation_id is not None:
        given["conversationId"] = conversation_id
    data: dict[str, Any] = (await api(SEND, {"i": given}))["sendMessage"]
    return data
