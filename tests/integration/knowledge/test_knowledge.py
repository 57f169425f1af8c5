"""Knowledge bases through the API: create, upload, search, delete, attach to an agent."""

from typing import Any

from sqlalchemy import text

from casebook.domain.knowledge.documents import DOCUMENT_MAX_BYTES
from tests.integration.knowledge.helpers import (
    ATTACH,
    DETACH,
    DOCUMENTS,
    SEARCH,
    create_base,
    error_of,
    model_agent_id,
    upload,
    upload_raw,
)
from tests.support.graphql_client import Api

POLICY = b"""Our promise to customers.

# Returns

You may return an unused kettle within 30 days of delivery.

## Refunds > cards

Refunds reach your card within five working days.

# Shipping

Parcels leave the warehouse the next morning.
"""


async def _counts(sessionmaker: Any) -> tuple[int, int]:
    async with sessionmaker() as session:
        documents = (await session.execute(text("SELECT count(*) FROM knowledge_documents"))).one()
        passages = (await session.execute(text("SELECT count(*) FROM knowledge_passages"))).one()
    return int(documents[0]), int(passages[0])


async def test_an_uploaded_document_is_split_stored_and_found_by_search(owner: Api) -> None:
    base_id = await create_base(owner)
    document = await upload(owner, base_id, POLICY, filename="Returns policy.md")
    assert document["title"] == "Returns policy"
    assert (document["kind"], document["sizeBytes"]) == ("MARKDOWN", len(POLICY))
    assert document["content"] == POLICY.decode()
    assert document["passageCount"] == 4
    assert document["knowledgeBaseId"] == base_id

    listed = (await owner(DOCUMENTS, {"b": base_id}))["knowledgeBase"]["documents"]
    assert listed["totalCount"] == 1
    passages = [e["node"] for e in listed["edges"][0]["node"]["passages"]["edges"]]
    assert [(p["ordinal"], p["headingPath"]) for p in passages] == [
        (0, []),
        (1, ["Returns"]),
        (2, ["Returns", "Refunds > cards"]),
        (3, ["Shipping"]),
    ]
    assert passages[2]["heading"] == "Returns > Refunds > cards"

    found = (await owner(SEARCH, {"q": "refund card"}))["searchKnowledge"]["edges"]
    assert [e["node"]["passage"]["heading"] for e in found] == ["Returns > Refunds > cards"]
    assert found[0]["node"]["document"] == {"id": document["id"], "title": "Returns policy"}
    # English stemming: "returned kettles" finds "return an unused kettle"; "-" excludes.
    stemmed = (await owner(SEARCH, {"q": "returned kettles -shipping"}))["searchKnowledge"]
    assert [e["node"]["passage"]["ordinal"] for e in stemmed["edges"]] == [1]


async def test_search_ranks_pages_and_keeps_to_the_bases_named(owner: Api) -> None:
    first_base = await create_base(owner, "Kettles")
    other_base = await create_base(owner, "Toasters")
    body = "\n\n".join(f"Kettle fact {i}: a kettle boils water." for i in range(7)).encode()
    await upload(owner, first_base, body, filename="kettles.txt", content_type="text/plain")
    await upload(owner, other_base, b"# Kettle\nA toaster is not a kettle.", filename="t.md")
    everywhere = (await owner(SEARCH, {"q": "kettle", "n": 50}))["searchKnowledge"]["edges"]
    assert len(everywhere) == 2  # the plain text packs its seven paragraphs into one passage
    # A heading match weighs more than one in the text.
    assert everywhere[0]["node"]["passage"]["heading"] == "Kettle"
    ranks = [e["node"]["rank"] for e in everywhere]
    assert ranks == sorted(ranks, reverse=True)

    only = await owner(SEARCH, {"q": "kettle", "b": [first_base], "n": 1})
    page = only["searchKnowledge"]
    assert [e["node"]["passage"]["text"][:13] for e in page["edges"]] == ["Kettle fact 0"]
    assert page["pageInfo"]["hasNextPage"] is False


async def test_search_pages_follow_on_without_repeats(owner: Api) -> None:
    base_id = await create_base(owner)
    for index in range(5):
        await upload(
            owner, base_id, f"# Part {index}\nThe warranty lasts.".encode(), filename=f"{index}.md"
        )
    seen: list[str] = []
    after = None
    while True:
        page = (await owner(SEARCH, {"q": "warranty", "n": 2, "a": after}))["searchKnowledge"]
        seen += [e["node"]["passage"]["documentId"] for e in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert len(seen) == 5 == len(set(seen))


async def test_deleting_a_document_and_a_base_removes_their_passages(
    owner: Api, sessionmaker: Any
) -> None:
    base_id = await create_base(owner)
    kept = await upload(owner, base_id, POLICY, filename="a.md")
    gone = await upload(
        owner, base_id, b"Warranty: two years.", filename="b.txt", content_type="text/plain"
    )
    deleted = await owner(
        "mutation($d: ID!) { deleteKnowledgeDocument(id: $d) { deletedId knowledgeBase { id } } }",
        {"d": gone["id"]},
    )
    assert deleted["deleteKnowledgeDocument"]["deletedId"] == gone["id"]
    assert (await owner(SEARCH, {"q": "warranty"}))["searchKnowledge"]["edges"] == []
    assert await _counts(sessionmaker) == (1, kept["passageCount"])
    await owner("mutation($b: ID!) { deleteKnowledgeBase(id: $b) { deletedId } }", {"b": base_id})
    assert await _counts(sessionmaker) == (0, 0)
    assert (await owner(SEARCH, {"q": "refund"}))["searchKnowledge"]["edges"] == []
    async with sessionmaker() as session:
        actions = (
            (
                await session.execute(
                    text(
                        "SELECT action FROM audit_entries WHERE resource_type = 'knowledge_base' "
                        "ORDER BY id"
                    )
                )
            )
            .scalars()
            .all()
        )
    assert actions == [
        "knowledge_base.create",
        "knowledge_base.upload_document",
        "knowledge_base.upload_document",
        "knowledge_base.delete_document",
        "knowledge_base.delete",
    ]


async def test_exactly_the_limit_is_stored_and_one_byte_over_stores_nothing(
    owner: Api, sessionmaker: Any
) -> None:
    base_id = await create_base(owner)
    line = b"Boil water gently.\n"
    at_limit = (line * (DOCUMENT_MAX_BYTES // len(line) + 1))[:DOCUMENT_MAX_BYTES]
    stored = await upload(owner, base_id, at_limit, filename="big.txt", content_type="text/plain")
    assert stored["sizeBytes"] == DOCUMENT_MAX_BYTES
    before = await _counts(sessionmaker)
    over = await upload_raw(
        owner, base_id, at_limit + b"x", filename="big.txt", content_type="text/plain"
    )
    code, fields = error_of(over)
    assert code == "LIMIT_EXCEEDED"
    assert [f["path"] for f in fields] == ["file"]
    assert await _counts(sessionmaker) == before


async def test_attaching_a_base_makes_a_new_agent_version(owner: Api) -> None:
    agent_id = await model_agent_id(owner)
    base_id = await create_base(owner, "Manuals")
    attached = (await owner(ATTACH, {"a": agent_id, "b": base_id}))["attachKnowledgeBase"]
    assert attached["newVersion"] is True
    assert attached["version"]["number"] == 2 == attached["agent"]["latestVersion"]
    assert attached["version"]["knowledgeBases"] == {
        "visible": [{"id": base_id, "name": "Manuals"}],
        "hiddenCount": 0,
    }
    again = (await owner(ATTACH, {"a": agent_id, "b": base_id}))["attachKnowledgeBase"]
    assert (again["newVersion"], again["version"]["number"]) == (False, 2)

    # Configuring the agent keeps the bases attached.
    configured = await owner(
        """mutation($a: ID!, $c: ID!) { configureModelAgent(input: {id: $a, config: {
             connectionId: $c, model: "m", instructions: "Be brief."}}) {
             version { number knowledgeBases { visible { id } } } } }""",
        {
            "a": agent_id,
            "c": (await owner("{ modelConnections { id } }"))["modelConnections"][0]["id"],
        },
    )
    version = configured["configureModelAgent"]["version"]
    assert (version["number"], version["knowledgeBases"]["visible"]) == (3, [{"id": base_id}])

    detached = (await owner(DETACH, {"a": agent_id, "b": base_id}))["detachKnowledgeBase"]
    assert detached["newVersion"] is True
    assert detached["version"]["number"] == 4
    assert detached["version"]["knowledgeBases"] == {"visible": [], "hiddenCount": 0}
    old = await owner(
        "query($a: ID!) { agent(id: $a) { version(number: 2) { knowledgeBases { visible { id } } } } }",
        {"a": agent_id},
    )
    assert old["agent"]["version"]["knowledgeBases"]["visible"] == [{"id": base_id}]


async def test_a_deleted_base_counts_as_hidden_on_the_versions_that_used_it(owner: Api) -> None:
    agent_id = await model_agent_id(owner)
    base_id = await create_base(owner)
    await owner(ATTACH, {"a": agent_id, "b": base_id})
    await owner("mutation($b: ID!) { deleteKnowledgeBase(id: $b) { deletedId } }", {"b": base_id})
    data = await owner(
        "query($a: ID!) { agent(id: $a) { currentVersion { knowledgeBases { visible { id } hiddenCount } } } }",
        {"a": agent_id},
    )
    assert data["agent"]["currentVersion"]["knowledgeBases"] == {"visible": [], "hiddenCount": 1}
