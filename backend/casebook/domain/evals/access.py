"""Whether a reader may start an eval run over a dataset, and why not (spec: "Access":
runs:view before anything, then datasets:run; "Run evals disabled with its reason").

A reader who may run the dataset but not read runs is shown Run evals disabled, with the
reason; one who may not run it at all is not offered it, and gets no reason.
"""

from dataclasses import dataclass

NEEDS_RUNS_VIEW = "reading runs (runs:view) is needed to start an eval"


@dataclass(frozen=True)
class EvalAccess:
    can_start: bool
    reason: str | None


def eval_access(*, may_run: bool, reads_runs: bool) -> EvalAccess:
    """``may_run``: datasets:run on the dataset; ``reads_runs``: runs:view."""
    if not may_run:
        return EvalAccess(can_start=False, reason=None)
    if not reads_runs:
        return EvalAccess(can_start=False, reason=NEEDS_RUNS_VIEW)
    return EvalAccess(can_start=True, reason=None)
