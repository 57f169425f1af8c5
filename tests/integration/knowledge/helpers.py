"""GraphQL operations the knowledge tests share."""

import json
from typing import Any

from tests.support.graphql_client import Api

CREATE_BASE = """mutation($i: CreateKnowledgeBaseInput!) { createKnowledgeBase(input: $i) {
  knowledgeBase { id name description visibility ownedByViewer } } }"""
UPLOAD = """mutation($b: ID!, $f: Upload!, $t: String) {
  uploadKnowledgeDocument(knowledgeBaseId: $b, file: $f, title: $t) {
    document { id title filename kind sizeBytes passageCount content knowledgeBaseId }
    knowledgeBase { id } } }"""
SEARCH = """query($q: String!, $b: [ID!], $n: Int = 20, $a: String) {
  searchKnowledge(query: $q, baseIds: $b, first: $n, after: $a) {
    edges { cursor node { rank passage { ordinal heading text documentId }
      document { id title } } }
    pageInfo { hasNextPage endCursor } } }"""
DOCUMENTS = """query($b: ID!) { knowledgeBase(id: $b) { documents(first: 5) { totalCount
  edges { node { id title passages(first: 50) { edges { node { ordinal heading headingPath text } } } } } } } }"""
ATTACH = """mutation($a: ID!, $b: ID!) { attachKnowledgeBase(agentId: $a, knowledgeBaseId: $b) {
  newVersion version { number knowledgeBases { visible { id name } hiddenCount } }
  agent { latestVersion } } }"""
DETACH = """mutation($a: ID!, $b: ID!) { detachKnowledgeBase(agentId: $a, knowledgeBaseId: $b) {
  newVersion version { number knowledgeBases { visible { id } hiddenCount } } } }"""
SHARE_BASE = """mutation($b: ID!, $u: ID!, $l: GrantLevel!) {
  shareKnowledgeBase(id: $b, userId: $u, level: $l) { grant { level } } }"""
ADD_CONNECTION = """mutation { addModelConnection(input: {name: "c", provider: OPENAI,
  models: ["m"], apiKey: "sk-test-0123456789abcdef"}) { connection { id } } }"""
CREATE_MODEL_AGENT = """mutation($c: ID!, $p: Boolean!) { createModelAgent(input: {
  name: "Helper", private: $p, config: {connectionId: $c, model: "m"}}) { agent { id } } }"""


async def create_base(api: Api, name: str = "Policies", *, private: bool = False) -> str:
    data = await api(CREATE_BASE, {"i": {"name": name, "private": private}})
    return str(data["createKnowledgeBase"]["knowledgeBase"]["id"])


async def upload_raw(
    api: Api,
    base_id: str,
    data: bytes,
    filename: str = "policy.md",
    content_type: str = "text/markdown",
    title: str | None = None,
) -> dict[str, Any]:
    """The response body of one multipart upload, errors included."""
    operations = {"query": UPLOAD, "variables": {"b": base_id, "f": None, "t": title}}
    response = await api.http.post(
        "/graphql",
        headers=api.headers,
        data={"operations": json.dumps(operations), "map": json.dumps({"0": ["variables.f"]})},
        files={"0": (filename, data, content_type)},
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def upload(api: Api, base_id: str, data: bytes, **fields: Any) -> dict[str, Any]:
    body = await upload_raw(api, base_id, data, **fields)
    assert not body.get("errors"), body
    document: dict[str, Any] = body["data"]["uploadKnowledgeDocument"]["document"]
    return document


async def model_agent_id(api: Api, *, private: bool = False) -> str:
    connection = await api(ADD_CONNECTION)
    connection_id = connection["addModelConnection"]["connection"]["id"]
    data = await api(CREATE_MODEL_AGENT, {"c": connection_id, "p": private})
    return str(data["createModelAgent"]["agent"]["id"])


async def raw_json(api: Api, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    """A request as any client's JSON can carry it: NUL and lone surrogates as escapes."""
    body = json.dumps({"query": query, "variables": variables}, ensure_ascii=True)
    response = await api.http.post(
        "/graphql", content=body, headers={**api.headers, "content-type": "application/json"}
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def error_of(body: dict[str, Any]) -> tuple[str, list[dict[str, str]]]:
    """The one error's code and the fields it names."""
    errors = body.get("errors") or []
    assert len(errors) == 1, body
    return errors[0]["extensions"]["code"], errors[0]["extensions"].get("fields", [])
