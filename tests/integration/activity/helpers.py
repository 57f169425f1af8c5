"""GraphQL operations the Activity tests share, and batches of conversations to record."""

from typing import Any

from tests.support.graphql_client import Api

RECORD = """mutation($i: RecordConversationsInput!) { recordConversations(input: $i) {
  conversations { externalId conversationId created turnsStored
    turns { externalId messageId runId stored } } } }"""
APPEND = """mutation($i: AppendTurnsInput!) { appendTurns(input: $i) {
  conversation { conversationId turnsStored turns { externalId stored runId } } } }"""
RECORD_RATINGS = """mutation($i: RecordRatingsInput!) { recordRatings(input: $i) { recorded } }"""
RUN_FIELDS = """id question answer status error model costUsd latencyMs inputTokens outputTokens
  isolated eval hasTranscript startedAt agentName agentVersionNumber messageId
  steps { position kind text toolName arguments status result readOnly }
  ratings { value comment raterEndUser byViewer rater { id } }
  ratingSummary { up down } viewerRating { value comment }
  conversation { id title visibility endUser owner { id } ownedByViewer privateToAnother }"""
RUNS = f"""query($f: RunFilterInput, $first: Int! = 50, $after: String) {{
  runs(filter: $f, first: $first, after: $after) {{ pageInfo {{ hasNextPage endCursor }}
    edges {{ node {{ {RUN_FIELDS} }} }} }} }}"""
RUN = f"query($id: ID!) {{ run(id: $id) {{ {RUN_FIELDS} }} }}"
CONVERSATION = """query($id: ID!) { conversation(id: $id) { id title messageCount visibility
  messages { edges { node { id role content position author { id } authorEndUser
    run { id answer } } } } } }"""
RATE = """mutation($i: RateRunInput!) { rateRun(input: $i) { rating { value comment byViewer }
  run { ratingSummary { up down } } } }"""


def turn_pair(
    n: int,
    question: str = "Where is my order 1234?",
    answer: str = "It ships tomorrow.",
    *,
    calls: list[dict[str, Any]] | None = None,
    **run: Any,
) -> list[dict[str, Any]]:
    steps = [
        {
            "kind": "TOOL_CALL",
            "toolName": c["name"],
            "arguments": c.get("args", {}),
            "status": c.get("status", "OK"),
            "result": c.get("result"),
        }
        for c in calls or []
    ]
    steps.append({"kind": "TEXT", "text": answer})
    return [
        {"externalId": f"q{n}", "role": "USER", "content": question},
        {"externalId": f"a{n}", "role": "AGENT", "run": {"steps": steps, **run}},
    ]


def conversation(
    external_id: str,
    agent_id: str,
    turns: list[dict[str, Any]],
    *,
    member_id: str | None = None,
    end_user: str | None = "ana@example.com",
) -> dict[str, Any]:
    given: dict[str, Any] = {"externalId": external_id, "agentId": agent_id, "turns": turns}
    if member_id is not None:
        given["memberId"] = member_id
    else:
        given["endUser"] = end_user
    return given


async def record(api: Api, *conversations: dict[str, Any]) -> list[dict[str, Any]]:
    data = await api(RECORD, {"i": {"conversations": list(conversations)}})
    return data["recordConversations"]["conversations"]


async def runs_of(api: Api, **filter: Any) -> list[dict[str, Any]]:
    data = await api(RUNS, {"f": filter or None, "first": 100})
    return [edge["node"] for edge in data["runs"]["edges"]]
