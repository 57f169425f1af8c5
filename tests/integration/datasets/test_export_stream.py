"""An export streams: the download reads and writes the version's cases a page at a time
(memory holds one page), and the file is byte for byte the one written whole."""

from typing import Any

import httpx
import pytest

from casebook.db.case_content import content_from_json
from casebook.db.queries.cases_at_version import cases_at_version
from casebook.domain.cases.csv_format import export_csv
from casebook.domain.cases.jsonl_format import export_jsonl
from casebook.graphql.ids import decode_id
from casebook.services.datasets import case_files
from tests.integration.datasets.helpers import create_dataset
from tests.integration.datasets.test_files import EXPORT, jsonl, upload
from tests.support.graphql_client import Api

PAGE = 7
CASES = 45  # six full pages and a short one


def rows(count: int) -> list[dict[str, Any]]:
    return [
        {
            "input": f'Question {n}, with a comma and "quotes"',
            "reference_answer": f"=Answer {n}" if n % 5 == 0 else f"Answer {n}",
            "tags": ["bulk", f"t{n % 3}"],
            "checks": [{"type": "contains", "value": f"{n}"}],
        }
        for n in range(count)
    ]


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
async def test_a_large_export_streams_page_by_page_and_is_byte_identical(
    owner: Api,
    http: httpx.AsyncClient,
    sessionmaker: Any,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    dataset_id = await create_dataset(owner)
    imported = await upload(owner, dataset_id, jsonl(rows(CASES)), "bulk.jsonl")
    assert imported["data"]["importCases"]["imported"] == CASES

    events: list[tuple[str, int]] = []
    reads, writes = case_files.cases_at_version, case_files._written_page

    async def reading(*args: Any, **kwargs: Any) -> Any:
        found = await reads(*args, **kwargs)
        events.append(("read", len(found)))
        return found

    def writing(page_rows: Any, hidden: Any, written: Any) -> str:
        events.append(("write", len(page_rows)))
        return writes(page_rows, hidden, written)

    monkeypatch.setattr(case_files, "EXPORT_PAGE_CASES", PAGE)
    monkeypatch.setattr(case_files, "cases_at_version", reading)
    monkeypatch.setattr(case_files, "_written_page", writing)

    response = await http.get(
        f"/downloads/datasets/{dataset_id}/export", params={"format": fmt}, headers=owner.headers
    )
    assert response.status_code == 200
    assert "content-length" not in response.headers  # streamed, not sized up front
    # Each page is written before the next is read: the whole never sits in memory.
    pages = -(-CASES // PAGE)
    expected_events = []
    for n in range(pages):
        size = min(PAGE, CASES - n * PAGE)
        expected_events += [("read", size), ("write", size)]
    assert events == expected_events

    # Byte for byte what writing every case at once gives.
    async with sessionmaker() as session:
        every = await cases_at_version(session, decode_id(dataset_id, "Dataset", "id"), 1)
    whole = (export_csv if fmt == "csv" else export_jsonl)(
        [content_from_json(row.content) for row in every]
    )
    assert response.content == whole.encode()
    # The GraphQL field gives the same file.
    shown = (await owner(EXPORT, {"d": dataset_id, "f": fmt}))["dataset"]["export"]
    assert shown["content"] == whole and shown["caseCount"] == CASES


async def test_an_empty_dataset_streams_the_header_alone(
    owner: Api, http: httpx.AsyncClient
) -> None:
    dataset_id = await create_dataset(owner)
    response = await http.get(
        f"/downloads/datasets/{dataset_id}/export", params={"format": "csv"}, headers=owner.headers
    )
    assert response.text == export_csv([])
