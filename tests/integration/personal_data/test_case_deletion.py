"""Spec, Personal data: a case copied from a conversation "stays, and may still hold personal
data somebody typed into it. Deleting the case removes it." Deleting a case takes its
text out of every version - the versions keep that the case was there and was removed -
and out of what eval runs recorded for it, audited as an erasure is."""

from typing import Any

from casebook.domain.erasure.rules import ERASED_TEXT
from tests.integration.datasets.helpers import REMOVE, UPDATE, add_case, create_dataset
from tests.integration.evals.helpers import agent_at, answering_agent, run_input, start
from tests.integration.personal_data.helpers import CASE_AT, SCORE, rows
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp
from tests.support.marker_search import columns_holding

MARK = "QX9DELETEDCASE"
EXPORT = """query($d: ID!, $v: Int) { dataset(id: $d) { export(format: "jsonl", version: $v) {
  content caseCount } } }"""
VERSIONS = """query($d: ID!) { dataset(id: $d) { versions(first: 10) { number action
  caseCount } } }"""
AUDIT = """query { auditLog(action: "case.remove", first: 5) { edges { node { summary } } } }"""
SCORE_ANSWER = """mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id } } }"""


async def test_deleting_a_case_removes_its_text_from_every_version(
    owner: Api, endpoint: LoopbackHttp, run_worker: Any, sessionmaker: Any
) -> None:
    endpoint.answer_with(answering_agent())
    agent_id = await agent_at(owner, endpoint)
    dataset_id = await create_dataset(owner)
    kept = await add_case(
        owner, dataset_id, {"input": "Where is my refund?", "referenceAnswer": "In 5 days."}
    )
    written = {
        "input": f"My card {MARK} was charged twice",
        "history": [
            {"role": "user", "content": f"I am {MARK}"},
            {"role": "assistant", "content": f"Hello {MARK}"},
        ],
        "referenceAnswer": f"Refund {MARK} at once.",
        "counterExample": f"Tell {MARK} to wait.",
        "note": f"Asked by {MARK}",
        "tags": ["billing"],
        "checks": [{"contains": {"value": "refund"}}],
    }
    added = (await add_case(owner, dataset_id, written))["case"]
    await owner(
        UPDATE, {"id": added["id"], "base": 2, "c": {"referenceAnswer": f"Refund {MARK} now."}}
    )
    score = (
        await owner(
            SCORE_ANSWER, {"i": {"caseId": added["id"], "answer": f"We refund {MARK} today."}}
        )
    )["scoreAnswer"]["score"]
    await start(owner, run_input(dataset_id, [agent_id]))
    await run_worker()
    assert await columns_holding(sessionmaker, MARK)  # planted where copies are kept

    removed = (await owner(REMOVE, {"id": added["id"], "base": 3}))["removeCase"]
    assert removed["version"] == 4

    # The versions keep that the case was there, and that version 4 removed it.
    versions = (await owner(VERSIONS, {"d": dataset_id}))["dataset"]["versions"]
    assert [(v["number"], v["action"], v["caseCount"]) for v in versions] == [
        (4, "remove", 1),
        (3, "edit", 2),
        (2, "add", 2),
        (1, "add", 1),
    ]
    for version in (2, 3):
        edges = (await owner(CASE_AT, {"d": dataset_id, "v": version}))["dataset"]["cases"]
        held = {e["node"]["id"]: e["node"] for e in edges["edges"]}
        assert set(held) == {kept["case"]["id"], added["id"]}
        erased = held[added["id"]]
        assert erased["input"] == ERASED_TEXT and erased["note"] == ERASED_TEXT
        assert erased["referenceAnswer"] == ERASED_TEXT
        assert erased["counterExample"] == ERASED_TEXT
        assert {t["content"] for t in erased["history"]} == {ERASED_TEXT}
        assert erased["tags"] == ["billing"] and erased["checks"]  # what it tested stays
        assert erased["anonymisedAt"] is not None  # eval runs over old versions leave it out
        assert held[kept["case"]["id"]]["input"] == "Where is my refund?"
        exported = (await owner(EXPORT, {"d": dataset_id, "v": version}))["dataset"]["export"]
        assert exported["caseCount"] == 2 and MARK not in exported["content"]
    latest = (await owner(CASE_AT, {"d": dataset_id, "v": 4}))["dataset"]["cases"]["edges"]
    assert [e["node"]["id"] for e in latest] == [kept["case"]["id"]]

    # The score of it stays, without the answer copy that may quote it.
    graded = (await owner(SCORE, {"id": score["id"]}))["node"]
    assert graded["answer"] == ERASED_TEXT and graded["outcome"] in ("PASS", "FAIL")
    # Nothing of its text is left anywhere: not the eval run's recorded question either.
    assert await columns_holding(sessionmaker, MARK) == []
    (recorded,) = await rows(
        sessionmaker, "SELECT count(*) FROM messages WHERE content = :e", e=ERASED_TEXT
    )
    assert recorded[0] > 0

    # Audited as an erasure is: what was erased, counted, never the text.
    [entry] = (await owner(AUDIT))["auditLog"]["edges"]
    assert entry["node"]["summary"] == {
        "version": 4,
        "case_id": entry["node"]["summary"]["case_id"],
        "cases_anonymised": 1,
        "revisions_rewritten": 2,
        "scores_cleared": 2,  # its own, and the eval run's
    }
