"""Erasing a person: every rule of "Personal data", through GraphQL and the real worker,
and nothing of what they wrote left in any text or JSON column of any table."""

from typing import Any

from sqlalchemy import text

from casebook.domain.erasure.rules import ERASED_TEXT
from tests.integration.conftest import PASSWORD, MemberFactory
from tests.integration.evals.helpers import agent_at, estimate, run_input
from tests.integration.personal_data.helpers import (
    CASE_AT,
    SCORE,
    case_node,
    db_id,
    erase,
    rows,
)
from tests.integration.personal_data.scenario import CHECKS, MARK, build
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp
from tests.support.marker_search import columns_holding, text_columns

AUDIT = """query { auditLog(first: 50) { edges { node { action summary } } } }"""


async def test_erasure_reaches_every_copy_of_what_the_person_wrote(
    owner: Api,
    member_as: MemberFactory,
    endpoint: LoopbackHttp,
    run_worker: Any,
    sessionmaker: Any,
    http: Any,
) -> None:
    seen = await build(owner, member_as, endpoint, run_worker, sessionmaker)
    assert await columns_holding(sessionmaker, MARK)  # planted where copies are kept
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text(
                """INSERT INTO review_decisions (organization_id, dataset_id, score_id, outcome,
                     decided_by_user_id)
                   SELECT organization_id, dataset_id, id, 'pass', :mia FROM scores WHERE id = :s"""
            ),
            {"mia": db_id(seen.mia_id, "User"), "s": db_id(seen.score_id, "Score")},
        )
        # A draft the case generator made from her question, waiting under Proposed cases.
        await session.execute(
            text(
                """WITH g AS (
                     INSERT INTO generations (organization_id, dataset_id, agent_version, sources,
                                              count, status)
                     SELECT organization_id, id, 1, ARRAY['chats'], 1, 'finished'
                     FROM datasets WHERE id = :d
                     RETURNING id, organization_id, dataset_id)
                   INSERT INTO proposed_cases (organization_id, dataset_id, generation_id, source,
                                               content, asked_by_user_id)
                   SELECT organization_id, dataset_id, id, 'chats', CAST(:content AS jsonb), :mia
                   FROM g"""
            ),
            {
                "d": db_id(seen.dataset_id, "Dataset"),
                "mia": db_id(seen.mia_id, "User"),
                "content": f'{{"input": "Where is my order {MARK}?", "tags": []}}',
            },
        )
    assert len(await rows(sessionmaker, "SELECT id FROM proposed_cases")) == 1

    job = await erase(owner, run_worker, memberId=seen.mia_id)
    result = job["result"]
    assert result["phase"] == "finished" and result["done"] == result["total"]
    assert (result["cases_anonymised"], result["cases_with_turns_erased"]) == (2, 1)
    assert result["conversations_removed"] == 1 and result["ratings_removed"] == 2

    # Her cases, the one whose conversation was deleted first included, in every version.
    for version in range(1, 7):
        at = (await owner(CASE_AT, {"d": seen.dataset_id, "v": version}))["dataset"]["cases"]
        for edge in at["edges"]:
            case = edge["node"]
            if case["id"] in (seen.asked, seen.orphan):
                assert case["input"] == ERASED_TEXT and case["anonymisedAt"] is not None
                assert {t["content"] for t in case["history"]} <= {ERASED_TEXT}
                assert case["counterExample"] in (ERASED_TEXT, None)
                assert case["referenceAnswer"] in (ERASED_TEXT, None)
                assert case["note"] in (ERASED_TEXT, None)
    asked = await case_node(owner, seen.asked)
    assert asked["history"] == [
        {"role": "user", "content": ERASED_TEXT},
        {"role": "assistant", "content": ERASED_TEXT},
    ]
    assert asked["note"] == ERASED_TEXT and asked["counterExample"] == ERASED_TEXT
    assert asked["checks"] and asked["revision"] == 2  # id, checks, tags kept
    # Noah's case keeps his question and answer; Mia's turn, its answer and her note go.
    noahs = await case_node(owner, seen.noahs)
    assert noahs["input"] == "When is my refund due?" and noahs["counterExample"] == "In 5 days."
    assert noahs["history"] == [
        {"role": "user", "content": ERASED_TEXT},
        {"role": "assistant", "content": ERASED_TEXT},
    ]
    assert noahs["note"] is None and noahs["anonymisedAt"] is None

    # Eval runs leave her cases out from now on.
    agent = await agent_at(owner, endpoint, name="Second")
    found = await estimate(owner, run_input(seen.dataset_id, [agent]))
    assert (found["cases"], found["anonymisedLeftOut"]) == (1, 2)
    # The answers the eval run recorded for her cases are replaced, scores kept.
    recorded = await rows(
        sessionmaker,
        "SELECT s.answer_text FROM scores s WHERE s.eval_run_id = :r AND s.case_id = :c",
        r=db_id(seen.eval_run_id, "EvalRun"),
        c=db_id(seen.asked, "Case"),
    )
    assert [r[0] for r in recorded] == [ERASED_TEXT]
    # The score of her run: kept, its answer copy cleared, her name as requester gone.
    score = (await owner(SCORE, {"id": seen.score_id}))["node"]
    assert score["answer"] is None and score["sourceRunId"] is None
    assert score["outcome"] in ("PASS", "FAIL")
    (requester,) = await rows(
        sessionmaker,
        "SELECT scored_by_user_id FROM scores WHERE id = :s",
        s=db_id(seen.score_id, "Score"),
    )
    assert requester[0] is None
    deciders = await rows(sessionmaker, "SELECT decided_by_user_id FROM review_decisions")
    assert [d[0] for d in deciders] == [None]  # her name as decider is cleared too
    # She is out, and nothing names her.
    refused = await Api(http).raw(
        """mutation($i: LoginInput!) { login(input: $i) { viewer { role } } }""",
        {"i": {"email": "operator1@acme.test", "password": PASSWORD}},
    )
    assert refused.get("errors")
    (user,) = await rows(
        sessionmaker, "SELECT name, email FROM users WHERE id = :u", u=db_id(seen.mia_id, "User")
    )
    assert user[0] == "Erased person" and "acme" not in user[1]
    actions = [e["node"]["action"] for e in (await owner(AUDIT))["auditLog"]["edges"]]
    assert "person.erase" in actions and "person.erased" in actions

    searched = {f"{t}.{c}" for t, c in await text_columns(sessionmaker)}
    assert {"case_revisions.content", "messages.content", "scores.answer_text"} <= searched
    assert "proposed_cases.content" in searched
    assert await rows(sessionmaker, "SELECT id FROM proposed_cases") == []  # her draft
    assert await columns_holding(sessionmaker, MARK) == []


async def test_a_rewritten_question_lifts_the_mark(
    owner: Api,
    member_as: MemberFactory,
    endpoint: LoopbackHttp,
    run_worker: Any,
    sessionmaker: Any,
) -> None:
    from tests.integration.datasets.helpers import UPDATE

    seen = await build(owner, member_as, endpoint, run_worker, sessionmaker)
    await erase(owner, run_worker, memberId=seen.mia_id)
    latest = (
        await owner("query($d: ID!) { dataset(id: $d) { latestVersion } }", {"d": seen.dataset_id})
    )["dataset"]["latestVersion"]
    rewritten = await owner(
        UPDATE,
        {"id": seen.asked, "base": latest, "c": {"input": "Where is my order?", "checks": CHECKS}},
    )
    assert rewritten["updateCase"]["case"]["input"] == "Where is my order?"
    assert (await case_node(owner, seen.asked))["anonymisedAt"] is None
