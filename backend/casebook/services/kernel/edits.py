"""A shared resource's details edited in place (its name, description...): the values
given that differ are set, the row stamped and the change audited, the same way for
agents, skills and knowledge bases."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext


async def apply_edits(
    session: AsyncSession,
    ctx: ServiceContext,
    row: Any,
    edits: dict[str, object | None],
    *,
    action: str,
    resource_type: str,
) -> list[str]:
    """Set each edit that is given (not None) and differs from the row; when any did,
    stamp ``updated_at`` and audit the fields changed (their names, never their values).
    The fields changed, in the order given."""
    changed = [
        field
        for field, value in edits.items()
        if value is not None and getattr(row, field) != value
    ]
    for field in changed:
        setattr(row, field, edits[field])
    if changed:
        row.updated_at = datetime.now(UTC)
        await audit.record(
            session,
            ctx.require_actor(),
            action,
            resource_type=resource_type,
            resource_id=row.id,
            summary={"changed": changed},
            request_id=ctx.request_id,
        )
    return changed
