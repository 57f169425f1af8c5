"""Shared resources: owner, visibility and grants, decided by the one policy.

A resource kind registers its table here. ``authorize`` answers "not found"
for a resource the actor may not see — whatever the actor's role allows
elsewhere — and "forbidden" only when it may see it but not do the thing.
``visible_clause`` is the same rule as SQL, so lists are filtered in the query.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, exists, false, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.models import Membership, ResourceGrant, User
from casebook.domain.access.catalog import (
    GRANT_GIVES,
    OFFERED_GRANT_LEVELS,
    GrantLevel,
    Permission,
    Reach,
    Visibility,
)
from casebook.domain.access.policy import Actor, SharedResource, allows, reach
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden, NotFound

_KINDS: dict[str, Any] = {}


def register_shared_kind(kind: str, model: Any) -> None:
    """``model`` has organization_id, owner_user_id and visibility columns."""
    _KINDS[kind] = model


def _model(kind: str) -> Any:
    return _KINDS[kind]


async def _grant_levels(
    session: AsyncSession, kind: str, resource_id: int, user_id: int
) -> frozenset[GrantLevel]:
    rows = (
        await session.execute(
            select(col(ResourceGrant.level)).where(
                ResourceGrant.resource_type == kind,
                ResourceGrant.resource_id == resource_id,
                ResourceGrant.grantee_user_id == user_id,
            )
        )
    ).scalars()
    return frozenset(GrantLevel(level) for level in rows)


async def facts(session: AsyncSession, actor: Actor, kind: str, row: Any) -> SharedResource:
    return SharedResource(
        organization_id=row.organization_id,
        owner_user_id=row.owner_user_id,
        visibility=Visibility(row.visibility),
        grant_levels=await _grant_levels(session, kind, row.id, actor.user_id),
    )


def _view_permission(kind: str) -> Permission:
    return Permission(f"{kind}s:view")


async def authorize(
    session: AsyncSession, actor: Actor, kind: str, row: Any | None, permission: Permission
) -> Any:
    """Return the row when the actor may do ``permission`` on it; else not found / forbidden."""
    label = kind.replace("_", " ")
    if row is None:
        raise NotFound(label)
    resource = await facts(session, actor, kind, row)
    if not allows(actor, _view_permission(kind), resource):
        raise NotFound(label)
    if not allows(actor, permission, resource):
        raise Forbidden(f"you may read this {label} but this needs {permission.value} on it")
    return row


async def load_authorized(
    session: AsyncSession,
    actor: Actor,
    kind: str,
    resource_id: int,
    permission: Permission,
    *,
    for_update: bool = False,
) -> Any:
    row = await session.get(_model(kind), resource_id, with_for_update=for_update)
    return await authorize(session, actor, kind, row, permission)


async def allowed_on(
    session: AsyncSession, actor: Actor, kind: str, row: Any, permission: Permission
) -> bool:
    return allows(actor, permission, await facts(session, actor, kind, row))


def _grant_exists(
    kind: str, model: Any, actor: Actor, levels: tuple[GrantLevel, ...]
) -> ColumnElement[bool]:
    return exists().where(
        ResourceGrant.resource_type == kind,
        ResourceGrant.resource_id == model.id,
        ResourceGrant.grantee_user_id == actor.user_id,
        ResourceGrant.level.in_([lvl.value for lvl in levels]),  # type: ignore[attr-defined]
    )


def visible_clause(
    actor: Actor, kind: str, permission: Permission | None = None
) -> ColumnElement[bool]:
    """SQL for "the actor may do ``permission`` (default: view) on this row"."""
    model = _model(kind)
    permission = permission or _view_permission(kind)
    action = permission.value.split(":", 1)[1]
    in_org: ColumnElement[bool] = model.organization_id == actor.organization_id
    level = reach(actor, permission)
    if level is None:
        return false()
    if level is Reach.ALL:
        return in_org
    giving = tuple(lvl for lvl, gives in GRANT_GIVES.items() if action in gives)
    own_or_granted = or_(
        model.owner_user_id == actor.user_id, _grant_exists(kind, model, actor, giving)
    )
    if level is Reach.SHARED:
        viewing = tuple(lvl for lvl, gives in GRANT_GIVES.items() if gives)
        shared = or_(
            model.visibility == Visibility.ORGANIZATION.value,
            _grant_exists(kind, model, actor, viewing) if viewing else false(),
        )
        return and_(in_org, or_(own_or_granted, shared))
    clause: ColumnElement[bool] = and_(in_org, own_or_granted)
    return clause


@dataclass(frozen=True)
class GrantView:
    grant: ResourceGrant
    user: User

    @property
    def does_nothing(self) -> bool:
        return self.grant.level == GrantLevel.USE.value


async def list_grants(ctx: ServiceContext, kind: str, resource_id: int) -> list[GrantView]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        await load_authorized(session, actor, kind, resource_id, _view_permission(kind))
        rows = (
            await session.execute(
                select(ResourceGrant, User)
                .join(User, User.id == ResourceGrant.grantee_user_id)
                .where(
                    ResourceGrant.resource_type == kind, ResourceGrant.resource_id == resource_id
                )
                .order_by(ResourceGrant.id)
            )
        ).all()
    return [GrantView(g, u) for g, u in rows]


def _edit_permission(kind: str) -> Permission:
    return Permission(f"{kind}s:edit")


async def grant(
    ctx: ServiceContext, kind: str, resource_id: int, *, user_id: int, level: str
) -> GrantView:
    actor = ctx.require_actor()
    try:
        parsed = GrantLevel(level)
    except ValueError:
        raise BadUserInput.at("level", "must be read or edit") from None
    if parsed not in OFFERED_GRANT_LEVELS:
        raise BadUserInput.at("level", "a use grant is no longer offered; share with read or edit")
    async with ctx.transaction() as session:
        await load_authorized(session, actor, kind, resource_id, _edit_permission(kind))
        member = (
            await session.execute(
                select(User)
                .join(Membership, Membership.user_id == User.id)
                .where(User.id == user_id, Membership.organization_id == actor.organization_id)
            )
        ).scalar_one_or_none()
        if member is None:
            raise BadUserInput.at("userId", "not a member of this organization")
        existing = (
            await session.execute(
                select(ResourceGrant).where(
                    ResourceGrant.resource_type == kind,
                    ResourceGrant.resource_id == resource_id,
                    ResourceGrant.grantee_user_id == user_id,
                )
            )
        ).scalar_one_or_none()
        if existing is None:
            existing = ResourceGrant(
                organization_id=actor.organization_id,
                resource_type=kind,
                resource_id=resource_id,
                grantee_user_id=user_id,
                level=parsed.value,
                granted_by_user_id=actor.user_id,
            )
            session.add(existing)
        else:
            existing.level = parsed.value
            existing.granted_by_user_id = actor.user_id
        await session.flush()
        await audit.record(
            session,
            actor,
            f"{kind}.grant",
            resource_type=kind,
            resource_id=resource_id,
            summary={"user_id": user_id, "level": parsed.value},
            request_id=ctx.request_id,
        )
    return GrantView(existing, member)


async def revoke_grant(ctx: ServiceContext, kind: str, resource_id: int, *, user_id: int) -> None:
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        await load_authorized(session, actor, kind, resource_id, _edit_permission(kind))
        result = await session.execute(
            delete(ResourceGrant).where(
                ResourceGrant.resource_type == kind,
                ResourceGrant.resource_id == resource_id,
                ResourceGrant.grantee_user_id == user_id,
            )
        )
        if getattr(result, "rowcount", 0) == 0:
            raise NotFound("grant")
        await audit.record(
            session,
            actor,
            f"{kind}.revoke_grant",
            resource_type=kind,
            resource_id=resource_id,
            summary={"user_id": user_id},
            request_id=ctx.request_id,
        )


async def set_visibility(ctx: ServiceContext, kind: str, resource_id: int, visibility: str) -> Any:
    actor = ctx.require_actor()
    try:
        parsed = Visibility(visibility)
    except ValueError:
        raise BadUserInput.at("visibility", "must be organization or private") from None
    async with ctx.transaction() as session:
        row = await load_authorized(
            session, actor, kind, resource_id, _edit_permission(kind), for_update=True
        )
        if row.visibility != parsed.value:
            previous = row.visibility
            row.visibility = parsed.value
            await audit.record(
                session,
                actor,
                f"{kind}.visibility",
                resource_type=kind,
                resource_id=resource_id,
                summary={"from": previous, "to": parsed.value},
                request_id=ctx.request_id,
            )
    return row


def ensure_can_create(actor: Actor, kind: str) -> None:
    if reach(actor, _edit_permission(kind)) is None:
        raise Forbidden(f"creating a {kind.replace('_', ' ')} needs {kind}s:edit")
