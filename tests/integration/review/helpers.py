"""GraphQL operations and fixtures the review tests share."""

from typing import Any

from sqlalchemy import text
from strawberry import relay

from casebook.db.models import Score
from casebook.graphql.ids import encode_id
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.support.graphql_client import Api

REVIEW_FIELDS = """id outcome finalOutcome agentName source answer outcomeReason evidenceMasked
  review { state rank sentBy waitingSince decision { outcome note decidedBy overrulesScorers canUndo } }"""
SEND = f"""mutation($i: SendToReviewInput!) {{ sendToReview(input: $i) {{
  queued {{ {REVIEW_FIELDS} }} replaced {{ id review {{ state }} }} notQueued {{ score {{ id }} reason }} }} }}"""
WITHDRAW = """mutation($i: WithdrawFromReviewInput!) { withdrawFromReview(input: $i) {
  withdrawn { id review { state } } } }"""
WITHDRAW_WAITING = """mutation($i: WithdrawWaitingInput!) { withdrawWaiting(input: $i) {
  withdrawn { id } } }"""
DECIDE = f"""mutation($i: DecideReviewInput!) {{ decideReview(input: $i) {{ score {{ {REVIEW_FIELDS} }} }} }}"""
UNDO = f"""mutation($s: ID!) {{ undoReviewDecision(scoreId: $s) {{ queued replaced {{ id }}
  score {{ {REVIEW_FIELDS} }} }} }}"""
WITHDRAW_DECISION = f"""mutation($s: ID!) {{ withdrawReviewDecision(scoreId: $s) {{ queued
  replaced {{ id }} score {{ {REVIEW_FIELDS} }} }} }}"""
SETTINGS = """mutation($i: ReviewSettingsInput!) { updateReviewSettings(input: $i) {
  settings { reviewByPerson routeLowConfidence } } }"""
QUEUE = """query($d: ID!) { dataset(id: $d) { reviewQueue { totalCount edges { node { id outcome } } }
  reviewCounts { waiting notPassed notGraded passed } } }"""
ANSWERS = f"""query($d: ID!, $f: ReviewAnswersFilter, $first: Int! = 50, $after: String) {{
  dataset(id: $d) {{ reviewAnswers(filter: $f, first: $first, after: $after) {{ totalCount
    pageInfo {{ hasNextPage endCursor }} edges {{ node {{ {REVIEW_FIELDS} }} }} }} }} }}"""
SCORE = f"""query($s: ID!) {{ score(id: $s) {{ {REVIEW_FIELDS} }} }}"""
SCORE_ANSWER = "mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id outcome review { state sentBy } } } }"

PASSING = "Only unused items can be returned."
FAILING = "Sure, send it back."


def db_id(global_id: str) -> int:
    return int(relay.GlobalID.from_id(global_id).node_id)


def score_gid(score_id: int) -> str:
    return str(encode_id("Score", score_id))


async def checked_dataset(api: Api, name: str = "Returns", private: bool = False) -> str:
    """A dataset graded by a check alone: an answer saying "unused" passes, others fail."""
    return await create_dataset(api, name, private=private)


async def checked_case(
    api: Api, dataset_id: str, question: str = "Can I return a used kettle?"
) -> str:
    added = await add_case(
        api,
        dataset_id,
        {
            "input": question,
            "referenceAnswer": "No, only unused items.",
            "checks": [{"contains": {"value": "unused"}}],
            "tags": ["returns"],
        },
    )
    return str(added["case"]["id"])


async def score(
    api: Api, case_id: str, answer: str = FAILING, agent: str = "Bot", **more: Any
) -> str:
    given = {"caseId": case_id, "answer": answer, "agentName": agent, **more}
    data = await api(SCORE_ANSWER, {"i": given})
    return str(data["scoreAnswer"]["score"]["id"])


async def send(api: Api, dataset_id: str, score_ids: list[str]) -> dict[str, Any]:
    return (await api(SEND, {"i": {"datasetId": dataset_id, "scoreIds": score_ids}}))[
        "sendToReview"
    ]


async def state_of(api: Api, score_id: str) -> dict[str, Any]:
    return (await api(SCORE, {"s": score_id}))["score"]


async def set_not_graded(sessionmaker: Any, score_id: str) -> None:
    """A score nothing graded (the judge failed on it), without a model server."""
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text(
                "UPDATE scores SET outcome = 'not_graded', without_verdict = '{judge}' WHERE id = :s"
            ),
            {"s": db_id(score_id)},
        )


async def clone_scores(sessionmaker: Any, score_id: str, n: int) -> list[str]:
    """``n`` copies of a score, each on a case and agent of its own (an agent name each)."""
    columns = [c.name for c in Score.__table__.columns if c.name not in ("id", "agent_name")]  # type: ignore[attr-defined]
    listed = ", ".join(columns)
    async with sessionmaker() as session, session.begin():
        rows = await session.execute(
            text(
                f"INSERT INTO scores ({listed}, agent_name) "
                f"SELECT {listed}, 'clone-' || n FROM scores, generate_series(1, :n) AS n "
                "WHERE id = :s RETURNING id"
            ),
            {"s": db_id(score_id), "n": n},
        )
        return [score_gid(int(row[0])) for row in rows]
