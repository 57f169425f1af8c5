"""A page of knowledge costs a constant number of SQL statements, however many rows it shows."""

from typing import Any

from tests.integration.knowledge.helpers import create_base, upload
from tests.support.graphql_client import Api
from tests.support.statements import app_engine, counted_statements

MAX_STATEMENTS = 8
SEARCH_PAGE = """query($n: Int!) { searchKnowledge(query: "warranty", first: $n) {
  edges { node { rank passage { ordinal heading text documentId }
    document { id title filename kind sizeBytes passageCount knowledgeBaseId } } } } }"""
DOCUMENTS_PAGE = """query($b: ID!, $n: Int!) { knowledgeBase(id: $b) { id name
  documents(first: $n) { totalCount edges { node { id title kind passageCount } } } } }"""
BASES_PAGE = """query($n: Int!) { knowledgeBases(first: $n) { totalCount
  edges { node { id name visibility ownedByViewer } } } }"""


async def _cost(app: Any, api: Api, query: str, variables: dict[str, Any]) -> tuple[int, Any]:
    with counted_statements(app_engine(app)) as statements:
        data = await api(query, variables)
    return len(statements), data


async def test_pages_of_search_hits_documents_and_bases(app: Any, owner: Api) -> None:
    base_id = await create_base(owner)
    for index in range(12):
        await upload(
            owner, base_id, f"# Part {index}\nThe warranty lasts.".encode(), filename=f"{index}.md"
        )
    for index in range(11):
        await create_base(owner, f"Base {index}", private=index % 2 == 0)

    for query, variables, listed in (
        (SEARCH_PAGE, {}, lambda d: d["searchKnowledge"]["edges"]),
        (DOCUMENTS_PAGE, {"b": base_id}, lambda d: d["knowledgeBase"]["documents"]["edges"]),
        (BASES_PAGE, {}, lambda d: d["knowledgeBases"]["edges"]),
    ):
        ten, data = await _cost(app, owner, query, {**variables, "n": 10})
        three, _ = await _cost(app, owner, query, {**variables, "n": 3})
        assert len(listed(data)) == 10
        assert (ten, three) == (three, three), f"{query[:30]} reads something once per row"
        assert ten <= MAX_STATEMENTS
