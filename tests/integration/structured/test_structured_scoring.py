"""The structured reference scorer through GraphQL: the ladder, lists as sets, sub-scores,
one embeddings request and one judge call per answer, metered; references cached."""

import pytest
from sqlalchemy import select

from casebook.db.models import ModelUsage
from casebook.domain.access.catalog import Role
from casebook.domain.structured import EXACT_ONLY_NOTICE
from casebook.graphql.ids import decode_id
from casebook.llm.local_embeddings import local_embeddings_installed
from tests.integration.conftest import MemberFactory
from tests.integration.grading.helpers import SET_BUDGET
from tests.integration.structured.helpers import (
    ANSWER,
    EMBEDDING_MODEL,
    EXPECTED_QUALITY,
    JUDGE_GRADES,
    JUDGE_MODEL,
    REFERENCE,
    SCORE,
    film_case,
    grade_by_field,
    pairs_in,
    rows_by_path,
    score_answer,
    script_cast_embeddings,
    structured_dataset,
    structured_result,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, error_reply

# Free text a judge grades is never embedded.
SUMMARY_NOT_EMBEDDED = REFERENCE["summary"]
COVERAGE = """query($d: ID!) { dataset(id: $d) { scoring { coverage {
  structured unverifiedReferences nothingGrades } } } }"""


async def test_an_answer_climbs_the_ladder_with_one_embeddings_request_and_one_judge_call(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, passAt=0.75)
    case_id = await film_case(owner, dataset_id)
    script_cast_embeddings(model_server)
    model_server.respond_with(grade_by_field(JUDGE_GRADES))
    score = await score_answer(owner, case_id)

    assert score["outcome"] == "PASS"
    result = structured_result(score)
    assert (result["status"], result["mustPass"], result["skipped"]) == ("PASS", True, False)
    assert result["score"] == pytest.approx(EXPECTED_QUALITY)
    assert result["reason"].startswith(
        "quality 0.78 reaches the pass mark 0.75 (completeness 0.78, correctness 0.78); "
        "8 of 10 reference values matched"
    )
    assert "list items: 3 matched, 1 missed, 1 hallucinated" in result["reason"]
    found = score["structured"]
    assert found["completeness"] == pytest.approx(EXPECTED_QUALITY)
    assert found["correctness"] == pytest.approx(EXPECTED_QUALITY)
    assert score["quality"] == pytest.approx(EXPECTED_QUALITY)
    assert (found["fellBackToExact"], found["notices"]) == (False, [])
    assert found["embeddingModel"] == f"{EMBEDDING_MODEL} (connection {_db_id(score)})"

    rows = rows_by_path(score)
    assert (rows["title"]["rung"], rows["title"]["matched"]) == ("EXACT", True)
    assert (rows["release_date"]["rung"], rows["release_date"]["credit"]) == ("DATE", 0.0)
    assert (rows["rated_pg13"]["rung"], rows["rated_pg13"]["matched"]) == ("EXACT", True)
    assert (rows["runtime_minutes"]["rung"], rows["runtime_minutes"]["judgeGrade"]) == ("JUDGE", 90)
    assert (rows["summary"]["rung"], rows["summary"]["credit"]) == ("JUDGE", 0.85)
    assert rows["cast.0"]["rung"] == "EMBEDDING"
    assert rows["cast.0"]["candidate"] == "R. Downey Jr."
    assert rows["cast.0"]["similarity"] > 0.95
    (cast,) = found["lists"]
    assert cast["referencePath"] == "cast"
    assert sorted((m["referenceIndex"], m["candidateIndex"]) for m in cast["matched"]) == [
        (0, 0),
        (1, 1),
        (3, 2),
    ]
    assert (cast["missed"], cast["hallucinated"]) == ([2], [3])

    # One embeddings request for every text of the answer, one judge call for every pair.
    (embeddings,) = model_server.embedding_requests
    assert embeddings.model == EMBEDDING_MODEL
    assert "R. Downey Jr." in embeddings.embedding_inputs
    assert SUMMARY_NOT_EMBEDDED not in embeddings.embedding_inputs
    (judge,) = model_server.chat_requests
    assert judge.model == JUDGE_MODEL
    assert judge.body["temperature"] == 0
    assert {pair["field"] for pair in pairs_in(judge)} == {"runtime_minutes", "summary"}
    assert (found["embeddingRequests"], found["judgedPairs"]) == (1, 2)
    assert found["embeddedTexts"] == len(embeddings.embedding_inputs)
    assert found["cachedReferenceTexts"] == 0
    async with sessionmaker() as session:
        usage = (await session.execute(select(ModelUsage.helper, ModelUsage.kind))).all()
    assert sorted(usage) == [("embeddings", "embedding"), ("structured_judge", "chat")]


def _db_id(score: dict) -> str:
    """The stored id of the connection the score names (it is the only one)."""
    model = score["config"]["structured"]["embeddingModel"]["connectionId"]
    return str(decode_id(model, "ModelConnection"))


async def test_scoring_the_same_reference_again_embeds_only_the_answers_texts(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server)
    case_id = await film_case(owner, dataset_id)
    script_cast_embeddings(model_server)
    model_server.respond_with(grade_by_field(JUDGE_GRADES))
    first = await score_answer(owner, case_id)
    second = await score_answer(owner, case_id)
    first_request, second_request = model_server.embedding_requests
    reference_texts = set(REFERENCE["cast"])
    assert reference_texts & set(first_request.embedding_inputs)
    assert not reference_texts & set(second_request.embedding_inputs)
    assert set(second_request.embedding_inputs) <= set(ANSWER["cast"])
    assert second["structured"]["cachedReferenceTexts"] == len(
        reference_texts & set(first_request.embedding_inputs)
    )
    assert second["structured"]["embeddingRequests"] == 1
    assert second["quality"] == pytest.approx(first["quality"])

    # An answer whose every text the reference holds needs no request at all.
    exact = await score_answer(owner, case_id, REFERENCE)
    assert exact["quality"] == 1.0
    assert exact["structured"]["embeddingRequests"] == 0
    assert len(model_server.embedding_requests) == 2


async def test_without_an_embedding_model_it_falls_back_to_exact_matching_and_says_so(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False, embeddingModel=None)
    case_id = await film_case(owner, dataset_id)
    score = await score_answer(owner, case_id)
    found = score["structured"]
    assert (found["fellBackToExact"], found["notices"]) == (True, [EXACT_ONLY_NOTICE])
    assert EXACT_ONLY_NOTICE in structured_result(score)["reason"]
    rows = rows_by_path(score)
    assert (rows["runtime_minutes"]["rung"], rows["runtime_minutes"]["credit"]) == ("EXACT", 0.0)
    # Free text too is exact or nothing: word overlap earns no credit.
    assert (rows["summary"]["rung"], rows["summary"]["credit"]) == ("EXACT", 0.0)
    cast = found["lists"][0]
    assert sorted(cast["missed"]) == [0, 2]  # "R. Downey Jr." is a mismatch now
    assert model_server.requests == []
    assert score["config"]["structured"]["embeddingModel"] is None


async def test_an_unverified_reference_is_why_the_case_is_not_graded_by_this_scorer(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server)
    case_id = await film_case(owner, dataset_id, verified=False)
    await film_case(owner, dataset_id, {"title": "Thor"})
    coverage = (await owner(COVERAGE, {"d": dataset_id}))["dataset"]["scoring"]["coverage"]
    assert (coverage["structured"], coverage["unverifiedReferences"]) == (2, 1)
    score = await score_answer(owner, case_id)
    assert (score["outcome"], score["notGradedBy"]) == ("NOT_GRADED", ["structured"])
    result = structured_result(score)
    assert (result["status"], result["skipped"]) == ("ERROR", True)
    assert result["reason"] == "the reference must be verified before it is scored against"
    assert (score["structured"], score["quality"], score["stale"]) == (None, None, False)
    assert model_server.requests == []


async def test_a_text_reference_is_not_the_structured_scorers_to_read(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server)
    case_id = await film_case(owner, dataset_id, checks=[{"contains": {"value": "Iron"}}])
    text_case = await film_case(owner, dataset_id, "unused")
    await owner(
        """mutation($id: ID!, $c: CaseInput!) { updateCase(id: $id, baseVersion: 2, case: $c) {
          version } }""",
        {"id": text_case, "c": {"referenceAnswer": "Iron Man is a 2008 film."}},
    )
    refused = await owner.errors(
        """mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id } } }""",
        {"i": {"caseId": text_case, "answer": "{}"}},
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert "none of the configured scorers" in refused.errors[0]["message"]
    graded = await score_answer(owner, case_id)
    assert [r["scorer"] for r in graded["results"]] == ["checks", "structured"]


async def test_without_runs_view_the_breakdown_is_removed_and_the_figures_stay(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id)
    script_cast_embeddings(model_server)
    score = await score_answer(owner, case_id)
    viewer = await member_as(Role.VIEWER)
    seen = (await viewer(SCORE, {"id": score["id"]}))["score"]
    assert seen["structured"]["fields"] is None
    assert structured_result(seen)["reason"] is None
    assert seen["structured"]["quality"] == score["structured"]["quality"]
    assert seen["structured"]["lists"] == score["structured"]["lists"]
    assert seen["stale"] is False


async def test_a_failed_embeddings_call_leaves_the_scorer_without_a_verdict(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id)
    model_server.fail_embeddings_with(error_reply(503, "down"), error_reply(503, "down"))
    score = await score_answer(owner, case_id)
    assert (score["outcome"], score["structured"]) == ("NOT_GRADED", None)
    result = structured_result(score)
    assert (result["status"], result["skipped"]) == ("ERROR", False)
    assert result["reason"].startswith("the structured scorer's embedding model call failed")


async def test_a_judge_reply_missing_a_grade_is_never_guessed(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server)
    case_id = await film_case(owner, dataset_id)
    script_cast_embeddings(model_server)
    model_server.respond_with(grade_by_field({**JUDGE_GRADES, "summary": 101}))
    score = await score_answer(owner, case_id)
    assert score["outcome"] == "NOT_GRADED"
    assert structured_result(score)["reason"] == (
        "the structured scorer's judge reply could not be read: "
        "the grade for summary is not a whole number from 0 to 100"
    )


async def test_a_spent_embeddings_budget_stops_the_call_and_says_why(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id)
    await owner(SET_BUDGET, {"h": "embeddings", "l": 0})
    score = await score_answer(owner, case_id)
    result = structured_result(score)
    assert (result["status"], result["skipped"]) == ("ERROR", True)
    assert "the embeddings' model budget of $0.00 for this month is spent" in result["reason"]
    assert model_server.requests == []


@pytest.mark.skipif(not local_embeddings_installed(), reason="the local-embeddings extra")
async def test_the_local_embedding_model_matches_an_alternative_spelling(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    dataset_id, _ = await structured_dataset(
        owner,
        model_server,
        judge=False,
        embeddingModel={"local": True},
        strictness=0.2,
    )
    reference = {"cast": REFERENCE["cast"]}
    case_id = await film_case(owner, dataset_id, reference)
    score = await score_answer(owner, case_id, {"cast": ["R. Downey Jr.", "Gwyneth Paltrow"]})
    rows = rows_by_path(score)
    assert (rows["cast.0"]["rung"], rows["cast.0"]["matched"]) == ("EMBEDDING", True)
    assert score["structured"]["embeddingModel"] == "local:all-minilm-l6-v2"
    assert score["structured"]["lists"][0]["missed"] == [2, 3]
    assert model_server.requests == []
    async with sessionmaker() as session:
        usage = (await session.execute(select(ModelUsage.helper, ModelUsage.cost_usd))).all()
    assert usage == [("embeddings", 0.0)]
    assert score["config"]["structured"]["strictness"] == 0.2
