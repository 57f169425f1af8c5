"""A generation as its requester and the dataset's editors read it: its counts, its run,
and its state - read from its job when the job ended without it (a worker that died is
failed by the reaper, and the generation is failed with it)."""

from dataclasses import dataclass

from casebook.db.models import Generation, Job
from casebook.domain.access.catalog import Permission
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import jobs, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Forbidden, NotFound

FINISHED = ("succeeded", "failed")


@dataclass(frozen=True)
class GenerationView:
    row: Generation
    status: str
    error: str | None
    job: Job | None


def _view(row: Generation, job: Job | None) -> GenerationView:
    if row.status not in FINISHED and job is not None and job.status == jobs.FAILED:
        return GenerationView(row, "failed", job.error, job)
    return GenerationView(row, row.status, row.error, job)


async def get_generation(ctx: ServiceContext, generation_id: int) -> GenerationView:
    """Needs ``datasets:edit`` on its dataset; "not found" otherwise, as for an id that never
    existed."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        # The generation with its dataset and the actor's grants on it, in one statement:
        # one the actor may not see costs what an id that never existed does.
        try:
            row, _ = await sharing.load_child_authorized(
                session,
                actor,
                DATASET_KIND,
                Generation,
                generation_id,
                Permission.DATASETS_EDIT,
                parent_key=Generation.dataset_id,
                label="generation",
            )
        except Forbidden:  # it may see the dataset but not edit it: the generation is not its
            raise NotFound("generation") from None
        job = await session.get(Job, row.job_id) if row.job_id is not None else None
    return _view(row, job)
