"""Probes of the knowledge operations for ``test_not_found_is_one_answer``: every root field
taking an id of a knowledge base or document, and the knowledge node types."""

import json
from collections.abc import Callable
from typing import Any

from tests.integration.knowledge.helpers import create_base, upload
from tests.support.graphql_client import Api

Probe = tuple[str, Callable[[Any], dict[str, Any]]]

KNOWLEDGE_PROBES: dict[str, Probe] = {
    "knowledgeBase": (
        "query($b: ID!) { knowledgeBase(id: $b) { id } }",
        lambda i: {"b": i.knowledge_base},
    ),
    "searchKnowledge": (
        'query($b: ID!) { searchKnowledge(query: "kettle", baseIds: [$b]) { edges { cursor } } }',
        lambda i: {"b": i.knowledge_base},
    ),
    "updateKnowledgeBase": (
        'mutation($b: ID!) { updateKnowledgeBase(input: {id: $b, name: "X"}) '
        "{ knowledgeBase { id } } }",
        lambda i: {"b": i.knowledge_base},
    ),
    "deleteKnowledgeBase": (
        "mutation($b: ID!) { deleteKnowledgeBase(id: $b) { deletedId } }",
        lambda i: {"b": i.knowledge_base},
    ),
    "setKnowledgeBaseVisibility": (
        "mutation($b: ID!) { setKnowledgeBaseVisibility(id: $b, visibility: PRIVATE) "
        "{ knowledgeBase { id } } }",
        lambda i: {"b": i.knowledge_base},
    ),
    "shareKnowledgeBase": (
        "mutation($b: ID!, $u: ID!) { shareKnowledgeBase(id: $b, userId: $u, level: READ) "
        "{ grant { level } } }",
        lambda i: {"b": i.knowledge_base, "u": i.user},
    ),
    "revokeKnowledgeBaseGrant": (
        "mutation($b: ID!, $u: ID!) { revokeKnowledgeBaseGrant(id: $b, userId: $u) "
        "{ knowledgeBase { id } } }",
        lambda i: {"b": i.knowledge_base, "u": i.user},
    ),
    "uploadKnowledgeDocument": (
        "mutation($b: ID!, $f: Upload!) { uploadKnowledgeDocument(knowledgeBaseId: $b, "
        "file: $f) { document { id } } }",
        lambda i: {"b": i.knowledge_base, "f": None},
    ),
    "deleteKnowledgeDocument": (
        "mutation($d: ID!) { deleteKnowledgeDocument(id: $d) { deletedId } }",
        lambda i: {"d": i.knowledge_document},
    ),
    "attachKnowledgeBase": (
        "mutation($a: ID!, $b: ID!) { attachKnowledgeBase(agentId: $a, knowledgeBaseId: $b) "
        "{ newVersion } }",
        lambda i: {"a": i.agent, "b": i.knowledge_base},
    ),
    "detachKnowledgeBase": (
        "mutation($a: ID!, $b: ID!) { detachKnowledgeBase(agentId: $a, knowledgeBaseId: $b) "
        "{ newVersion } }",
        lambda i: {"a": i.agent, "b": i.knowledge_base},
    ),
}
KNOWLEDGE_NODE_TYPES: dict[str, Callable[[Any], str]] = {
    "KnowledgeBase": lambda i: i.knowledge_base,
    "KnowledgeDocument": lambda i: i.knowledge_document,
}
UPLOADS = {"uploadKnowledgeDocument": ("kettles.md", b"# Kettles\nBoil water.\n")}


async def post_upload(api: Api, query: str, variables: dict[str, Any], name: str) -> Any:
    filename, data = UPLOADS[name]
    operations = {"query": query, "variables": variables}
    response = await api.http.post(
        "/graphql",
        headers=api.headers,
        data={"operations": json.dumps(operations), "map": json.dumps({"0": ["variables.f"]})},
        files={"0": (filename, data, "text/markdown")},
    )
    return response.json()


async def knowledge_of(curator: Api, *, private: bool) -> dict[str, str]:
    """A knowledge base with one document, made by ``curator``."""
    base_id = await create_base(curator, "Hidden manuals", private=private)
    document = await upload(curator, base_id, b"# Kettles\nBoil water.\n")
    return {"knowledge_base": base_id, "knowledge_document": document["id"]}
