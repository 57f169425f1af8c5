"""The organization's own settings that are not anybody's resource: its name."""

from casebook.db.models import Organization
from casebook.domain.access.catalog import Permission
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound
from casebook.services.kernel.stored_text import stored_name

NAME_MAX = 200


async def rename_organization(ctx: ServiceContext, name: str) -> Organization:
    """Needs ``organization:manage``; the name is stored on one line, 1 to 200 characters."""
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    cleaned = stored_name(name)
    if not cleaned or len(cleaned) > NAME_MAX:
        raise BadUserInput.at("name", f"must be 1 to {NAME_MAX} characters")
    async with ctx.transaction() as session:
        org = await session.get(Organization, actor.organization_id, with_for_update=True)
        if org is None:
            raise NotFound("organization")
        before = org.name
        org.name = cleaned
        if before != cleaned:
            await audit.record(
                session,
                actor,
                "organization.rename",
                resource_type="organization",
                resource_id=org.id,
                summary={"from": before, "to": cleaned},
                request_id=ctx.request_id,
            )
    return org
