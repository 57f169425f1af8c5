"""Cases: every field validated in the domain and refused by name; twins; filters; paging."""

import pytest

from tests.integration.datasets.helpers import ADD, add_case, case, cases_of, create_dataset, inputs
from tests.support.checks import as_written
from tests.support.graphql_client import Api


async def _refusal(api: Api, dataset_id: str, body: dict) -> list[dict]:
    errors = await api.errors(ADD, {"d": dataset_id, "c": body})
    assert errors.codes == ["BAD_USER_INPUT"]
    return errors.errors[0]["extensions"]["fields"]


async def test_a_case_holds_every_field_of_the_spec_and_the_server_sets_its_source(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    added = await add_case(
        owner,
        dataset_id,
        {
            "input": "And the kettle?",
            "history": [
                {"role": "user", "content": "Can I return a toaster?"},
                {"role": "assistant", "content": "Yes."},
            ],
            "referenceAnswer": "Only unused kettles.",
            "counterExample": "Anything goes.",
            "expectedToolCalls": [
                {"tool": "lookup_policy", "args": {"item": "kettle", "region": "EU"}}
            ],
            "orderMode": "in_order",
            "checks": [
                {"contains": {"value": "unused"}},
                {"length": {"unit": "WORDS", "max": 80}},
            ],
            "tags": ["returns", "kettle"],
            "note": "Customers asked twice in May.",
            "referenceVerified": True,
        },
    )
    stored = added["case"]
    assert added["version"] == 1
    assert stored["source"] == "manual" and stored["revision"] == 1 and stored["masked"] is False
    assert stored["history"][1] == {"role": "assistant", "content": "Yes."}
    assert stored["expectedToolCalls"] == [
        {"tool": "lookup_policy", "args": {"item": "kettle", "region": "EU"}}
    ]
    assert stored["orderMode"] == "in_order" and stored["referenceVerified"] is True
    assert [as_written(check) for check in stored["checks"]] == [
        {"contains": {"value": "unused"}},
        {"length": {"unit": "WORDS", "max": 80}},
    ]


async def test_a_case_with_nothing_to_test_against_is_refused_naming_reference_answer(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    fields = await _refusal(owner, dataset_id, {"input": "Is this tested?"})
    assert [f["path"] for f in fields] == ["referenceAnswer"]
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0


@pytest.mark.parametrize(
    ("check", "path", "words"),
    [
        ({"regex": {"value": "(unclosed"}}, "checks.0.regex.value", "pattern"),
        ({"regex": {"value": "a" * 501}}, "checks.0.regex.value", "500"),
        (
            {"jsonSchema": {"schema": {"type": "string", "pattern": "^a"}}},
            "checks.0.jsonSchema.schema",
            "pattern",
        ),
        (
            {"jsonSchema": {"schema": {"$ref": "https://example.com/s.json"}}},
            "checks.0.jsonSchema.schema",
            "$ref",
        ),
        ({"length": {"unit": "WORDS"}}, "checks.0.length", "min"),
        ({"length": {"unit": "WORDS", "min": 5, "max": 3}}, "checks.0.length.min", "max"),
        ({"contains": {"value": ""}}, "checks.0.contains.value", "empty"),
        ({"equals": {"value": " x "}}, "checks.0.equals.value", "spaces"),
        (
            {"maxCostUsd": {"value": -1}},
            "checks.0.maxCostUsd.value",
            "a number from 0 to 1,000,000",
        ),
        ({"contains": {"value": "x", "path": "a..b"}}, "checks.0.contains.path", "dotted"),
    ],
)
async def test_bad_checks_are_refused_naming_the_check(
    owner: Api, check: dict, path: str, words: str
) -> None:
    dataset_id = await create_dataset(owner)
    fields = await _refusal(owner, dataset_id, case(checks=[check]))
    assert any(
        f["path"].startswith(path) and words.lower() in (f["path"] + f["message"]).lower()
        for f in fields
    ), fields


@pytest.mark.parametrize(
    "check",
    [
        {"sentiment": {"value": "happy"}},
        {"length": {"max": 3}},
        {"length": {"unit": "words", "max": 3}},
        {"contains": {"value": "x"}, "equals": {"value": "x"}},
        {},
        {"contains": {"value": "x", "criterion": "polite"}},
    ],
)
async def test_a_check_the_schema_cannot_read_is_refused_before_anything_runs(
    owner: Api, check: dict
) -> None:
    dataset_id = await create_dataset(owner)
    refused = await owner.errors(ADD, {"d": dataset_id, "c": case(checks=[check])})
    assert refused.codes == ["GRAPHQL_VALIDATION"]
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0


async def test_a_regex_of_exactly_500_characters_is_accepted(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    added = await add_case(owner, dataset_id, case(checks=[{"regex": {"value": "a" * 500}}]))
    assert added["version"] == 1


async def test_order_mode_and_history_roles_are_validated(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    fields = await _refusal(
        owner, dataset_id, case(orderMode="sometimes", history=[{"role": "robot", "content": "x"}])
    )
    assert {f["path"] for f in fields} >= {"orderMode", "history.0.role"}


async def test_twins_stop_an_add_until_the_client_adds_anyway(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    first = await add_case(owner, dataset_id)
    stopped = await add_case(owner, dataset_id, case("  how LONG is the   return window? "))
    assert stopped["case"] is None and stopped["version"] == 1
    assert [t["id"] for t in stopped["twins"]] == [first["case"]["id"]]
    kept = await add_case(owner, dataset_id, case("how long is the return window?"), twin=True)
    assert kept["version"] == 2 and kept["case"] is not None
    found = await owner(
        "query($d: ID!, $q: String!) { caseTwins(datasetId: $d, input: $q) { id } }",
        {"d": dataset_id, "q": "HOW LONG IS THE RETURN WINDOW?"},
    )
    assert len(found["caseTwins"]) == 2


async def test_cases_page_by_keyset_with_a_total_and_filter_by_tag_source_and_text(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    for n in range(7):
        await add_case(
            owner,
            dataset_id,
            case(
                f"Question {n}",
                tags=["even" if n % 2 == 0 else "odd"],
                note="refund" if n == 3 else None,
            ),
        )
    first = await cases_of(owner, dataset_id, first=3)
    assert first["totalCount"] == 7 and first["pageInfo"]["hasNextPage"] is True
    rest = await cases_of(owner, dataset_id, first=10, after=first["pageInfo"]["endCursor"])
    assert inputs(first) + inputs(rest) == [f"Question {n}" for n in range(7)]
    assert rest["pageInfo"]["hasNextPage"] is False
    assert (await cases_of(owner, dataset_id, tag="even"))["totalCount"] == 4
    assert (await cases_of(owner, dataset_id, source="manual"))["totalCount"] == 7
    assert (await cases_of(owner, dataset_id, source="import"))["totalCount"] == 0
    assert inputs(await cases_of(owner, dataset_id, search="REFUND")) == ["Question 3"]
    assert inputs(await cases_of(owner, dataset_id, search="100%")) == []


async def test_a_bad_cursor_is_refused_by_name(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    errors = await owner.errors(
        'query($d: ID!) { dataset(id: $d) { cases(after: "nope") { totalCount } } }',
        {"d": dataset_id},
    )
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "after"


async def test_credentials_are_redacted_on_every_field_including_tool_arguments(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    aws = "AKIA" + "ABCDEFGHIJKLMNOP"
    added = await add_case(
        owner,
        dataset_id,
        case(
            f"My key {token} fails",
            note=f"aws {aws}",
            expectedToolCalls=[
                {"tool": "rotate", "args": {"key": token, "nested": {"list": [aws]}}}
            ],
        ),
    )
    stored = added["case"]
    assert token not in str(stored) and aws not in str(stored)
    assert "[redacted:github_token]" in stored["input"]
    assert stored["expectedToolCalls"][0]["args"]["key"] == "[redacted:github_token]"
    entries = await owner("{ auditLog(first: 5) { edges { node { action summary } } } }")
    add_entry = next(
        e["node"] for e in entries["auditLog"]["edges"] if e["node"]["action"] == "case.add"
    )
    assert add_entry["summary"]["redacted"] == 4  # input, note, and two tool arguments
    assert token not in str(entries)


async def test_case_count_and_tags_of_a_version(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id, case("One", tags=["returns", "kettle"]))
    await add_case(owner, dataset_id, case("Two", tags=["billing"]))
    other = await create_dataset(owner, "Empty")
    listed = await owner("{ datasets { edges { node { name caseCount tags } } } }")
    assert [
        (e["node"]["name"], e["node"]["caseCount"], e["node"]["tags"])
        for e in listed["datasets"]["edges"]
    ] == [("Empty", 0, []), ("Support bot", 2, ["billing", "kettle", "returns"])]
    first = await owner(
        "query($d: ID!) { dataset(id: $d) { tags(version: 1) } }", {"d": dataset_id}
    )
    assert first["dataset"]["tags"] == ["kettle", "returns"]
    assert other
