"""Repetitions: scores of one case and agent under one run key are numbered 1, 2, 3...; the
run's summary gives the mean quality, the spread and the median repetition's score."""

import asyncio

import pytest

from tests.integration.structured.helpers import (
    REFERENCE,
    film_case,
    score_answer,
    structured_dataset,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

REPETITIONS = """query($d: ID!, $k: String!) { dataset(id: $d) { repetitions(runKey: $k) {
  runKey caseId agentName count withQuality meanQuality lowestQuality highestQuality spread
  medianRepetition medianScore { id repetition quality }
  repetitions { repetition scoreId quality } case { id } } } }"""

# Of the four fields, an answer gets these right: qualities 1.0, 0.5 and 0.75.
REFERENCE_FOUR = {key: REFERENCE[key] for key in ("title", "director", "rated_pg13", "cast")}
RIGHT = dict(REFERENCE_FOUR)
HALF = {"title": "Thor", "director": "Kenneth Branagh", **{k: RIGHT[k] for k in ("rated_pg13",)}}


async def test_repetitions_are_numbered_per_case_agent_and_run_and_summarized(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False, embeddingModel=None)
    case_id = await film_case(owner, dataset_id, REFERENCE_FOUR)
    answers = [
        RIGHT,
        {**RIGHT, "title": "Thor", "director": "Kenneth Branagh"},
        {**RIGHT, "title": "Thor"},
    ]
    scored = [
        await score_answer(owner, case_id, answer, agentName="film-bot", runKey=" build-7 ")
        for answer in answers
    ]
    assert [(s["runKey"], s["repetition"]) for s in scored] == [("build-7", n) for n in (1, 2, 3)]
    other_agent = await score_answer(owner, case_id, RIGHT, agentName="other", runKey="build-7")
    other_run = await score_answer(owner, case_id, RIGHT, agentName="film-bot", runKey="build-8")
    alone = await score_answer(owner, case_id, RIGHT, agentName="film-bot")
    assert (other_agent["repetition"], other_run["repetition"]) == (1, 1)
    assert (alone["runKey"], alone["repetition"]) == (None, None)

    rows = (await owner(REPETITIONS, {"d": dataset_id, "k": "build-7"}))["dataset"]["repetitions"]
    assert [(r["agentName"], r["count"]) for r in rows] == [("film-bot", 3), ("other", 1)]
    bot = rows[0]
    qualities = [s["quality"] for s in scored]
    assert [r["quality"] for r in bot["repetitions"]] == qualities
    assert bot["meanQuality"] == pytest.approx(sum(qualities) / 3)
    assert (bot["lowestQuality"], bot["highestQuality"]) == (min(qualities), max(qualities))
    assert bot["spread"] == pytest.approx(max(qualities) - min(qualities))
    median = sorted(range(3), key=lambda i: qualities[i])[1]
    assert bot["medianRepetition"] == median + 1
    assert bot["medianScore"]["id"] == scored[median]["id"]
    assert (bot["caseId"], bot["case"]["id"], bot["runKey"]) == (case_id, case_id, "build-7")


async def test_concurrent_scores_never_share_or_skip_a_repetition(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False, embeddingModel=None)
    case_id = await film_case(owner, dataset_id, REFERENCE_FOUR)
    scored = await asyncio.gather(
        *(score_answer(owner, case_id, RIGHT, runKey="ci-1") for _ in range(6))
    )
    assert sorted(s["repetition"] for s in scored) == [1, 2, 3, 4, 5, 6]
    (row,) = (await owner(REPETITIONS, {"d": dataset_id, "k": "ci-1"}))["dataset"]["repetitions"]
    assert (row["agentName"], row["count"], row["spread"]) == (None, 6, 0.0)
    assert row["medianRepetition"] == 3  # equal qualities: the lower median by number


@pytest.mark.parametrize("run_key", ["   ", "x" * 201, "build\n7"])
async def test_a_run_key_is_a_short_printable_label(
    owner: Api, model_server: ModelServer, run_key: str
) -> None:
    dataset_id, _ = await structured_dataset(owner, model_server, judge=False, embeddingModel=None)
    case_id = await film_case(owner, dataset_id, REFERENCE_FOUR)
    refused = await owner.errors(
        "mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id } } }",
        {"i": {"caseId": case_id, "answer": "{}", "runKey": run_key}},
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "runKey"
