"""The review queue through the API: up to 500 ids all or none, the replacement rules,
withdrawing, and what the queue lists and counts (spec: "Review")."""

import json
from typing import Any

from sqlalchemy import text

from tests.integration.review.helpers import (
    ANSWERS,
    QUEUE,
    WITHDRAW,
    WITHDRAW_WAITING,
    checked_case,
    checked_dataset,
    clone_scores,
    db_id,
    score,
    score_gid,
    send,
    set_not_graded,
    state_of,
)
from tests.support.graphql_client import Api

SEND_IDS = "mutation($i: SendToReviewInput!) { sendToReview(input: $i) { queued { id } } }"


async def _waiting_count(sessionmaker: Any) -> int:
    async with sessionmaker() as session:
        found = await session.execute(
            text("SELECT count(*) FROM scores WHERE review_state = 'waiting'")
        )
        return int(found.scalar_one())


async def test_500_ids_are_sent_and_501_are_refused_whole(owner: Api, sessionmaker: Any) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    first = await score(owner, case)
    clones = await clone_scores(sessionmaker, first, 500)
    refused = await owner.errors(
        SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": [first, *clones]}}
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "input.scoreIds"
    assert await _waiting_count(sessionmaker) == 0
    sent = await owner(SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": clones}})
    assert len(sent["sendToReview"]["queued"]) == 500
    assert await _waiting_count(sessionmaker) == 500


async def test_one_unknown_id_among_many_sends_none(owner: Api, sessionmaker: Any) -> None:
    dataset = await checked_dataset(owner)
    other = await checked_dataset(owner, "Elsewhere")
    case = await checked_case(owner, dataset)
    mine = await clone_scores(sessionmaker, await score(owner, case), 3)
    foreign = await score(owner, await checked_case(owner, other))
    for stranger in (foreign, score_gid(10**12)):
        refused = await owner.errors(
            SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": [*mine, stranger]}}
        )
        assert refused.codes == ["NOT_FOUND"]
        assert refused.errors[0]["message"] == "score not found"
    assert await _waiting_count(sessionmaker) == 0
    malformed = await owner.errors(
        SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": [mine[0], "not-an-id"]}}
    )
    assert malformed.codes == ["BAD_USER_INPUT"]
    wrong_type = await owner.errors(
        SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": [mine[0], case]}}
    )
    assert wrong_type.errors[0]["extensions"]["fields"][0]["path"] == "input.scoreIds.1"
    twice = await owner.errors(SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": [mine[0]] * 2}})
    assert twice.errors[0]["extensions"]["fields"][0]["path"] == "input.scoreIds.1"
    empty = await owner.errors(SEND_IDS, {"i": {"datasetId": dataset, "scoreIds": []}})
    assert empty.codes == ["BAD_USER_INPUT"]


async def test_replacement_by_rank_then_newness(owner: Api, sessionmaker: Any) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    regression = await score(owner, case)
    judge_error = await score(owner, case)
    await set_not_graded(sessionmaker, judge_error)
    sent = await send(owner, dataset, [regression])
    assert [s["id"] for s in sent["queued"]] == [regression]
    # A judge's error never pushes out a regression, however new.
    sent = await send(owner, dataset, [judge_error])
    assert sent["queued"] == [] and sent["notQueued"] == [
        {"score": {"id": judge_error}, "reason": "OUTRANKED"}
    ]
    # A newer graded score of the same case and agent takes the place; the other stays a score.
    newer = await score(owner, case)
    sent = await send(owner, dataset, [newer])
    assert [s["id"] for s in sent["queued"]] == [newer]
    assert sent["replaced"] == [{"id": regression, "review": {"state": "NOT_QUEUED"}}]
    assert (await state_of(owner, regression))["review"]["state"] == "NOT_QUEUED"
    # An older one of the same rank is not queued.
    sent = await send(owner, dataset, [regression])
    assert sent["notQueued"][0]["reason"] == "OUTRANKED"
    # Another agent's score of the case waits beside it.
    other_agent = await score(owner, case, agent="Other bot")
    await set_not_graded(sessionmaker, other_agent)
    sent = await send(owner, dataset, [other_agent])
    assert [s["id"] for s in sent["queued"]] == [other_agent]
    queue = (await owner(QUEUE, {"d": dataset}))["dataset"]
    # Ranked: graded first.
    assert [e["node"]["id"] for e in queue["reviewQueue"]["edges"]] == [newer, other_agent]
    assert queue["reviewCounts"] == {"waiting": 2, "notPassed": 1, "notGraded": 1, "passed": 0}
    again = await send(owner, dataset, [newer])
    assert again["notQueued"][0]["reason"] == "ALREADY_WAITING"


async def test_a_waiting_judge_error_gives_way_to_a_graded_score(
    owner: Api, sessionmaker: Any
) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    graded = await score(owner, case)
    judge_error = await score(owner, case)
    await set_not_graded(sessionmaker, judge_error)
    await send(owner, dataset, [judge_error])
    sent = await send(owner, dataset, [graded])
    assert [s["id"] for s in sent["queued"]] == [graded]
    assert [s["id"] for s in sent["replaced"]] == [judge_error]


async def test_withdraw_takes_waiting_scores_out_and_leaves_others(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    waiting = await score(owner, case)
    idle = await score(owner, case, agent="Other")
    await send(owner, dataset, [waiting])
    data = await owner(WITHDRAW, {"i": {"datasetId": dataset, "scoreIds": [waiting, idle]}})
    assert data["withdrawFromReview"]["withdrawn"] == [
        {"id": waiting, "review": {"state": "NOT_QUEUED"}}
    ]
    assert (await state_of(owner, waiting))["review"]["state"] == "NOT_QUEUED"
    counts = (await owner(QUEUE, {"d": dataset}))["dataset"]["reviewCounts"]
    assert counts["waiting"] == 0


async def test_withdraw_waiting_of_the_filtered_view(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    bot = await score(owner, case, agent="Bot")
    other = await score(owner, case, agent="Other")
    await send(owner, dataset, [bot, other])
    data = await owner(
        WITHDRAW_WAITING, {"i": {"datasetId": dataset, "filter": {"agentName": "Bot"}}}
    )
    assert data["withdrawWaiting"]["withdrawn"] == [{"id": bot}]
    assert (await state_of(owner, other))["review"]["state"] == "WAITING"


async def test_review_answers_lists_every_result_with_filters(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    case = await checked_case(owner, dataset)
    failed = await score(owner, case, agent="Bot")
    passed = await score(owner, case, answer="Only unused ones.", agent="Other")
    await send(owner, dataset, [failed])

    async def ids(**filters: Any) -> list[str]:
        data = await owner(ANSWERS, {"d": dataset, "f": filters or None})
        return [e["node"]["id"] for e in data["dataset"]["reviewAnswers"]["edges"]]

    # Review state does not split the list: waiting and not waiting, newest first.
    assert await ids() == [passed, failed]
    assert await ids(outcome="FAIL") == [failed]
    assert await ids(agentName="Other") == [passed]
    assert await ids(tag="returns") == [passed, failed]
    assert await ids(tag="billing") == []
    # NUL and a lone surrogate, as a client's JSON can carry them: refused, naming the field.
    body = json.dumps(
        {"query": ANSWERS, "variables": {"d": dataset, "f": {"agentName": "\u0000\ud800"}}}
    )
    response = await owner.http.post(
        "/graphql", content=body, headers={**owner.headers, "content-type": "application/json"}
    )
    error = response.json()["errors"][0]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    assert error["extensions"]["fields"][0]["path"].endswith("agentName")
    page = (await owner(ANSWERS, {"d": dataset, "first": 1}))["dataset"]["reviewAnswers"]
    assert page["totalCount"] == 2 and page["pageInfo"]["hasNextPage"]
    assert db_id(page["edges"][0]["node"]["id"]) == db_id(passed)
