"""A dataset's Review by a person setting and the low-confidence routing, applied to
scores asked for by hand (spec: "Review")."""

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.review.helpers import (
    DECIDE,
    PASSING,
    SCORE_ANSWER,
    SETTINGS,
    checked_case,
    checked_dataset,
    state_of,
)
from tests.support.graphql_client import Api

READ = "query($d: ID!) { dataset(id: $d) { reviewSettings { reviewByPerson routeLowConfidence } } }"


async def _scored(api: Api, case_id: str, answer: str, **more: str) -> dict[str, str]:
    given = {"caseId": case_id, "answer": answer, "agentName": "Bot", **more}
    found = (await api(SCORE_ANSWER, {"i": given}))["scoreAnswer"]["score"]
    return {"id": found["id"], "state": found["review"]["state"], "by": found["review"]["sentBy"]}


async def _set(api: Api, dataset: str, **given: object) -> dict[str, object]:
    data = await api(SETTINGS, {"i": {"datasetId": dataset, **given}})
    return data["updateReviewSettings"]["settings"]


async def test_nothing_until_somebody_sends_one(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    assert (await owner(READ, {"d": dataset}))["dataset"]["reviewSettings"] == {
        "reviewByPerson": "NOTHING",
        "routeLowConfidence": False,
    }
    case = await checked_case(owner, dataset)
    assert (await _scored(owner, case, "No."))["state"] == "NOT_QUEUED"


async def test_every_result_that_did_not_pass(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    assert await _set(owner, dataset, reviewByPerson="NOT_PASSED") == {
        "reviewByPerson": "NOT_PASSED",
        "routeLowConfidence": False,
    }
    assert (await _scored(owner, case, PASSING))["state"] == "NOT_QUEUED"
    failed = await _scored(owner, case, "No.")
    assert (failed["state"], failed["by"]) == ("WAITING", "SETTING")
    # The next one of the same case and agent takes its place: a case never waits twice.
    newer = await _scored(owner, case, "Still no.")
    assert newer["state"] == "WAITING"
    assert (await state_of(owner, failed["id"]))["review"]["state"] == "NOT_QUEUED"


async def test_every_result_and_a_decided_score_stays_decided(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    await _set(owner, dataset, reviewByPerson="EVERY")
    passed = await _scored(owner, case, PASSING)
    assert passed["state"] == "WAITING"
    await owner(DECIDE, {"i": {"scoreId": passed["id"], "outcome": "PASS"}})
    # A setting left out keeps its value.
    assert (await _set(owner, dataset, routeLowConfidence=True))["reviewByPerson"] == "EVERY"
    await _scored(owner, case, PASSING)
    assert (await state_of(owner, passed["id"]))["review"]["state"] == "DECIDED"


async def test_repetitions_that_disagree_go_to_review_when_routed(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    await _set(owner, dataset, routeLowConfidence=True)
    first = await _scored(owner, case, PASSING, runKey="ci-7")
    assert first["state"] == "NOT_QUEUED"
    second = await _scored(owner, case, "No.", runKey="ci-7")
    assert (second["state"], second["by"]) == ("WAITING", "LOW_CONFIDENCE")


async def test_changing_the_settings_needs_datasets_edit(
    owner: Api, member_as: MemberFactory
) -> None:
    dataset = await checked_dataset(owner)
    operator = await member_as(Role.OPERATOR)
    refused = await operator.errors(
        SETTINGS, {"i": {"datasetId": dataset, "reviewByPerson": "EVERY"}}
    )
    assert refused.codes == ["FORBIDDEN"]
    assert (await operator(READ, {"d": dataset}))["dataset"]["reviewSettings"][
        "reviewByPerson"
    ] == "NOTHING"
