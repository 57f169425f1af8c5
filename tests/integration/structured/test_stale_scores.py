"""Stale scores: a score records the reference revision and structured configuration it was
computed with; after either changes it reads as stale, and Score again makes it fresh
without running the agent."""

import json

import pytest

from casebook.services.grading.structured.staleness import (
    CONFIG_CHANGED,
    REFERENCE_EDITED,
    reference_revision,
)
from tests.integration.grading.helpers import JOB, RESCORE, update_scoring
from tests.integration.structured.helpers import (
    JUDGE_GRADES,
    REFERENCE,
    SCORE,
    film_case,
    grade_by_field,
    score_answer,
    script_cast_embeddings,
    structured_dataset,
    structured_result,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

UPDATE_CASE = """mutation($id: ID!, $base: Int!, $c: CaseInput!) {
  updateCase(id: $id, baseVersion: $base, case: $c) { version } }"""


async def edit_case(api: Api, case_id: str, base: int, **fields: object) -> int:
    data = await api(UPDATE_CASE, {"id": case_id, "base": base, "c": fields})
    return data["updateCase"]["version"]


async def score_again(api: Api, dataset_id: str, score_ids: list[str], run_worker) -> dict:
    job = (await api(RESCORE, {"d": dataset_id, "s": score_ids}))["rescore"]["job"]
    await run_worker()
    found = (await api(JOB, {"id": job["id"]}))["node"]
    assert found["status"] == "succeeded", found
    return found["result"]


async def read(api: Api, score_id: str) -> dict:
    return (await api(SCORE, {"id": score_id}))["score"]


async def test_score_edit_the_reference_see_stale_score_again_see_fresh(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server)
    case_id = await film_case(owner, dataset_id, checks=[{"contains": {"value": "Iron"}}])
    script_cast_embeddings(model_server)
    model_server.respond_with(grade_by_field(JUDGE_GRADES))
    scored = await score_answer(owner, case_id)
    assert (scored["stale"], scored["staleReasons"], scored["mayScoreAgain"]) == (False, [], False)
    before = scored["quality"]

    # The reference's date is corrected to what the answer says: a new case revision.
    corrected = {**REFERENCE, "release_date": "2008-05-12"}
    await edit_case(owner, case_id, 1, referenceAnswer=json.dumps(corrected))
    stale = await read(owner, scored["id"])
    assert (stale["stale"], stale["staleReasons"]) == (True, [REFERENCE_EDITED])
    assert stale["mayScoreAgain"] is True
    assert stale["quality"] == before  # kept, not deleted

    requests_before = len(model_server.requests)
    result = await score_again(owner, dataset_id, [scored["id"]], run_worker)
    assert [(e["status"], e["outcome"]) for e in result["scores"]] == [("graded", "pass")]
    fresh = await read(owner, scored["id"])
    assert (fresh["stale"], fresh["staleReasons"], fresh["mayScoreAgain"]) == (False, [], False)
    assert fresh["quality"] == pytest.approx(before + 0.1)  # the date now matches
    assert fresh["results"][0] == scored["results"][0]  # the checks kept their verdict
    # The agent did not run again: the kept answer was scored, with one embeddings request
    # (the reference's cast came from the cache) and one judge call.
    new_requests = model_server.requests[requests_before:]
    assert [r.path for r in new_requests] == ["/v1/embeddings", "/v1/chat/completions"]
    assert fresh["structured"]["cachedReferenceTexts"] > 0


async def test_a_configuration_change_makes_it_stale_and_score_again_uses_the_new_one(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id)
    script_cast_embeddings(model_server)
    scored = await score_answer(owner, case_id)
    await update_scoring(owner, dataset_id, {"structured": {"mustPass": False}})
    assert (await read(owner, scored["id"]))["stale"] is False  # Must pass changes no number
    await update_scoring(owner, dataset_id, {"structured": {"strictness": 1.0}})
    stale = await read(owner, scored["id"])
    assert stale["staleReasons"] == [CONFIG_CHANGED]
    await score_again(owner, dataset_id, [scored["id"]], run_worker)
    fresh = await read(owner, scored["id"])
    assert fresh["stale"] is False
    assert fresh["config"]["structured"]["strictness"] == 1.0
    assert structured_result(fresh)["mustPass"] is False


async def test_editing_anything_but_the_reference_leaves_scores_fresh(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id)
    scored = await score_answer(owner, case_id)
    version = await edit_case(owner, case_id, 1, tags=["films"], note="From the 2008 slate")
    await edit_case(owner, case_id, version, referenceVerified=False)
    assert (await read(owner, scored["id"]))["stale"] is False


async def test_a_stale_score_is_refused_while_the_new_reference_is_not_verified(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id)
    scored = await score_answer(owner, case_id)
    await edit_case(
        owner,
        case_id,
        1,
        referenceAnswer=json.dumps({"title": "Iron Man"}),
        referenceVerified=False,
    )
    assert (await read(owner, scored["id"]))["stale"] is True
    refused = await owner.errors(RESCORE, {"d": dataset_id, "s": [scored["id"]]})
    assert refused.codes == ["CONFLICT"]
    assert (
        "the structured scorer: the reference must be verified before it is scored against"
        in refused.errors[0]["message"]
    )


async def test_a_reference_verified_since_is_graded_by_score_again(
    owner: Api, model_server: ModelServer, run_worker
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False)
    case_id = await film_case(owner, dataset_id, verified=False)
    scored = await score_answer(owner, case_id)
    assert scored["outcome"] == "NOT_GRADED"
    await edit_case(owner, case_id, 1, referenceVerified=True)
    result = await score_again(owner, dataset_id, [scored["id"]], run_worker)
    assert result["graded"] == 1
    graded = await read(owner, scored["id"])
    assert graded["notGradedBy"] == []
    assert structured_result(graded)["status"] in ("PASS", "FAIL")
    assert graded["quality"] is not None and graded["stale"] is False


@pytest.mark.parametrize(
    ("history", "current", "expected"),
    [
        ([(3, 30, "b"), (2, 20, "a"), (1, 10, "a")], 3, 30),  # edited in 3
        ([(3, 30, "a"), (2, 20, "a"), (1, 10, "a")], 3, 10),  # tags edited since
        ([(3, 30, "b"), (2, 20, "a"), (1, 10, "a")], 2, 10),  # the version holds revision 2
        ([(3, 30, "a"), (2, 20, "b"), (1, 10, "a")], 3, 30),  # a text that came back is new
        ([(2, 20, None), (1, 10, None)], 2, 10),
    ],
)
def test_the_reference_revision_is_where_the_reference_as_it_reads_came_in(
    history: list[tuple[int, int, str | None]], current: int, expected: int
) -> None:
    assert reference_revision(history, current) == expected
