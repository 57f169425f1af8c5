"""Whether the reader may start an eval run over a dataset, and why not: the rule is
``domain.evals.access``; this maps it."""

import strawberry

from casebook.domain.access.catalog import Permission
from casebook.domain.evals.access import eval_access
from casebook.graphql.context import Info


@strawberry.type(
    name="EvalAccess",
    description="canStart: the reader may start an eval run over the dataset. A reader who "
    "may run it but not read runs gets the reason to show Run evals disabled; one who may "
    "not run it at all gets no reason, and is not offered it.",
)
class EvalAccessType:
    can_start: bool
    reason: str | None

    @classmethod
    async def for_dataset(cls, info: Info, dataset_id: int) -> "EvalAccessType":
        abilities = await info.context.loaders.dataset_abilities.load(dataset_id)
        found = eval_access(
            may_run=abilities[Permission.DATASETS_RUN],
            reads_runs=abilities[Permission.RUNS_VIEW],
        )
        return cls(can_start=found.can_start, reason=found.reason)
