"""Every change is a new version; versions never change; stale edits conflict; the cap."""

import asyncio

from casebook.db.models import OrganizationUsage
from casebook.domain.erasure.rules import ERASED_TEXT
from tests.integration.datasets.helpers import (
    REMOVE,
    UPDATE,
    add_case,
    case,
    cases_of,
    create_dataset,
)
from tests.support.graphql_client import Api

VERSIONS = "query($d: ID!, $first: Int! = 100, $before: Int) { dataset(id: $d) { versions(first: $first, before: $before) { number action caseCount summary } } }"


async def test_add_edit_remove_each_make_one_version_and_older_versions_keep_what_they_held(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    first = (await add_case(owner, dataset_id))["case"]
    second = (await add_case(owner, dataset_id, case("Second question")))["case"]
    edited = (
        await owner(UPDATE, {"id": first["id"], "base": 2, "c": {"referenceAnswer": "14 days"}})
    )["updateCase"]
    assert edited["version"] == 3 and edited["case"]["revision"] == 2
    assert (
        edited["case"]["input"] == first["input"]
    )  # fields the edit did not name keep their value
    removed = (await owner(REMOVE, {"id": second["id"], "base": 3}))["removeCase"]
    assert removed["version"] == 4
    versions = (await owner(VERSIONS, {"d": dataset_id}))["dataset"]["versions"]
    assert [(v["number"], v["action"], v["caseCount"]) for v in versions] == [
        (4, "remove", 1),
        (3, "edit", 2),
        (2, "add", 2),
        (1, "add", 1),
    ]
    at = {}
    for number in (1, 2, 3, 4):
        page = await cases_of(owner, dataset_id, v=number)
        at[number] = [(e["node"]["input"], e["node"]["referenceAnswer"]) for e in page["edges"]]
    assert at[1] == [("How long is the return window?", "30 days from delivery")]
    # "Deleting the case removes it": the versions before keep that it was there, not its
    # words.
    assert at[2] == [
        ("How long is the return window?", "30 days from delivery"),
        (ERASED_TEXT, ERASED_TEXT),
    ]
    assert at[3] == [("How long is the return window?", "14 days"), (ERASED_TEXT, ERASED_TEXT)]
    assert at[4] == [("How long is the return window?", "14 days")]
    one = await owner(
        "query($id: ID!) { case(id: $id, version: 1) { referenceAnswer revision } }",
        {"id": first["id"]},
    )
    assert one["case"] == {"referenceAnswer": "30 days from delivery", "revision": 1}


async def test_a_refused_edit_leaves_the_version_as_it_was(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    first = (await add_case(owner, dataset_id))["case"]
    errors = await owner.errors(
        UPDATE, {"id": first["id"], "base": 1, "c": {"checks": [{"regex": {"value": "("}}]}}
    )
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "checks.0.regex.value"
    assert (await owner(VERSIONS, {"d": dataset_id}))["dataset"]["versions"][0]["number"] == 1


async def test_an_edit_that_changes_nothing_makes_no_version(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    first = (await add_case(owner, dataset_id))["case"]
    same = (
        await owner(
            UPDATE,
            {"id": first["id"], "base": 1, "c": {"referenceAnswer": "30 days from delivery"}},
        )
    )["updateCase"]
    assert same == {**same, "version": 1, "changed": False}


async def test_an_edit_based_on_a_stale_version_is_a_conflict(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    first = (await add_case(owner, dataset_id))["case"]
    await owner(UPDATE, {"id": first["id"], "base": 1, "c": {"note": "first editor"}})
    errors = await owner.errors(
        UPDATE, {"id": first["id"], "base": 1, "c": {"note": "second editor"}}
    )
    assert errors.codes == ["CONFLICT"]
    assert "changed in version 2" in errors.errors[0]["message"]
    assert (await cases_of(owner, dataset_id))["edges"][0]["node"]["note"] == "first editor"
    # A removal based on a stale version conflicts too.
    assert (await owner.errors(REMOVE, {"id": first["id"], "base": 1})).codes == ["CONFLICT"]


async def test_twenty_concurrent_edits_make_versions_2_to_21_with_no_gap_and_no_duplicate(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    from casebook.graphql.ids import decode_id

    imported = "".join(f'{{"input": "Q{n}", "reference_answer": "A"}}\n' for n in range(20))
    await _import(owner, dataset_id, imported.encode(), "cases.jsonl")
    ids = [e["node"]["id"] for e in (await cases_of(owner, dataset_id))["edges"]]
    assert len(ids) == 20

    async def edit(case_id: str, n: int) -> int:
        return (await owner(UPDATE, {"id": case_id, "base": 1, "c": {"note": f"edit {n}"}}))[
            "updateCase"
        ]["version"]

    versions = await asyncio.gather(*(edit(case_id, n) for n, case_id in enumerate(ids)))
    assert sorted(versions) == list(range(2, 22))
    listed = [
        v["number"] for v in (await owner(VERSIONS, {"d": dataset_id}))["dataset"]["versions"]
    ]
    assert listed == list(range(21, 0, -1))
    assert decode_id(ids[0], "Case") > 0


async def test_versions_list_the_newest_hundred_and_open_older_ones_by_number(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    first = (await add_case(owner, dataset_id))["case"]
    for n in range(104):
        await owner(UPDATE, {"id": first["id"], "base": n + 1, "c": {"note": f"n{n}"}})
    newest = (await owner(VERSIONS, {"d": dataset_id}))["dataset"]["versions"]
    assert len(newest) == 100 and newest[0]["number"] == 105 and newest[-1]["number"] == 6
    older = (await owner(VERSIONS, {"d": dataset_id, "before": 6}))["dataset"]["versions"]
    assert [v["number"] for v in older] == [5, 4, 3, 2, 1]
    one = await owner(
        "query($d: ID!) { dataset(id: $d) { version(number: 1) { number action } } }",
        {"d": dataset_id},
    )
    assert one["dataset"]["version"] == {"number": 1, "action": "add"}
    assert (
        await owner.errors(
            "query($d: ID!) { dataset(id: $d) { version(number: 999) { number } } }",
            {"d": dataset_id},
        )
    ).codes == ["NOT_FOUND"]


async def test_the_revision_cap_refuses_adds_and_edits_with_the_count_but_never_removals(
    owner: Api, sessionmaker, settings, app
) -> None:
    dataset_id = await create_dataset(owner)
    first = (await add_case(owner, dataset_id))["case"]
    app.state.casebook.settings = settings.model_copy(
        update={"dataset_max_version_rows_per_org": 2}
    )
    await add_case(owner, dataset_id, case("Second"))
    errors = await owner.errors(
        'mutation($d: ID!) { addCase(datasetId: $d, case: {input: "Third", referenceAnswer: "x"}) { version } }',
        {"d": dataset_id},
    )
    assert errors.codes == ["LIMIT_EXCEEDED"]
    assert "store 2 case revisions" in errors.errors[0]["message"]
    assert (
        await owner.errors(UPDATE, {"id": first["id"], "base": 2, "c": {"note": "x"}})
    ).codes == ["LIMIT_EXCEEDED"]
    removed = (await owner(REMOVE, {"id": first["id"], "base": 2}))["removeCase"]
    assert removed["version"] == 3
    async with sessionmaker() as session:
        from sqlalchemy import select

        assert (await session.execute(select(OrganizationUsage.case_revisions))).scalar_one() == 2


async def _import(api: Api, dataset_id: str, data: bytes, filename: str):
    import json

    operations = {
        "query": "mutation($d: ID!, $f: Upload!) { importCases(datasetId: $d, file: $f) { version imported redacted } }",
        "variables": {"d": dataset_id, "f": None},
    }
    response = await api.http.post(
        "/graphql",
        headers=api.headers,
        data={"operations": json.dumps(operations), "map": json.dumps({"0": ["variables.f"]})},
        files={"0": (filename, data, "application/octet-stream")},
    )
    return response.json()
