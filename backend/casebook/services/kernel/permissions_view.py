"""What an actor may do with shared resources, for clients to show or hide actions."""

from collections.abc import Sequence

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import allows, holds
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError

_DATASET_PERMISSIONS = (Permission.DATASETS_VIEW, Permission.DATASETS_EDIT, Permission.DATASETS_RUN)
AGENT_PERMISSIONS = (Permission.AGENTS_VIEW, Permission.AGENTS_EDIT, Permission.AGENTS_RUN)

Abilities = dict[Permission, bool]


async def abilities(
    ctx: ServiceContext, kind: str, resource_ids: list[int], permissions: Sequence[Permission]
) -> list[Abilities | ServiceError]:
    """For each resource the actor may see, which of ``permissions`` it holds on it (and
    whether it reads runs); else not found."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        rows = await sharing.authorize_many(
            session, actor, kind, resource_ids, sharing.view_permission(kind)
        )
        found: dict[int, Abilities | ServiceError] = {}
        for resource_id, row in rows.items():
            if isinstance(row, ServiceError):
                found[resource_id] = row
                continue
            facts = await sharing.facts(session, actor, kind, row)
            held = {p: allows(actor, p, facts) for p in permissions}
            held[Permission.RUNS_VIEW] = holds(actor, Permission.RUNS_VIEW)
            found[resource_id] = held
    return [found[resource_id] for resource_id in resource_ids]


async def dataset_abilities(
    ctx: ServiceContext, kind: str, resource_ids: list[int]
) -> list[Abilities | ServiceError]:
    return await abilities(ctx, kind, resource_ids, _DATASET_PERMISSIONS)
