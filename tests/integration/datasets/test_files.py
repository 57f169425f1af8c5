"""Import and export: all or nothing, named rows, bounds, formula protection, downloads."""

import gc
import json
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from casebook.domain.cases.columns import IMPORT_COLUMNS
from casebook.domain.cases.fileformat import IMPORT_MAX_BYTES
from casebook.domain.cases.intake import IMPORT_CHUNK_ROWS
from casebook.services.datasets import case_files
from tests.integration.datasets.helpers import add_case, case, cases_of, create_dataset, inputs
from tests.support.graphql_client import Api

IMPORT = "mutation($d: ID!, $f: Upload!) { importCases(datasetId: $d, file: $f) { version imported redacted } }"
EXPORT = "query($d: ID!, $f: String!, $v: Int) { dataset(id: $d) { export(format: $f, version: $v) { filename contentType content caseCount } } }"


async def upload(api: Api, dataset_id: str, data: bytes, filename: str) -> dict:
    operations = {"query": IMPORT, "variables": {"d": dataset_id, "f": None}}
    response = await api.http.post(
        "/graphql",
        headers=api.headers,
        data={"operations": json.dumps(operations), "map": json.dumps({"0": ["variables.f"]})},
        files={"0": (filename, data, "application/octet-stream")},
    )
    assert response.status_code == 200, response.text
    return response.json()


def jsonl(rows: list[dict]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in rows).encode()


async def test_an_import_adds_every_case_as_one_version_with_source_import(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    body = await upload(
        owner,
        dataset_id,
        b"input,reference_answer,tags\n"
        b"How long is the return window?,30 days from delivery,returns\n"
        b'Can I return a used kettle?,"No, only unused items","returns,kettle"\n',
        "cases.csv",
    )
    assert body["data"]["importCases"] == {"version": 1, "imported": 2, "redacted": 0}
    page = await cases_of(owner, dataset_id, source="import")
    assert page["totalCount"] == 2
    assert page["edges"][1]["node"]["tags"] == ["returns", "kettle"]


async def test_one_bad_row_among_many_adds_nothing_and_every_bad_row_is_named(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    rows = [{"input": f"Q{n}", "reference_answer": "A"} for n in range(50)]
    rows[3] = {"input": "Untested"}
    rows[17] = {
        "input": "Bad check",
        "reference_answer": "x",
        "checks": [{"type": "regex", "value": "(("}],
    }
    rows[40] = {"input": "", "reference_answer": "x"}
    body = await upload(owner, dataset_id, jsonl(rows), "cases.jsonl")
    error = body["errors"][0]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    paths = [f["path"] for f in error["extensions"]["fields"]]
    assert "rows.4.reference_answer" in paths
    assert any(p.startswith("rows.18.checks.0") for p in paths)
    assert "rows.41.input" in paths
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0
    assert (await owner("query($d: ID!) { dataset(id: $d) { latestVersion } }", {"d": dataset_id}))[
        "dataset"
    ]["latestVersion"] == 0


async def test_a_bad_row_after_chunks_were_stored_leaves_the_dataset_as_it_was(
    owner: Api, sessionmaker: Any
) -> None:
    # More rows than a chunk: the first chunks are stored before the bad row is read.
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id, case("Kept"))
    usage = "SELECT coalesce(sum(case_revisions), 0) FROM organization_usage"
    async with sessionmaker() as session:
        revisions_before = (await session.execute(text(usage))).scalar_one()
    rows = [{"input": f"Q{n}", "reference_answer": "A"} for n in range(IMPORT_CHUNK_ROWS * 2 + 5)]
    rows[IMPORT_CHUNK_ROWS * 2] = {"input": "Untested"}
    body = await upload(owner, dataset_id, jsonl(rows), "cases.jsonl")
    error = body["errors"][0]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    assert [f["path"] for f in error["extensions"]["fields"]] == [
        f"rows.{IMPORT_CHUNK_ROWS * 2 + 1}.reference_answer"
    ]
    assert inputs(await cases_of(owner, dataset_id)) == ["Kept"]
    latest = await owner("query($d: ID!) { dataset(id: $d) { latestVersion } }", {"d": dataset_id})
    assert latest["dataset"]["latestVersion"] == 1
    async with sessionmaker() as session:
        assert (await session.execute(text(usage))).scalar_one() == revisions_before
    # The dataset is not left locked: the same file, mended, imports.
    rows[IMPORT_CHUNK_ROWS * 2]["reference_answer"] = "A"
    mended = await upload(owner, dataset_id, jsonl(rows), "cases.jsonl")
    assert mended["data"]["importCases"] == {"version": 2, "imported": len(rows), "redacted": 0}


async def test_unknown_columns_are_refused_so_a_typo_drops_nothing(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    body = await upload(owner, dataset_id, b"input,refrence_answer\nQ,A\n", "cases.csv")
    fields = body["errors"][0]["extensions"]["fields"]
    assert any("refrence_answer" in f["path"] for f in fields)


async def test_a_file_over_10_mb_is_refused_and_changes_nothing(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    line = json.dumps({"input": "x" * 1000, "reference_answer": "y"}) + "\n"
    data = (line * (11 * 1024 * 1024 // len(line) + 1)).encode()
    assert len(data) > 11 * 1024 * 1024
    body = await upload(owner, dataset_id, data, "big.jsonl")
    assert body["errors"][0]["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0


def _row(question: str, answer_length: int) -> bytes:
    return (
        json.dumps({"input": question, "reference_answer": "a" * answer_length}) + "\n"
    ).encode()


async def test_a_file_of_exactly_10_mb_imports(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    rows: list[bytes] = []
    while sum(map(len, rows)) + 2 * len(_row("Q0000", 9_000)) <= IMPORT_MAX_BYTES:
        rows.append(_row(f"Q{len(rows):04}", 9_000))
    room = IMPORT_MAX_BYTES - sum(map(len, rows))
    rows.append(_row("Last", room - len(_row("Last", 0))))  # fills the file to the byte
    data = b"".join(rows)
    assert len(data) == IMPORT_MAX_BYTES
    body = await upload(owner, dataset_id, data, "edge.jsonl")
    assert "errors" not in body, body["errors"][0]["message"][:300]
    assert body["data"]["importCases"]["imported"] == len(rows)


async def test_a_dataset_past_10000_cases_is_refused(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    first = await upload(
        owner,
        dataset_id,
        jsonl([{"input": f"Q{n}", "reference_answer": "A"} for n in range(9_999)]),
        "a.jsonl",
    )
    assert first["data"]["importCases"]["imported"] == 9_999
    over = await upload(
        owner,
        dataset_id,
        jsonl(
            [{"input": "One", "reference_answer": "A"}, {"input": "Two", "reference_answer": "A"}]
        ),
        "b.jsonl",
    )
    assert over["errors"][0]["extensions"]["code"] == "LIMIT_EXCEEDED"
    assert "10,000" in over["errors"][0]["message"]
    last = await add_case(owner, dataset_id, case("The ten thousandth"))
    assert last["version"] == 2
    errors = await owner.errors(
        'mutation($d: ID!) { addCase(datasetId: $d, case: {input: "One more", referenceAnswer: "x"}) { version } }',
        {"d": dataset_id},
    )
    assert errors.codes == ["LIMIT_EXCEEDED"]


async def test_a_file_neither_csv_nor_jsonl_is_refused_by_name(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    body = await upload(owner, dataset_id, b"input\nQ\n", "cases.xlsx")
    assert body["errors"][0]["extensions"]["fields"][0]["path"] == "file"


async def test_export_imports_back_unchanged_with_formula_cells_protected(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await add_case(
        owner,
        dataset_id,
        case(
            "=SUM(A1:A3)",
            referenceAnswer="-5 degrees",
            note="@here '",
            checks=[{"contains": {"value": "B", "caseSensitive": True}}],
            expectedToolCalls=[{"tool": "t", "args": {"z": 1, "a": 2}}],
        ),
    )
    for fmt in ("csv", "jsonl"):
        exported = (await owner(EXPORT, {"d": dataset_id, "f": fmt}))["dataset"]["export"]
        assert exported["caseCount"] == 1 and exported["filename"] == f"Support-bot-v1.{fmt}"
        if fmt == "csv":
            assert "'=SUM(A1:A3)" in exported["content"] and "'-5 degrees" in exported["content"]
            assert '""case_sensitive"":true,""value"":""B""' in exported["content"].replace(" ", "")
        copy_id = await create_dataset(owner, f"Copy {fmt}")
        body = await upload(owner, copy_id, exported["content"].encode(), exported["filename"])
        assert body["data"]["importCases"]["imported"] == 1
        again = (await owner(EXPORT, {"d": copy_id, "f": fmt}))["dataset"]["export"]["content"]
        assert again == exported["content"]
    audit = await owner('{ auditLog(action: "dataset.export") { edges { node { summary } } } }')
    assert len(audit["auditLog"]["edges"]) == 4


async def test_any_version_exports(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id, case("First"))
    await add_case(owner, dataset_id, case("Second"))
    v1 = (await owner(EXPORT, {"d": dataset_id, "f": "jsonl", "v": 1}))["dataset"]["export"]
    assert v1["caseCount"] == 1 and "Second" not in v1["content"]
    assert (await owner.errors(EXPORT, {"d": dataset_id, "f": "jsonl", "v": 3})).codes == [
        "NOT_FOUND"
    ]


async def test_the_http_download_is_authenticated_and_audited(
    owner: Api, http: httpx.AsyncClient
) -> None:
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id)
    response = await http.get(f"/downloads/datasets/{dataset_id}/export", params={"format": "csv"})
    assert response.status_code == 200
    assert (
        response.headers["content-disposition"] == "attachment; filename*=UTF-8''Support-bot-v1.csv"
    )
    assert response.text.startswith("input,history,reference_answer")
    anonymous = httpx.AsyncClient(transport=http._transport, base_url="http://api.test")
    refused = await anonymous.get(f"/downloads/datasets/{dataset_id}/export")
    assert refused.status_code == 401 and refused.json()["code"] == "UNAUTHENTICATED"
    await anonymous.aclose()


async def test_the_template_has_every_column_and_one_case_that_imports(
    owner: Api, http: httpx.AsyncClient
) -> None:
    template = await owner("{ caseImportTemplate caseImportColumns }")
    assert template["caseImportTemplate"].splitlines()[0] == ",".join(template["caseImportColumns"])
    assert len(template["caseImportColumns"]) == 9
    downloaded = await http.get("/downloads/import-template.csv")
    assert downloaded.text == template["caseImportTemplate"]
    dataset_id = await create_dataset(owner)
    body = await upload(owner, dataset_id, downloaded.content, "template.csv")
    assert body["data"]["importCases"]["imported"] == 1
    assert len(inputs(await cases_of(owner, dataset_id))) == 1


async def test_credentials_in_an_import_are_redacted_and_counted(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    key = "sk-ant-api03-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0"
    body = await upload(
        owner, dataset_id, jsonl([{"input": f"use {key}", "reference_answer": "no"}]), "k.jsonl"
    )
    assert body["data"]["importCases"]["redacted"] == 1
    assert key not in str(await cases_of(owner, dataset_id))


async def test_exporting_an_empty_dataset_gives_the_header_alone(
    owner: Api, http: httpx.AsyncClient
) -> None:
    dataset_id = await create_dataset(owner)
    csv_export = (await owner(EXPORT, {"d": dataset_id, "f": "csv"}))["dataset"]["export"]
    assert csv_export["content"] == ",".join(IMPORT_COLUMNS) + "\r\n"
    assert csv_export["caseCount"] == 0
    jsonl_export = (await owner(EXPORT, {"d": dataset_id, "f": "jsonl"}))["dataset"]["export"]
    assert (jsonl_export["content"], jsonl_export["caseCount"]) == ("", 0)
    downloaded = await http.get(
        f"/downloads/datasets/{dataset_id}/export", params={"format": "csv"}
    )
    assert (downloaded.status_code, downloaded.text) == (200, csv_export["content"])
    # A version it does not have is still not found.
    assert (await owner.errors(EXPORT, {"d": dataset_id, "f": "csv", "v": 1})).codes == [
        "NOT_FOUND"
    ]


async def test_the_parse_runs_with_the_collector_paused_and_gives_it_back(
    owner: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    collector_on: list[bool] = []
    parse = case_files.intake_import_in_chunks

    def observed(data: bytes, filename: str) -> Any:
        collector_on.append(gc.isenabled())
        return parse(data, filename)

    monkeypatch.setattr(case_files, "intake_import_in_chunks", observed)
    dataset_id = await create_dataset(owner)
    body = await upload(
        owner, dataset_id, jsonl([{"input": "Q", "reference_answer": "A"}]), "c.jsonl"
    )
    assert body["data"]["importCases"]["imported"] == 1
    refused = await upload(owner, dataset_id, jsonl([{"input": "Untested"}]), "c.jsonl")
    assert refused["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert collector_on == [False, False]
    assert gc.isenabled()
