"""People's decisions through the API: deciding, withdrawing, undoing; the decision
decides the outcome and the judge's findings stay; each is audited (spec: "Review")."""

from typing import Any

from sqlalchemy import text

from tests.integration.review.helpers import (
    DECIDE,
    QUEUE,
    UNDO,
    WITHDRAW_DECISION,
    checked_case,
    checked_dataset,
    score,
    send,
    state_of,
)
from tests.support.graphql_client import Api


async def _decide(api: Api, score_id: str, outcome: str, note: str = "") -> dict[str, Any]:
    given = {"scoreId": score_id, "outcome": outcome, "note": note}
    return (await api(DECIDE, {"i": given}))["decideReview"]["score"]


async def test_a_decision_decides_the_outcome_and_keeps_the_scorers_findings(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    failed = await score(owner, case)
    await send(owner, dataset, [failed])
    before = await state_of(owner, failed)
    decided = await _decide(owner, failed, "PASS", "It is right: the kettle was unused.")
    assert decided["outcome"] == "FAIL" and decided["finalOutcome"] == "PASS"
    assert decided["outcomeReason"] == before["outcomeReason"]
    assert decided["review"]["state"] == "DECIDED"
    assert decided["review"]["decision"] == {
        "outcome": "PASS",
        "note": "It is right: the kettle was unused.",
        "decidedBy": "Olive Owner",
        "overrulesScorers": True,
        "canUndo": True,
    }
    counts = (await owner(QUEUE, {"d": dataset}))["dataset"]["reviewCounts"]
    assert counts["waiting"] == 0


async def test_a_decided_score_is_never_touched_by_sends(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    decided = await score(owner, case)
    await _decide(owner, decided, "FAIL")
    newer = await score(owner, case)
    sent = await send(owner, dataset, [decided, newer])
    assert sent["notQueued"] == [{"score": {"id": decided}, "reason": "DECIDED"}]
    assert [s["id"] for s in sent["queued"]] == [newer]
    assert (await state_of(owner, decided))["review"]["decision"]["outcome"] == "FAIL"


async def test_withdrawing_a_decision_makes_it_wait_again_through_replacement(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    older = await score(owner, case)
    newer = await score(owner, case)
    await send(owner, dataset, [older])
    await _decide(owner, older, "PASS")
    await send(owner, dataset, [newer])
    # The newer one waits for this case and agent: the older, its decision withdrawn,
    # ranks the same and is older, so it is not queued and the newer keeps its place.
    change = (await owner(WITHDRAW_DECISION, {"s": older}))["withdrawReviewDecision"]
    assert change["queued"] is False and change["replaced"] is None
    assert change["score"]["review"]["state"] == "NOT_QUEUED"
    assert change["score"]["finalOutcome"] == "FAIL"
    # The newer's decision withdrawn, nothing waits: it waits again.
    await _decide(owner, newer, "PASS")
    change = (await owner(WITHDRAW_DECISION, {"s": newer}))["withdrawReviewDecision"]
    assert change["queued"] is True
    assert change["score"]["review"]["sentBy"] == "DECISION_WITHDRAWN"
    refused = await owner.errors(WITHDRAW_DECISION, {"s": older})
    assert refused.codes == ["CONFLICT"]


async def test_undo_brings_back_what_was_before(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    failed = await score(owner, case)
    await send(owner, dataset, [failed])
    await _decide(owner, failed, "PASS", "first look")
    await _decide(owner, failed, "FAIL", "second look")
    undone = (await owner(UNDO, {"s": failed}))["undoReviewDecision"]
    assert undone["queued"] is False
    assert undone["score"]["review"]["decision"]["outcome"] == "PASS"
    assert undone["score"]["review"]["decision"]["note"] == "first look"
    assert undone["score"]["finalOutcome"] == "PASS"
    undone = (await owner(UNDO, {"s": failed}))["undoReviewDecision"]
    assert undone["queued"] is True
    assert undone["score"]["review"]["state"] == "WAITING"
    assert undone["score"]["finalOutcome"] == "FAIL"
    refused = await owner.errors(UNDO, {"s": failed})
    assert refused.codes == ["CONFLICT"]


async def test_a_bad_decision_changes_nothing(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    failed = await score(owner, case)
    await send(owner, dataset, [failed])
    long_note = await owner.errors(
        DECIDE, {"i": {"scoreId": failed, "outcome": "PASS", "note": "x" * 4001}}
    )
    assert long_note.errors[0]["extensions"]["fields"][0]["path"] == "input.note"
    assert (await state_of(owner, failed))["review"]["state"] == "WAITING"


async def test_every_decision_is_audited_without_its_note(owner: Api, sessionmaker: Any) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    failed = await score(owner, case)
    await send(owner, dataset, [failed])
    await _decide(owner, failed, "PASS", "secret reasoning sk-live-0123456789abcdef")
    await owner(UNDO, {"s": failed})
    await _decide(owner, failed, "FAIL")
    await owner(WITHDRAW_DECISION, {"s": failed})
    async with sessionmaker() as session:
        rows = await session.execute(
            text(
                "SELECT action, summary::text FROM audit_entries WHERE action LIKE 'review.%' ORDER BY id"
            )
        )
        found = rows.all()
    assert [action for action, _ in found] == [
        "review.send",
        "review.decide",
        "review.decision_undo",
        "review.decide",
        "review.decision_withdraw",
    ]
    assert all("secret reasoning" not in summary for _, summary in found)
