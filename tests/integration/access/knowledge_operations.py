"""Every operation on one knowledge base, performed through the API as a client would.

Each returns ``ok`` or the error code the API answered with; reads first, then changes,
the delete last. Attaching and detaching use an agent the actor may edit when its role
edits agents at all, so the base alone decides.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from itertools import count
from typing import Any

from casebook.domain.access.catalog import Role
from tests.integration.access.operations import outcome
from tests.integration.access.spec_table import FORBIDDEN, NOT_FOUND, OK, TABLE, Needs, Target
from tests.integration.access.spec_table import expected as table_expected
from tests.integration.knowledge.helpers import ATTACH, DETACH, SEARCH, upload_raw
from tests.support.graphql_client import Api

_unique = count(1)


@dataclass
class KnowledgeSubject:
    api: Api
    curator: Api
    base_id: str
    document_id: str
    spare_document_id: str
    bystander_id: str
    # A word only this base's document holds.
    marker: str
    # A model agent the actor may edit (its own), or, for a role that edits no agent, one
    # of its organization's.
    agent_id: str


async def _gql(s: KnowledgeSubject, query: str, **variables: Any) -> str:
    return outcome(await s.api.raw(query, variables))


async def view_base(s: KnowledgeSubject) -> str:
    return await _gql(s, "query($b: ID!) { knowledgeBase(id: $b) { id name } }", b=s.base_id)


async def find_in_list(s: KnowledgeSubject) -> str:
    data = await s.api("{ knowledgeBases(first: 500) { edges { node { id } } } }")
    listed = {e["node"]["id"] for e in data["knowledgeBases"]["edges"]}
    return OK if s.base_id in listed else NOT_FOUND


async def resolve_as_node(s: KnowledgeSubject) -> str:
    body = await s.api.raw("query($b: ID!) { node(id: $b) { id } }", {"b": s.base_id})
    if not body.get("errors") and body["data"]["node"] is None:
        return NOT_FOUND
    return outcome(body)


async def read_document_as_node(s: KnowledgeSubject) -> str:
    query = """query($d: ID!) { node(id: $d) { ... on KnowledgeDocument { title content
      passages { edges { node { text } } } } } }"""
    body = await s.api.raw(query, {"d": s.document_id})
    if not body.get("errors") and body["data"]["node"] is None:
        return NOT_FOUND
    return outcome(body)


async def list_documents(s: KnowledgeSubject) -> str:
    query = """query($b: ID!) { knowledgeBase(id: $b) { documents(first: 5) { totalCount
      edges { node { title passages(first: 5) { edges { node { heading text } } } } } } } }"""
    return await _gql(s, query, b=s.base_id)


async def list_grants(s: KnowledgeSubject) -> str:
    return await _gql(
        s, "query($b: ID!) { knowledgeBase(id: $b) { grants { level } } }", b=s.base_id
    )


async def search_everywhere(s: KnowledgeSubject) -> str:
    """Search without naming bases finds its passages only when the actor may read it."""
    data = await s.api(SEARCH, {"q": s.marker})
    found = {e["node"]["document"]["id"] for e in data["searchKnowledge"]["edges"]}
    return OK if s.document_id in found else NOT_FOUND


async def search_in_it(s: KnowledgeSubject) -> str:
    body = await s.api.raw(SEARCH, {"q": s.marker, "b": [s.base_id]})
    errors = body.get("errors") or []
    if errors and errors[0]["extensions"]["code"] == "BAD_USER_INPUT":
        assert errors[0]["extensions"]["fields"] == [
            {"path": "baseIds.0", "message": "knowledge base not found"}
        ], body
        return NOT_FOUND
    if not errors:
        assert len(body["data"]["searchKnowledge"]["edges"]) == 1, body
    return outcome(body)


async def rename(s: KnowledgeSubject) -> str:
    query = """mutation($i: UpdateKnowledgeBaseInput!) { updateKnowledgeBase(input: $i) {
      knowledgeBase { id } } }"""
    return await _gql(s, query, i={"id": s.base_id, "name": f"Renamed {next(_unique)}"})


async def keep_visibility(s: KnowledgeSubject) -> str:
    data = await s.curator(
        "query($b: ID!) { knowledgeBase(id: $b) { visibility } }", {"b": s.base_id}
    )
    query = """mutation($b: ID!, $v: Visibility!) {
      setKnowledgeBaseVisibility(id: $b, visibility: $v) { knowledgeBase { id } } }"""
    return await _gql(s, query, b=s.base_id, v=data["knowledgeBase"]["visibility"])


_SHARE = """mutation($b: ID!, $u: ID!) {
  shareKnowledgeBase(id: $b, userId: $u, level: READ) { grant { level } } }"""


async def share(s: KnowledgeSubject) -> str:
    return await _gql(s, _SHARE, b=s.base_id, u=s.bystander_id)


async def revoke_grant(s: KnowledgeSubject) -> str:
    await s.curator(_SHARE, {"b": s.base_id, "u": s.bystander_id})
    query = """mutation($b: ID!, $u: ID!) { revokeKnowledgeBaseGrant(id: $b, userId: $u) {
      knowledgeBase { id } } }"""
    return await _gql(s, query, b=s.base_id, u=s.bystander_id)


async def upload_document(s: KnowledgeSubject) -> str:
    body = await upload_raw(s.api, s.base_id, f"Note {next(_unique)}".encode(), filename="n.txt")
    return outcome(body)


async def delete_document(s: KnowledgeSubject) -> str:
    query = "mutation($d: ID!) { deleteKnowledgeDocument(id: $d) { deletedId } }"
    return await _gql(s, query, d=s.spare_document_id)


async def attach(s: KnowledgeSubject) -> str:
    return await _gql(s, ATTACH, a=s.agent_id, b=s.base_id)


async def detach(s: KnowledgeSubject) -> str:
    return await _gql(s, DETACH, a=s.agent_id, b=s.base_id)


async def delete_base(s: KnowledgeSubject) -> str:
    return await _gql(
        s, "mutation($b: ID!) { deleteKnowledgeBase(id: $b) { deletedId } }", b=s.base_id
    )


Expectation = Callable[[Role, Target], str]
VIEW, EDIT = Needs("agents:view"), Needs("agents:edit")


def needs(permission: Needs) -> Expectation:
    return lambda role, target: table_expected(role, target, permission)


def edit_an_agent_and_read_the_base(role: Role, target: Target) -> str:
    """agents:edit on the agent (the actor's own), read access to the base."""
    if TABLE["agents:edit"][role] is None:
        return FORBIDDEN
    return table_expected(role, target, VIEW)


Operation = Callable[[KnowledgeSubject], Awaitable[str]]
KNOWLEDGE_OPERATIONS: list[tuple[str, Expectation, Operation]] = [
    ("view the base", needs(VIEW), view_base),
    ("find it in the list", needs(VIEW), find_in_list),
    ("resolve it as a node", needs(VIEW), resolve_as_node),
    ("read a document as a node", needs(VIEW), read_document_as_node),
    ("list its documents and passages", needs(VIEW), list_documents),
    ("list its grants", needs(VIEW), list_grants),
    ("find its passage by search", needs(VIEW), search_everywhere),
    ("search in it by id", needs(VIEW), search_in_it),
    ("rename it", needs(EDIT), rename),
    ("set its visibility", needs(EDIT), keep_visibility),
    ("share it", needs(EDIT), share),
    ("revoke a grant", needs(EDIT), revoke_grant),
    ("upload a document", needs(EDIT), upload_document),
    ("delete a document", needs(EDIT), delete_document),
    ("attach it to an agent", edit_an_agent_and_read_the_base, attach),
    ("detach it from the agent", edit_an_agent_and_read_the_base, detach),
    ("delete it", needs(EDIT), delete_base),
]
