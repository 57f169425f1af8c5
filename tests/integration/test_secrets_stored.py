"""Secrets stay out of everything a reader, an export or the audit log sees (spec: "Credentials
are redacted"): texts beside the cases - a dataset's name and description, its judge's
instructions and criteria, its default checks, the labels of a scored answer - are redacted
before they are stored, as are tool-call argument names; and an audit summary carries no
free text that was not redacted."""

from typing import Any

from tests.integration.datasets.helpers import ADD, create_dataset
from tests.integration.grading.helpers import SCORE, SCORE_ANSWER, update_scoring
from tests.support.graphql_client import Api

ALNUM = "A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6S7t8U9v0W1x2Y3z4"
OPENAI = "sk-" + "proj-" + ALNUM + "_" + ALNUM[:20]
GITHUB = "ghp" + "_" + ALNUM[:36]
AWS = "AKIA" + "IOSFODNN7EXAMPLE"
SECRETS = (OPENAI, GITHUB, AWS, ALNUM[:24])

AUDIT = "{ auditLog(first: 50) { edges { node { action summary } } } }"
DATASET = """query($d: ID!) { dataset(id: $d) { name description
  export(format: "jsonl") { filename content } } }"""
UPDATE_DETAILS = """mutation($i: UpdateDatasetDetailsInput!) { updateDatasetDetails(input: $i) {
  dataset { name description } } }"""
ADD_DEFAULT = """mutation($d: ID!, $c: CheckInput!) { addDefaultCheck(datasetId: $d, check: $c) {
  scoring { checks { defaultChecks { contains { value } } } } } }"""


def leaks(seen: Any) -> list[str]:
    text = str(seen)
    return [secret for secret in SECRETS if secret in text]


async def audit_summaries(api: Api) -> list[Any]:
    return [edge["node"] for edge in (await api(AUDIT))["auditLog"]["edges"]]


async def test_a_datasets_name_and_description_are_redacted_before_storage(owner: Api) -> None:
    dataset_id = await create_dataset(owner, f"Bot keys{OPENAI}")
    shown = (await owner(DATASET, {"d": dataset_id}))["dataset"]
    assert shown["name"] == "Bot keys[redacted:openai_key]"
    assert not leaks(shown)

    updated = await owner(
        UPDATE_DETAILS,
        {"i": {"id": dataset_id, "name": f"token={AWS}", "description": f"use {GITHUB}."}},
    )
    assert updated["updateDatasetDetails"]["dataset"] == {
        "name": "token=[redacted:aws_access_key]",
        "description": "use [redacted:github_token].",
    }
    listed = await owner("{ datasets(first: 10) { edges { node { name description } } } }")
    exported = (await owner(DATASET, {"d": dataset_id}))["dataset"]["export"]
    assert not leaks(listed) and not leaks(exported)
    assert not leaks(await audit_summaries(owner))


async def test_judge_instructions_criteria_and_default_checks_are_redacted(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    scoring = await update_scoring(
        owner,
        dataset_id,
        {
            "judge": {
                "instructions": f"The admin key is {OPENAI}",
                "criteria": [{"id": "leak", "text": f"Never says {GITHUB}"}],
            },
            "checks": {
                "defaultChecks": [
                    {"notContains": {"value": AWS}},
                    {"regex": {"value": f"key {GITHUB}"}},
                ]
            },
        },
    )
    assert scoring["judge"]["instructions"] == "The admin key is [redacted:openai_key]"
    assert scoring["judge"]["criteria"] == [
        {"id": "leak", "text": "Never says [redacted:github_token]"}
    ]
    checks = scoring["checks"]["defaultChecks"]
    assert checks[0]["notContains"]["value"] == "[redacted:aws_access_key]"
    # In a pattern the placeholder is escaped: it still means the literal text.
    assert checks[1]["regex"]["value"] == r"key \[redacted:github_token\]"

    added = await owner(ADD_DEFAULT, {"d": dataset_id, "c": {"contains": {"value": OPENAI}}})
    defaults = added["addDefaultCheck"]["scoring"]["checks"]["defaultChecks"]
    assert defaults[-1]["contains"]["value"] == "[redacted:openai_key]"
    read = await owner(
        """query($d: ID!) { dataset(id: $d) { scoring { judge { instructions criteria { text } }
        checks { defaultChecks { contains { value } notContains { value } regex { value } } } } } }""",
        {"d": dataset_id},
    )
    assert not leaks(read)
    assert not leaks(await audit_summaries(owner))


async def test_tool_call_argument_names_are_redacted_like_values(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    body = {
        "input": "Rotate it",
        "referenceAnswer": "Done",
        "expectedToolCalls": [{"tool": "rotate", "args": {OPENAI: "old", "k": {GITHUB: 1}}}],
    }
    added = (await owner(ADD, {"d": dataset_id, "c": body}))["addCase"]
    assert added["case"]["expectedToolCalls"][0]["args"] == {
        "[redacted:openai_key]": "old",
        "k": {"[redacted:github_token]": 1},
    }
    exported = (await owner(DATASET, {"d": dataset_id}))["dataset"]["export"]
    assert not leaks(exported)
    assert not leaks(await audit_summaries(owner))


async def test_the_labels_of_a_scored_answer_are_redacted(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    body = {"input": "Return window?", "checks": [{"contains": {"value": "days"}}]}
    added = await owner(ADD, {"d": dataset_id, "c": body})
    case_id = added["addCase"]["case"]["id"]
    scored = await owner(
        SCORE_ANSWER,
        {
            "i": {
                "caseId": case_id,
                "answer": "30 days",
                "agentName": f"bot-{GITHUB}",
                "agentVersion": f"v{AWS}",
                "answeringModel": f"model {OPENAI}",
                "runKey": f"build_{OPENAI}",
                "toolCalls": [{"name": "lookup", "args": {GITHUB: "x"}}],
            }
        },
    )
    score = scored["scoreAnswer"]["score"]
    assert (score["agentName"], score["agentVersion"], score["answeringModel"]) == (
        "bot-[redacted:github_token]",
        "v[redacted:aws_access_key]",
        "model [redacted:openai_key]",
    )
    assert score["toolCalls"][0]["args"] == {"[redacted:github_token]": "x"}
    read = await owner(SCORE, {"id": score["id"]})
    assert not leaks(read)
    runs = await owner(
        """query($d: ID!) { dataset(id: $d) { scores(first: 5) { edges { node {
        agentName agentVersion answeringModel runKey } } } } }""",
        {"d": dataset_id},
    )
    node = runs["dataset"]["scores"]["edges"][0]["node"]
    assert node["runKey"] == "build_[redacted:openai_key]"
    assert not leaks(runs)
    entries = await audit_summaries(owner)
    assert any(e["summary"].get("run_key") == "build_[redacted:openai_key]" for e in entries)
    assert not leaks(entries)


async def test_an_audit_summary_carries_no_unredacted_free_text(owner: Api) -> None:
    # A key's name is the owner's own label, stored as given; its audit entry is redacted.
    await owner(
        """mutation($n: String!) { createApiKey(input: {name: $n, scopes: ["datasets:view"]}) {
        apiKey { id } } }""",
        {"n": f"ci {GITHUB}"},
    )
    entries = await audit_summaries(owner)
    created = next(e for e in entries if e["action"] == "api_key.create")
    assert created["summary"]["name"] == "ci [redacted:github_token]"
    assert not leaks(entries)
