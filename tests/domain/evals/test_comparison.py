"""Issue 12, "Comparison" and "Confirmation"; spec: "Every change is a new version",
"Review" (what an eval run sends once it has rerun what flipped)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.evals.comparison import (
    CaseOutcome,
    ComparedCase,
    Comparison,
    FlipKind,
    compare,
    confirmation,
    flip_of,
    flips_to_confirm,
    pair_agents,
    review_candidates,
)
from casebook.domain.evals.results import Repetition, fold_case, fold_outcomes
from casebook.domain.grading.outcome import OutcomeStatus

OUTCOMES: list[OutcomeStatus | None] = ["pass", "fail", "not_graded", None]
outcomes = st.sampled_from(OUTCOMES)
graded = st.sampled_from(["pass", "fail", "not_graded"])


@st.composite
def run_rows(draw: st.DrawFn, agents: tuple[int, ...] = (1, 2)) -> list[CaseOutcome]:
    cases = draw(st.sets(st.integers(min_value=1, max_value=30), max_size=15))
    return [
        CaseOutcome(case_id, case_id * 10, agent_id, draw(outcomes))
        for case_id in sorted(cases)
        for agent_id in agents
    ]


def _compare(
    current: list[CaseOutcome],
    baseline: list[CaseOutcome],
    version: int = 3,
    baseline_version: int = 3,
) -> Comparison:
    return compare(
        version=version,
        baseline_version=baseline_version,
        current=current,
        baseline=baseline,
        agents=[1, 2],
        baseline_agents=[1, 2],
        agent_names={1: "Support bot", 2: "Sales bot"},
    )


def test_flip_kinds() -> None:
    assert flip_of("pass", "fail") == "regression"
    assert flip_of("fail", "pass") == "improvement"
    for before in OUTCOMES:
        for after in OUTCOMES:
            if {before, after} != {"pass", "fail"}:
                assert flip_of(before, after) is None


@given(run_rows())
def test_a_run_compared_with_itself_flips_nothing(rows: list[CaseOutcome]) -> None:
    comparison = _compare(rows, rows)
    assert comparison.same_version and comparison.note is None
    assert comparison.regressions == comparison.improvements == ()
    assert comparison.pass_rate_before == comparison.pass_rate_after
    assert comparison.compared_cases == len({row.case_id for row in rows})


@given(run_rows(), run_rows())
def test_swapping_the_runs_swaps_regressions_and_improvements(
    current: list[CaseOutcome], baseline: list[CaseOutcome]
) -> None:
    forward = _compare(current, baseline)
    backward = _compare(baseline, current)
    keys = lambda cases: {(c.case_id, c.agent_id) for c in cases}  # noqa: E731
    assert keys(forward.regressions) == keys(backward.improvements)
    assert keys(forward.improvements) == keys(backward.regressions)
    assert forward.pass_rate_before == backward.pass_rate_after
    assert forward.compared_cases == backward.compared_cases
    both = {r.case_id for r in current} & {r.case_id for r in baseline}
    assert forward.compared_cases == len(both)
    assert {c.case_id for c in forward.compared} <= both
    for case in forward.regressions:
        assert (case.before, case.after) == ("pass", "fail")


@given(run_rows(), run_rows(), st.data())
def test_across_versions_only_the_same_question_is_compared(
    current: list[CaseOutcome], baseline: list[CaseOutcome], data: st.DataObject
) -> None:
    edited = data.draw(st.sets(st.integers(min_value=1, max_value=30)))
    # An edited case is a new revision: its question may differ, so it is not compared.
    current = [
        CaseOutcome(r.case_id, r.case_revision_id + (r.case_id in edited), r.agent_id, r.outcome)
        for r in current
    ]
    comparison = _compare(current, baseline, version=5, baseline_version=4)
    assert not comparison.same_version
    both = {r.case_id for r in current if r.case_id not in edited} & {r.case_id for r in baseline}
    assert comparison.compared_cases == len(both)
    assert {c.case_id for c in comparison.compared} <= both
    assert comparison.note is not None
    assert "different versions (4 and 5)" in comparison.note
    assert f"{len(both)} case" in comparison.note


def test_a_different_version_says_the_questions_differ() -> None:
    baseline = [CaseOutcome(1, 10, 1, "pass"), CaseOutcome(2, 20, 1, "pass")]
    current = [CaseOutcome(1, 10, 1, "fail"), CaseOutcome(2, 21, 1, "fail")]
    comparison = compare(
        version=5,
        baseline_version=3,
        current=current,
        baseline=baseline,
        agents=[1],
        baseline_agents=[1],
        agent_names={},
    )
    assert comparison.note == (
        "the runs answered different versions (3 and 5), so the questions differ: "
        "only the 1 case both hold is compared"
    )
    assert [(c.case_id, c.flip) for c in comparison.compared] == [(1, "regression")]
    assert (comparison.pass_rate_before, comparison.pass_rate_after) == (1.0, 0.0)


def test_agents_are_paired_by_id_or_one_against_one() -> None:
    assert pair_agents([1, 2], [2, 3]) == {2: 2}
    assert pair_agents([7], [4]) == {7: 4}
    assert pair_agents([7, 8], [4]) == {}
    comparison = compare(
        version=1,
        baseline_version=1,
        current=[CaseOutcome(1, 10, 1, "pass"), CaseOutcome(1, 10, 9, "fail")],
        baseline=[CaseOutcome(1, 10, 1, "fail")],
        agents=[1, 9],
        baseline_agents=[1],
        agent_names={9: "New bot"},
    )
    assert comparison.note == "not in the baseline, so not compared: New bot"
    assert [(c.agent_id, c.flip) for c in comparison.compared] == [(1, "improvement")]


flips: st.SearchStrategy[list[ComparedCase]] = st.lists(
    st.builds(
        ComparedCase,
        case_id=st.integers(min_value=1, max_value=50),
        agent_id=st.integers(min_value=1, max_value=3),
        baseline_agent_id=st.just(1),
        before=outcomes,
        after=outcomes,
    ),
    max_size=40,
    unique_by=lambda c: (c.case_id, c.agent_id),
)


@given(flips, st.integers(min_value=0, max_value=60))
def test_regressions_are_rerun_first_up_to_the_count(
    compared: list[ComparedCase], limit: int
) -> None:
    chosen = flips_to_confirm(compared, limit)
    flipped = [c for c in compared if c.flip is not None]
    regressions = [c for c in flipped if c.flip == "regression"]
    assert len(chosen) == min(limit, len(flipped))
    kinds = [c.flip for c in chosen]
    assert kinds == sorted(kinds, key=lambda kind: kind != "regression")
    assert sum(kind == "regression" for kind in kinds) == min(limit, len(regressions))
    assert len(set(chosen)) == len(chosen)


@given(st.sampled_from(["regression", "improvement"]), st.lists(graded, max_size=5))
def test_a_flip_is_confirmed_when_the_rerun_agrees(
    flip: FlipKind, rerun: list[OutcomeStatus]
) -> None:
    confirmed = confirmation(flip, rerun)
    if not rerun:
        assert confirmed is None
    else:
        agreeing = "fail" if flip == "regression" else "pass"
        assert confirmed is (fold_outcomes(rerun) == agreeing)


def test_a_regression_is_confirmed_only_when_the_rerun_fails_again() -> None:
    assert confirmation("regression", ["fail"]) is True
    assert confirmation("regression", ["pass"]) is False
    assert confirmation("regression", ["not_graded"]) is False
    assert confirmation("regression", ["pass", "fail"]) is True  # a tie does not pass
    assert confirmation("improvement", ["pass", "fail"]) is False


def test_review_gets_one_score_per_case_and_agent() -> None:
    regression = fold_case(
        1,
        1,
        (),
        [
            Repetition(101, 1, "fail", quality=0.2, judge_error=False),
            Repetition(102, 2, "fail", quality=0.4),
            Repetition(103, 3, "pass", quality=0.9),
        ],
        3,
    )
    judge_error_too = fold_case(
        2,
        1,
        (),
        [Repetition(201, 1, "not_graded", judge_error=True), Repetition(202, 2, "fail")],
        2,
    )
    only_judge_error = fold_case(
        3,
        1,
        (),
        [Repetition(301, 1, "pass"), Repetition(302, 2, "not_graded", judge_error=True)],
        2,
    )
    unconfirmed = fold_case(4, 1, (), [Repetition(401, 1, "fail")], 1)
    other_agent = fold_case(2, 2, (), [Repetition(501, 1, "not_graded", judge_error=True)], 1)
    picked = review_candidates(
        [regression, judge_error_too, only_judge_error, unconfirmed, other_agent],
        confirmed_regressions={(1, 1), (2, 1)},
    )
    # The regression's shown (median quality) answer; a regression outranks a judge error;
    # a judge error on its own; an unconfirmed fail is not sent; each agent on its own.
    assert picked == (102, 202, 501, 302)


review_rows = st.lists(
    st.tuples(
        st.integers(1, 5),
        st.integers(1, 2),
        st.lists(graded, min_size=1, max_size=3),
        st.lists(st.booleans(), min_size=3, max_size=3),
    ),
    max_size=10,
    unique_by=lambda row: (row[0], row[1]),
)


@given(review_rows, st.sets(st.tuples(st.integers(1, 5), st.integers(1, 2))))
def test_review_candidates_property(
    rows: list[tuple[int, int, list[OutcomeStatus], list[bool]]],
    confirmed: set[tuple[int, int]],
) -> None:
    results = [
        fold_case(
            case_id,
            agent_id,
            (),
            [
                Repetition(case_id * 100 + agent_id * 10 + n, n, outcome, judge_error=errs[n - 1])
                for n, outcome in enumerate(outs, start=1)
            ],
            len(outs),
        )
        for case_id, agent_id, outs, errs in rows
    ]
    picked = review_candidates(results, confirmed)
    owners = [(score // 100, score // 10 % 10) for score in picked]
    assert len(owners) == len(set(owners))  # one score per case and agent
    by_id = {rep.score_id: rep for r in results for rep in r.repetitions}
    for score_id, owner in zip(picked, owners, strict=True):
        rep = by_id[score_id]
        assert rep.judge_error or (owner in confirmed and rep.outcome == "fail")
    for result in results:
        owner = (result.case_id, result.agent_id)
        sendable = any(rep.judge_error for rep in result.repetitions) or (
            owner in confirmed and any(rep.outcome == "fail" for rep in result.repetitions)
        )
        assert (owner in owners) == sendable


@pytest.mark.parametrize("limit", [0, -3])
def test_no_rerun_when_the_count_is_zero(limit: int) -> None:
    case = ComparedCase(1, 1, 1, "pass", "fail")
    assert flips_to_confirm([case], limit) == ()
