"""Judge trust on a hand-computed example: agreement and Cohen's kappa with counts, the
flip rate on the same answer, and the unverified-quote rate (issue 13, item 8)."""

import json
from typing import Any

import pytest
from sqlalchemy import text

from tests.integration.review.helpers import (
    DECIDE,
    checked_case,
    checked_dataset,
    db_id,
    score,
)
from tests.support.graphql_client import Api

TRUST_FIELDS = """criterionId criterionText decided bothPass bothFail judgePassPersonFail
  judgeFailPersonPass agreement kappa repeatedAnswers flipped flipRate quotes
  unverifiedQuotes unverifiedQuoteRate"""
TRUST = f"""query($d: ID!) {{ dataset(id: $d) {{ judgeTrust {{
  verdict {{ {TRUST_FIELDS} }} criteria {{ {TRUST_FIELDS} }} }} }} }}"""
SCORING = """mutation($d: ID!, $p: ScoringInput!) { updateScoring(datasetId: $d, patch: $p) {
  scoring { judge { enabled } } } }"""


def _grade(status: str, quotes: list[bool]) -> dict[str, Any]:
    return {
        "criterion": {"id": "polite", "text": "Is it polite?", "kind": "rubric", "scorer": "judge"},
        "status": status,
        "grade": 2 if status == "pass" else 1,
        "rule": "",
        "reason": "",
        "quotes": [{"text": "q", "verified": v} for v in quotes],
        "verified": any(quotes),
        "score": 1.0 if status == "pass" else 0.0,
    }


async def _judged(sessionmaker: Any, score_id: str, status: str, quotes: list[bool]) -> None:
    verdict = {"readable": True, "grades": [_grade(status, quotes)]}
    results = {"judge": {"status": status, "score": 1.0, "reason": ""}}
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text(
                "UPDATE scores SET verdict = CAST(:v AS jsonb), "
                "results = results || CAST(:r AS jsonb) WHERE id = :s"
            ),
            {"v": json.dumps(verdict), "r": json.dumps(results), "s": db_id(score_id)},
        )


async def test_agreement_kappa_flips_and_quotes_on_a_hand_computed_example(
    owner: Api, sessionmaker: Any
) -> None:
    dataset = await checked_dataset(owner)
    await owner(
        SCORING,
        {
            "d": dataset,
            "p": {
                "judge": {"enabled": True, "criteria": [{"id": "polite", "text": "Is it polite?"}]}
            },
        },
    )
    # Ten decided answers, each to a case of its own: the judge's and the person's verdicts
    # give both pass 4, both fail 3, judge pass / person fail 2, judge fail / person pass 1.
    table = (
        [("pass", "PASS")] * 4
        + [("fail", "FAIL")] * 3
        + [("pass", "FAIL")] * 2
        + [("fail", "PASS")]
    )
    for index, (judge, person) in enumerate(table):
        case = await checked_case(owner, dataset, f"Question {index}?")
        found = await score(owner, case, answer=f"Answer {index}.")
        # Quotes: one verified on each, and one unverified on the first three.
        await _judged(sessionmaker, found, judge, [True] + ([False] if index < 3 else []))
        await owner(DECIDE, {"i": {"scoreId": found, "outcome": person}})
    # The same answer graded three times flips once; another, twice, does not.
    repeated = await checked_case(owner, dataset, "Repeated?")
    for status in ("pass", "fail", "pass"):
        await _judged(sessionmaker, await score(owner, repeated, answer="Same."), status, [])
    steady = await checked_case(owner, dataset, "Steady?")
    for _ in range(2):
        await _judged(sessionmaker, await score(owner, steady, answer="Also same."), "pass", [])

    trust = (await owner(TRUST, {"d": dataset}))["dataset"]["judgeTrust"]
    (polite,) = trust["criteria"]
    assert polite["criterionId"] == "polite" and polite["criterionText"] == "Is it polite?"
    assert (
        polite["decided"],
        polite["bothPass"],
        polite["bothFail"],
        polite["judgePassPersonFail"],
        polite["judgeFailPersonPass"],
    ) == (10, 4, 3, 2, 1)
    # po = 0.7; judge passes 6/10, people 5/10; pe = 0.5; kappa = 0.2 / 0.5 = 0.4.
    assert polite["agreement"] == pytest.approx(0.7)
    assert polite["kappa"] == pytest.approx(0.4)
    assert (polite["repeatedAnswers"], polite["flipped"]) == (2, 1)
    assert polite["flipRate"] == pytest.approx(0.5)
    assert (polite["quotes"], polite["unverifiedQuotes"]) == (13, 3)
    assert polite["unverifiedQuoteRate"] == pytest.approx(3 / 13)
    verdict = trust["verdict"]
    assert verdict["criterionId"] == "verdict" and verdict["decided"] == 10
    assert verdict["kappa"] == pytest.approx(0.4)


async def test_nothing_decided_gives_counts_of_zero_and_no_rates(owner: Api) -> None:
    dataset = await checked_dataset(owner)
    trust = (await owner(TRUST, {"d": dataset}))["dataset"]["judgeTrust"]
    assert trust["criteria"] == []
    assert trust["verdict"]["decided"] == 0
    assert trust["verdict"]["agreement"] is None and trust["verdict"]["kappa"] is None
