"""Issue 12, "Results": a (case, agent) over its repetitions, pass rates, latency
percentiles, structured quality (spec: "Repetitions") and the summaries."""

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.evals.results import (
    CaseResult,
    Repetition,
    ScorerStatus,
    fold_case,
    fold_outcomes,
    judge_failed_with_error,
    pass_rate,
    percentile,
    scorer_statuses,
    summarize,
)
from casebook.domain.grading.outcome import OutcomeStatus

OUTCOMES: list[OutcomeStatus] = ["pass", "fail", "not_graded"]
outcomes = st.sampled_from(OUTCOMES)
qualities = st.none() | st.floats(min_value=0.0, max_value=1.0)
latencies = st.none() | st.floats(min_value=0.0, max_value=1e6)


@st.composite
def repetition_lists(draw: st.DrawFn, max_size: int = 10) -> list[Repetition]:
    count = draw(st.integers(min_value=0, max_value=max_size))
    return [
        Repetition(
            score_id=number * 100,
            repetition=number,
            outcome=draw(outcomes),
            quality=draw(qualities),
            latency_ms=draw(latencies),
            cost_usd=draw(st.floats(min_value=0.0, max_value=10.0)),
        )
        for number in draw(st.permutations(range(1, count + 1)))
    ]


# --- the outcome over repetitions ----------------------------------------------------------


@pytest.mark.parametrize(
    ("votes", "outcome"),
    [
        (["pass"], "pass"),
        (["pass", "pass", "fail"], "pass"),
        # A tie never passes: fail beats not graded beats pass, as the grading rule reads.
        (["pass", "fail"], "fail"),
        (["pass", "not_graded"], "not_graded"),
        (["fail", "not_graded"], "fail"),
        (["pass", "fail", "not_graded"], "fail"),
        (["not_graded", "not_graded", "pass"], "not_graded"),
        (["pass", "pass", "fail", "fail", "not_graded"], "fail"),
        ([], None),
    ],
)
def test_the_most_frequent_outcome_decides_a_tie_the_worse(
    votes: list[OutcomeStatus], outcome: OutcomeStatus | None
) -> None:
    assert fold_outcomes(votes) == outcome


@given(st.lists(outcomes, min_size=1, max_size=12))
def test_folding_is_a_plurality_that_never_flatters(votes: list[OutcomeStatus]) -> None:
    folded = fold_outcomes(votes)
    counts = Counter(votes)
    assert folded in votes
    assert counts[folded] == max(counts.values())
    assert fold_outcomes(reversed(votes)) == folded  # order of repetitions does not matter
    if folded == "pass":
        assert counts["pass"] > counts["fail"] and counts["pass"] > counts["not_graded"]


@given(st.lists(outcomes, min_size=1, max_size=12))
def test_a_strict_majority_always_wins(votes: list[OutcomeStatus]) -> None:
    for status, count in Counter(votes).items():
        if count * 2 > len(votes):
            assert fold_outcomes(votes) == status


@given(st.lists(outcomes, max_size=12))
def test_one_more_failing_repetition_never_makes_a_case_pass(
    votes: list[OutcomeStatus],
) -> None:
    before = fold_outcomes(votes)
    after = fold_outcomes([*votes, "fail"])
    assert after != "pass" or before == "pass"


# --- one (case, agent) ------------------------------------------------------------------


@given(repetition_lists(), st.integers(min_value=1, max_value=10))
def test_a_case_result_folds_its_repetitions(reps: list[Repetition], expected: int) -> None:
    result = fold_case(7, 3, ("billing",), reps, expected)
    assert [rep.repetition for rep in result.repetitions] == sorted(r.repetition for r in reps)
    # Null while not every repetition is scored.
    assert (result.outcome is None) == (len(reps) < expected or not reps)
    if result.outcome is not None:
        assert result.outcome == fold_outcomes(rep.outcome for rep in reps)
    scored = [rep for rep in reps if rep.quality is not None]
    if not scored:
        assert result.quality is None
        assert result.shown == (result.repetitions[0] if reps else None)
        return
    assert result.quality is not None and result.shown is not None
    values = [rep.quality for rep in scored if rep.quality is not None]
    assert result.quality.lowest == min(values) and result.quality.highest == max(values)
    assert result.quality.mean == pytest.approx(sum(values) / len(values))
    # The answer shown is the one with the median quality (the lower median on an even count).
    shown = result.shown.quality
    assert shown is not None
    assert sum(value < shown for value in values) <= (len(values) - 1) // 2
    assert sum(value <= shown for value in values) >= (len(values) + 1) // 2


def test_the_answer_shown_is_the_median_repetition() -> None:
    reps = [
        Repetition(11, 1, "pass", quality=0.9),
        Repetition(12, 2, "fail", quality=0.2),
        Repetition(13, 3, "pass", quality=0.7),
    ]
    result = fold_case(1, 1, (), reps, 3)
    assert result.shown is not None and result.shown.score_id == 13
    assert result.quality is not None and result.quality.spread == pytest.approx(0.7)
    assert result.outcome == "pass"


# --- pass rate and latency ---------------------------------------------------------------


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=10**6))
def test_pass_rate_counts_only_what_was_graded(passed: int, failed: int) -> None:
    rate = pass_rate(passed, failed)
    if passed + failed == 0:
        assert rate is None
    else:
        assert rate is not None and 0.0 <= rate <= 1.0
        assert rate == pytest.approx(passed / (passed + failed))


@given(
    st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=200),
    st.sampled_from([1, 50, 90, 95, 99, 100]),
)
def test_nearest_rank_percentile(values: list[float], p: int) -> None:
    found = percentile(values, p)
    assert found in values
    rank = math.ceil(p / 100 * len(values))
    assert sum(value <= found for value in values) >= rank
    assert sum(value < found for value in values) < rank


def test_percentiles_on_twenty_latencies() -> None:
    values = [float(ms) for ms in range(10, 210, 10)]  # 10 .. 200
    assert percentile(values, 50) == 100.0
    assert percentile(values, 95) == 190.0
    assert percentile([], 50) is None
    with pytest.raises(ValueError):
        percentile(values, 0)


# --- summaries ---------------------------------------------------------------------------


@st.composite
def case_results(draw: st.DrawFn) -> list[CaseResult]:
    expected = draw(st.integers(min_value=1, max_value=3))
    results = []
    for case_id in range(1, draw(st.integers(min_value=0, max_value=8)) + 1):
        tags = draw(st.lists(st.sampled_from(["a", "b", "c"]), max_size=3))
        for agent_id in draw(st.sets(st.sampled_from([1, 2]))):
            reps = draw(repetition_lists(max_size=expected))
            reps = [
                Repetition(
                    rep.score_id + case_id * 10_000 + agent_id,
                    rep.repetition,
                    rep.outcome,
                    quality=rep.quality,
                    latency_ms=rep.latency_ms,
                    cost_usd=rep.cost_usd,
                    scorers={"checks": draw(st.sampled_from(["pass", "fail", "error"]))},
                )
                for rep in reps
            ]
            results.append(fold_case(case_id, agent_id, tags, reps, expected))
    return results


@given(case_results())
def test_summaries_count_every_finished_result_once(results: list[CaseResult]) -> None:
    summary = summarize([2, 1], results)
    assert [agent.agent_id for agent in summary.agents] == [2, 1]
    for agent in summary.agents:
        mine = [result for result in results if result.agent_id == agent.agent_id]
        finished = [result.outcome for result in mine if result.outcome is not None]
        tally = agent.tally
        assert (tally.passed, tally.failed, tally.not_graded) == (
            finished.count("pass"),
            finished.count("fail"),
            finished.count("not_graded"),
        )
        assert tally.pass_rate == pass_rate(tally.passed, tally.failed)
        reps = [rep for result in mine for rep in result.repetitions]
        assert agent.cost_usd == pytest.approx(sum(rep.cost_usd for rep in reps))
        qualities = [rep.quality for rep in reps if rep.quality is not None]
        if qualities:
            assert agent.quality_min is not None and agent.quality_max is not None
            assert agent.quality_mean is not None
            assert agent.quality_min <= agent.quality_mean + 1e-9
            assert agent.quality_mean <= agent.quality_max + 1e-9
        else:
            assert agent.quality_mean is agent.quality_min is agent.quality_max is None
        if agent.latency_p50_ms is not None:
            assert agent.latency_p95_ms is not None
            assert agent.latency_p50_ms <= agent.latency_p95_ms
        for tag in summary.tags:
            if tag.agent_id == agent.agent_id:
                tagged = [r for r in mine if tag.tag in r.tags and r.outcome is not None]
                t = tag.tally
                assert t.passed + t.failed + t.not_graded == len(tagged) <= len(finished)
        scorer_total = [s.tally for s in summary.scorers if s.agent_id == agent.agent_id]
        for scorer_tally in scorer_total:
            counted = scorer_tally.passed + scorer_tally.failed + scorer_tally.not_graded
            assert counted == len(finished)


def test_summary_per_agent_scorer_and_tag() -> None:
    def rep(score_id: int, outcome: OutcomeStatus, checks: ScorerStatus, ms: float) -> Repetition:
        return Repetition(
            score_id, 1, outcome, latency_ms=ms, cost_usd=0.01, scorers={"checks": checks}
        )

    results = [
        fold_case(1, 5, ["billing"], [rep(1, "pass", "pass", 100)], 1),
        fold_case(2, 5, ["billing", "refunds"], [rep(2, "fail", "fail", 300)], 1),
        fold_case(3, 5, [], [rep(3, "not_graded", "error", 200)], 1),
        fold_case(4, 5, ["refunds"], [], 1),  # not answered yet: counted nowhere
    ]
    summary = summarize([5, 6], results)
    five, six = summary.agents
    assert (five.tally.passed, five.tally.failed, five.tally.not_graded) == (1, 1, 1)
    assert five.tally.pass_rate == 0.5
    assert five.latency_p50_ms == 200 and five.latency_p95_ms == 300
    assert five.cost_usd == pytest.approx(0.03)
    assert six.tally.pass_rate is None and six.latency_p50_ms is None
    assert [(t.tag, t.tally.passed, t.tally.failed) for t in summary.tags] == [
        ("billing", 1, 1),
        ("refunds", 0, 1),
    ]
    (checks,) = summary.scorers
    assert (checks.scorer, checks.tally.passed, checks.tally.failed) == ("checks", 1, 1)
    assert checks.tally.not_graded == 1


# --- reading a stored score's results ---------------------------------------------------


def test_scorer_statuses_name_each_scorer_and_each_check_kind() -> None:
    results = {
        "checks": {
            "status": "fail",
            "parts": [
                {"kind": "contains", "status": "pass"},
                {"kind": "contains", "status": "fail"},
                {"kind": "regex", "status": "pass"},
                {"kind": "json_schema", "status": "error"},
            ],
        },
        "judge": {"status": "error", "skipped": True, "parts": []},
        "structured": {"status": "pass"},
        "garbage": "not a finding",
        "unknown": {"status": "maybe"},
    }
    assert scorer_statuses(results) == {
        "checks": "fail",
        "checks:contains": "fail",
        "checks:regex": "pass",
        "checks:json_schema": "error",
        "judge": "error",
        "structured": "pass",
    }


@pytest.mark.parametrize(
    ("results", "errored"),
    [
        ({"judge": {"status": "error", "skipped": False}}, True),
        ({"reference": {"status": "error"}}, True),
        # Skipped (switched off, no model, budget spent): waits to be scored again.
        ({"judge": {"status": "error", "skipped": True}}, False),
        ({"judge": {"status": "fail", "skipped": False}}, False),
        ({"checks": {"status": "error"}}, False),
        ({}, False),
    ],
)
def test_a_judge_error_is_one_the_judge_did_not_skip(
    results: dict[str, object], errored: bool
) -> None:
    assert judge_failed_with_error(results) is errored
