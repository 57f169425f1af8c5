"""Hostile and malformed input to the knowledge operations: refused naming the field, never
INTERNAL, and nothing stored."""

from typing import Any

import pytest
from sqlalchemy import text

from casebook.graphql.ids import encode_id
from tests.integration.knowledge.helpers import (
    CREATE_BASE,
    SEARCH,
    create_base,
    error_of,
    raw_json,
    upload_raw,
)
from tests.support.graphql_client import Api


async def _documents(sessionmaker: Any) -> int:
    async with sessionmaker() as session:
        found = await session.execute(text("SELECT count(*) FROM knowledge_documents"))
        return int(found.scalar_one())


@pytest.mark.parametrize(
    ("data", "filename", "content_type", "code"),
    [
        (b"Boil\x00water", "a.md", "text/markdown", "BAD_USER_INPUT"),
        (b"Boil \xed\xa0\x80 water", "a.md", "text/markdown", "BAD_USER_INPUT"),
        (b"\xff\xfe\x00B", "a.txt", "text/plain", "BAD_USER_INPUT"),
        (b"%PDF-1.7", "a.pdf", "application/pdf", "BAD_USER_INPUT"),
        (b"# Fine", "a.md", "image/png", "BAD_USER_INPUT"),
        (b"   \n\n", "a.txt", "text/plain", "BAD_USER_INPUT"),
        (b"#\n" * 6_000, "headings.md", "text/markdown", "LIMIT_EXCEEDED"),
    ],
)
async def test_a_file_that_is_not_storable_text_is_refused_naming_the_file(
    owner: Api, sessionmaker: Any, data: bytes, filename: str, content_type: str, code: str
) -> None:
    base_id = await create_base(owner)
    body = await upload_raw(owner, base_id, data, filename=filename, content_type=content_type)
    got, fields = error_of(body)
    assert (got, [f["path"] for f in fields]) == (code, ["file"]), body
    assert await _documents(sessionmaker) == 0


async def test_a_title_or_name_that_cannot_be_stored_is_refused_naming_it(owner: Api) -> None:
    base_id = await create_base(owner)
    for title in ("bad\ud800title", "nul\x00title", "x" * 201):
        body = await upload_raw(owner, base_id, b"Fine.", title=title)
        code, fields = error_of(body)
        assert code == "BAD_USER_INPUT", body
        assert [f["path"] for f in fields] == ["title"], body
    for name in ("nul\x00name", "bad\ud800name", "   "):
        body = await raw_json(owner, CREATE_BASE, {"i": {"name": name}})
        code, fields = error_of(body)
        assert code == "BAD_USER_INPUT", body
        assert fields[0]["path"].endswith("name"), body


async def test_search_refuses_what_it_cannot_read_naming_the_field(owner: Api) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"q": ""}, "query"),
        ({"q": "   "}, "query"),
        ({"q": "kettle\x00"}, "query"),
        ({"q": "kettle\ud800"}, "query"),
        ({"q": "x" * 501}, "query"),
        ({"q": "kettle", "n": 100_000}, "first"),
        ({"q": "kettle", "n": -1}, "first"),
        ({"q": "kettle", "a": "not-a-cursor"}, "after"),
        ({"q": "kettle", "b": ["not-an-id"]}, "baseIds.0"),
        ({"q": "kettle", "b": [str(encode_id("Dataset", 1))]}, "baseIds.0"),
        ({"q": "kettle", "b": [str(encode_id("KnowledgeBase", 10**30))]}, "baseIds.0"),
        ({"q": "kettle", "b": [str(encode_id("KnowledgeBase", 10**12))]}, "baseIds.0"),
    ]
    for variables, path in cases:
        body = await raw_json(owner, SEARCH, variables)
        code, fields = error_of(body)
        assert code == "BAD_USER_INPUT", (variables, body)
        assert [f["path"] for f in fields] == [path], (variables, body)


async def test_a_malformed_id_is_bad_input_and_a_well_formed_unknown_one_is_not_found(
    owner: Api,
) -> None:
    query = "query($b: ID!) { knowledgeBase(id: $b) { id } }"
    for given in ("nonsense", str(encode_id("Skill", 1)), str(encode_id("KnowledgeBase", -4))):
        code, _ = error_of(await owner.raw(query, {"b": given}))
        assert code == "BAD_USER_INPUT", given
    code, _ = error_of(await owner.raw(query, {"b": str(encode_id("KnowledgeBase", 10**12))}))
    assert code == "NOT_FOUND"
