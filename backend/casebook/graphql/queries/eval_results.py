"""What an eval run sends to review, until the review queue takes it."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.evals.eval_run import EvalRunType
from casebook.graphql.types.evals.results import review_candidates_of
from casebook.graphql.types.grading.score import ScoreType
from casebook.services.evals import runs


@strawberry.type
class EvalResultQueries:
    @strawberry.field(
        extensions=requires(Permission.RUNS_VIEW),
        description="What the run sends to review once it has rerun what flipped: the "
        "regressions it confirmed and the answers the judge failed on with an error (not "
        "the ones it skipped, which wait to be scored again), one score per case and agent, "
        "a regression before a judge's error. Empty while the run is going on.",
    )
    async def eval_run_review_candidates(self, info: Info, id: relay.GlobalID) -> list[ScoreType]:
        run = await runs.get_eval_run(info.context.services, decode_id(id, EvalRunType))
        return await review_candidates_of(info, run)
