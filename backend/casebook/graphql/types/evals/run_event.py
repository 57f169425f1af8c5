"""An organization's eval run started or finished: what a dashboard is told."""

from enum import Enum

import strawberry

from casebook.graphql.types.evals.eval_run import EvalRunType


@strawberry.enum(name="EvalRunEventKind", description="What happened to the run.")
class EvalRunEventKind(Enum):
    STARTED = "started"
    FINISHED = "finished"


@strawberry.type(
    name="EvalRunEvent",
    description="An eval run of your organization started, or ended (FINISHED, FAILED or "
    "CANCELLED: the run's status says which).",
)
class EvalRunEventType:
    kind: EvalRunEventKind
    run: EvalRunType
