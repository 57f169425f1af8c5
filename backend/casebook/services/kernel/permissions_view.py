"""What an actor may do with one shared resource, for clients to show or hide actions."""

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import allows, holds
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext

_DATASET_PERMISSIONS = (Permission.DATASETS_VIEW, Permission.DATASETS_EDIT, Permission.DATASETS_RUN)


async def dataset_abilities(
    ctx: ServiceContext, kind: str, resource_id: int
) -> dict[Permission, bool]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        row = await sharing.load_authorized(
            session, actor, kind, resource_id, Permission.DATASETS_VIEW
        )
        facts = await sharing.facts(session, actor, kind, row)
    abilities = {p: allows(actor, p, facts) for p in _DATASET_PERMISSIONS}
    abilities[Permission.RUNS_VIEW] = holds(actor, Permission.RUNS_VIEW)
    return abilities
