"""Reading scores: datasets:view reads them; the evidence in them needs runs:view too."""

from sqlalchemy import func, select

from casebook.db.models import Score
from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import create_dataset
from tests.integration.grading.helpers import (
    SCORE,
    judge_reply,
    judged_dataset,
    new_case,
    score_answer,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, text_reply

SCORES = """query($d: ID!, $o: ScoreOutcome, $after: String) { dataset(id: $d) {
  scores(first: 1, outcome: $o, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { id outcome } } } } }"""


async def test_scores_list_newest_first_page_by_page_and_by_outcome(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await judged_dataset(owner, model_server)
    case_id = await new_case(owner, dataset_id)
    model_server.reply_with(
        text_reply(judge_reply(("polite", 2))), text_reply(judge_reply(("polite", 1)))
    )
    passed = await score_answer(owner, case_id)
    failed = await score_answer(owner, case_id)
    first = (await owner(SCORES, {"d": dataset_id}))["dataset"]["scores"]
    assert first["totalCount"] == 2
    assert [e["node"]["id"] for e in first["edges"]] == [failed["id"]]
    after = first["pageInfo"]["endCursor"]
    second = (await owner(SCORES, {"d": dataset_id, "after": after}))["dataset"]["scores"]
    assert [e["node"]["id"] for e in second["edges"]] == [passed["id"]]
    assert second["pageInfo"]["hasNextPage"] is False
    only_passes = (await owner(SCORES, {"d": dataset_id, "o": "PASS"}))["dataset"]["scores"]
    assert [e["node"] for e in only_passes["edges"]] == [{"id": passed["id"], "outcome": "PASS"}]


async def test_without_runs_view_the_outcome_stays_and_the_evidence_is_removed(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    case_id = await new_case(owner, await judged_dataset(owner, model_server))
    model_server.reply_with(text_reply(judge_reply(("polite", 1), rule="It never apologises")))
    score_id = (await score_answer(owner, case_id, toolCalls=[{"name": "lookup"}]))["id"]
    viewer = await member_as(Role.VIEWER)
    seen = (await viewer(SCORE, {"id": score_id}))["score"]
    assert (seen["outcome"], seen["notGradedBy"], seen["mayScoreAgain"]) == ("FAIL", [], False)
    assert seen["answer"] is None
    assert seen["toolCalls"] is None
    assert seen["outcomeReason"] is None
    assert [(r["scorer"], r["status"], r["reason"]) for r in seen["results"]] == [
        ("judge", "FAIL", None)
    ]
    assert all(part["reason"] is None for part in seen["results"][0]["parts"])
    (grade,) = seen["judgeGrades"]
    assert (grade["status"], grade["grade"]) == ("FAIL", 1)
    assert (grade["rule"], grade["reason"], grade["quotes"]) == (None, None, None)
    assert seen["case"]["id"] == case_id
    full = (await owner(SCORE, {"id": score_id}))["score"]
    assert full["judgeGrades"][0]["rule"] == "It never apologises"


async def test_a_score_of_a_dataset_you_may_not_see_is_not_found(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    dataset_id = await judged_dataset(owner, model_server)
    await make_private(owner, dataset_id)
    case_id = await new_case(owner, dataset_id)
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    score_id = (await score_answer(owner, case_id))["id"]
    member = await member_as(Role.MEMBER)
    assert (await member.errors(SCORE, {"id": score_id})).codes == ["NOT_FOUND"]
    node = "query($id: ID!) { node(id: $id) { ... on Score { outcome } } }"
    assert (await member(node, {"id": score_id}))["node"] is None
    other = await create_dataset(owner, "Other")
    assert (await owner(SCORES, {"d": other}))["dataset"]["scores"]["totalCount"] == 0


async def make_private(api: Api, dataset_id: str) -> None:
    await api(
        "mutation($id: ID!) { setDatasetVisibility(id: $id, visibility: PRIVATE) { dataset { id } } }",
        {"id": dataset_id},
    )


async def test_a_score_outlives_its_case_and_goes_with_its_dataset(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    dataset_id = await judged_dataset(owner, model_server)
    case_id = await new_case(owner, dataset_id)
    model_server.reply_with(text_reply(judge_reply(("polite", 2))))
    score_id = (await score_answer(owner, case_id))["id"]
    remove = "mutation($id: ID!) { removeCase(id: $id) { version } }"
    await owner(remove, {"id": case_id})
    kept = (await owner(SCORE, {"id": score_id}))["score"]
    assert (kept["case"]["id"], kept["datasetVersion"]) == (case_id, 1)
    await owner("mutation($id: ID!) { deleteDataset(id: $id) { deletedId } }", {"id": dataset_id})
    assert (await owner.errors(SCORE, {"id": score_id})).codes == ["NOT_FOUND"]
    async with sessionmaker() as session:
        assert (await session.execute(select(func.count()).select_from(Score))).scalar_one() == 0
