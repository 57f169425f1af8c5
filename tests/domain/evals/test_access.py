"""Run evals: offered to a reader who may run the dataset and read runs; disabled with the
reason for one who may run it but not read runs; not offered (no reason) otherwise."""

import pytest

from casebook.domain.evals.access import NEEDS_RUNS_VIEW, EvalAccess, eval_access


@pytest.mark.parametrize(
    ("may_run", "reads_runs", "expected"),
    [
        (True, True, EvalAccess(can_start=True, reason=None)),
        (True, False, EvalAccess(can_start=False, reason=NEEDS_RUNS_VIEW)),
        (False, True, EvalAccess(can_start=False, reason=None)),
        (False, False, EvalAccess(can_start=False, reason=None)),
    ],
)
def test_run_evals_is_offered_disabled_with_its_reason_or_not_offered(
    may_run: bool, reads_runs: bool, expected: EvalAccess
) -> None:
    assert eval_access(may_run=may_run, reads_runs=reads_runs) == expected
