"""Eval runs: estimate first, then start with the estimate's confirmation; cancel."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.evals.estimate import EvalEstimateType
from casebook.graphql.types.evals.eval_run import EvalRunType
from casebook.graphql.types.evals.eval_run_input import EvalRunInput
from casebook.services.evals import estimate, runs, start


@strawberry.type
class EvalMutations:
    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="What an eval run would answer and cost, and the confirmation that starts "
        "exactly that run. Needs runs:view, datasets:run on the dataset and agents:run on each "
        "agent.",
    )
    async def estimate_eval_run(self, info: Info, input: EvalRunInput) -> EvalEstimateType:
        found = await estimate.estimate_eval_run(info.context.services, input.request())
        return EvalEstimateType.from_estimate(found)

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="Start an eval run estimated with the same input: `confirmation` is the "
        "estimate's. Refused when the dataset, an agent or the grading moved since.",
    )
    async def start_eval_run(
        self, info: Info, input: EvalRunInput, confirmation: str
    ) -> EvalRunType:
        run = await start.start_eval_run(info.context.services, input.request(), confirmation)
        return EvalRunType.from_row(run)

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="Stop a run: nothing more is asked; answers in flight are kept. Needs "
        "datasets:run on its dataset.",
    )
    async def cancel_eval_run(self, info: Info, id: relay.GlobalID) -> EvalRunType:
        run = await runs.cancel_eval_run(info.context.services, decode_id(id, EvalRunType))
        return EvalRunType.from_row(run)
