"""Shared resources: owner, visibility and grants, decided by the one policy.

A resource kind registers its table here. ``authorize`` answers "not found"
for a resource the actor may not see — whatever the actor's role allows
elsewhere — and "forbidden" only when it may see it but not do the thing.
``visible_clause`` is the same rule as SQL, so lists are filtered in the query.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, exists, false, func, literal, or_, select, true
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import String

from casebook.db.models import Membership, ResourceGrant, User
from casebook.domain.access.catalog import (
    OFFERED_GRANT_LEVELS,
    GrantLevel,
    Permission,
    Route,
    Visibility,
    grant_levels_giving,
)
from casebook.domain.access.policy import Actor, SharedResource, allows, routes
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden, NotFound

_KINDS: dict[str, Any] = {}


def register_shared_kind(kind: str, model: Any) -> None:
    """``model`` has organization_id, owner_user_id and visibility columns."""
    _KINDS[kind] = model


def _model(kind: str) -> Any:
    return _KINDS[kind]


def _label(kind: str) -> str:
    return kind.replace("_", " ")


def _view_permission(kind: str) -> Permission:
    return Permission(f"{kind}s:view")


def _edit_permission(kind: str) -> Permission:
    return Permission(f"{kind}s:edit")


def _grant_levels_of(kind: str, model: Any, actor: Actor) -> Any:
    """The actor's grant levels on the row, as one array column of the same query."""
    return (
        select(func.coalesce(func.array_agg(ResourceGrant.level), literal([], ARRAY(String))))
        .where(
            ResourceGrant.resource_type == kind,
            ResourceGrant.resource_id == model.id,
            ResourceGrant.grantee_user_id == actor.user_id,
        )
        .scalar_subquery()
    )


def _facts(row: Any, levels: Any) -> SharedResource:
    return SharedResource(
        organization_id=row.organization_id,
        owner_user_id=row.owner_user_id,
        visibility=Visibility(row.visibility),
        grant_levels=frozenset(GrantLevel(level) for level in levels or ()),
    )


async def facts(session: AsyncSession, actor: Actor, kind: str, row: Any) -> SharedResource:
    model = _model(kind)
    levels = (
        await session.execute(
            select(_grant_levels_of(kind, model, actor)).where(model.id == row.id)
        )
    ).scalar_one_or_none()
    return _facts(row, levels)


def _decide(
    actor: Actor, kind: str, resource: SharedResource, permission: Permission, missing: str
) -> None:
    """Not found when the actor may not see it - the very answer an id that never existed
    gets - and forbidden only when it may see it but not do the thing."""
    if not allows(actor, _view_permission(kind), resource):
        raise NotFound(missing)
    if not allows(actor, permission, resource):
        raise Forbidden(f"you may read this {_label(kind)} but this needs {permission.value} on it")


async def authorize(
    session: AsyncSession, actor: Actor, kind: str, row: Any | None, permission: Permission
) -> Any:
    """Return the row when the actor may do ``permission`` on it; else not found / forbidden."""
    if row is None:
        raise NotFound(_label(kind))
    _decide(actor, kind, await facts(session, actor, kind, row), permission, _label(kind))
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
    """The resource and the actor's grants on it in one query; see ``_decide``."""
    model = _model(kind)
    query = select(model, _grant_levels_of(kind, model, actor)).where(model.id == resource_id)
    if for_update:
        query = query.with_for_update(of=model).execution_options(populate_existing=True)
    found = (await session.execute(query)).first()
    if found is None:
        raise NotFound(_label(kind))
    row, levels = found
    _decide(actor, kind, _facts(row, levels), permission, _label(kind))
    return row


async def load_child_authorized(
    session: AsyncSession,
    actor: Actor,
    kind: str,
    child: Any,
    child_id: int,
    permission: Permission,
    *,
    parent_key: Any,
    label: str,
) -> tuple[Any, Any]:
    """A row that belongs to a shared resource (a case, a score) with that resource, in one
    query. A child of a resource the actor may not see is "``label`` not found", exactly as
    an id that never existed."""
    model = _model(kind)
    query = (
        select(child, model, _grant_levels_of(kind, model, actor))
        .join(model, model.id == parent_key)
        .where(child.id == child_id)
    )
    found = (await session.execute(query)).first()
    if found is None:
        raise NotFound(label)
    row, parent, levels = found
    _decide(actor, kind, _facts(parent, levels), permission, label)
    return row, parent


async def allowed_on(
    session: AsyncSession, actor: Actor, kind: str, row: Any, permission: Permission
) -> bool:
    return allows(actor, permission, await facts(session, actor, kind, row))


def _route_clause(route: Route, kind: str, model: Any, actor: Actor, permission: Permission) -> Any:
    if route is Route.IN_ORGANIZATION:
        return true()
    if route is Route.VISIBLE_TO_ORGANIZATION:
        return model.visibility == Visibility.ORGANIZATION.value
    if route is Route.OWNED:
        return model.owner_user_id == actor.user_id
    giving = [level.value for level in grant_levels_giving(permission)]
    if not giving:
        return false()
    return exists().where(
        ResourceGrant.resource_type == kind,
        ResourceGrant.resource_id == model.id,
        ResourceGrant.grantee_user_id == actor.user_id,
        ResourceGrant.level.in_(giving),  # type: ignore[attr-defined]
    )


def visible_clause(
    actor: Actor, kind: str, permission: Permission | None = None
) -> ColumnElement[bool]:
    """SQL for "the actor may do ``permission`` (default: view) on this row": the routes of
    ``policy.allows``, each as SQL."""
    model = _model(kind)
    permission = permission or _view_permission(kind)
    ways = routes(actor, permission)
    if not ways:
        return false()
    clauses = [_route_clause(route, kind, model, actor, permission) for route in sorted(ways)]
    return and_(model.organization_id == actor.organization_id, or_(*clauses))


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
    if not routes(actor, _edit_permission(kind)):
        raise Forbidden(f"creating a {kind.replace('_', ' ')} needs {kind}s:edit")
