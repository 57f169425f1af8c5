"""Shared resources: owner, visibility and grants, decided by the one policy.

A resource kind registers its table here. ``authorize`` answers "not found"
for a resource the actor may not see — whatever the actor's role allows
elsewhere — and "forbidden" only when it may see it but not do the thing.
``visible_clause`` is the same rule as SQL, so lists are filtered in the query.

Reads decide once per request: ``authorize_many`` (and ``load_authorized``
outside a write) reuse what the request's access memo holds and read the rest
in one statement (services/kernel/access_memo).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, exists, false, func, literal, or_, select, true
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import String

from casebook.db.models import Membership, ResourceGrant, User
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import (
    OFFERED_GRANT_LEVELS,
    GrantLevel,
    Permission,
    Route,
    Visibility,
    grant_levels_giving,
)
from casebook.domain.access.policy import Actor, SharedResource, allows, routes
from casebook.domain.storable_text import search_term
from casebook.services.kernel import audit
from casebook.services.kernel.access_memo import AccessMemo, KnownResource, Verdict, memo_of
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Forbidden, NotFound, ServiceError

_KINDS: dict[str, Any] = {}
# The permission family a kind is governed by: ``dataset`` by ``datasets:*``, a ``skill``
# (part of what an agent runs with) by ``agents:*``.
_FAMILIES: dict[str, str] = {}


def register_shared_kind(kind: str, model: Any, *, family: str | None = None) -> None:
    """``model`` has organization_id, owner_user_id and visibility columns; ``family`` names
    the permissions that govern it (``<family>:view`` and ``<family>:edit``), by default
    the kind's plural."""
    _KINDS[kind] = model
    _FAMILIES[kind] = family or f"{kind}s"


def _model(kind: str) -> Any:
    return _KINDS[kind]


def _label(kind: str) -> str:
    return kind.replace("_", " ")


def view_permission(kind: str) -> Permission:
    return Permission(f"{_FAMILIES[kind]}:view")


def edit_permission(kind: str) -> Permission:
    return Permission(f"{_FAMILIES[kind]}:edit")


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


def grant_levels_column(kind: str, actor: Actor) -> Any:
    """The actor's grant levels on a row of ``kind``, as a column of a query that reads the
    row itself: such a query decides access in the very statement that finds the row
    (``admit``), so a row the actor may not see costs what an id that never existed does."""
    return _grant_levels_of(kind, _model(kind), actor)


def read_epoch(session: AsyncSession) -> int:
    """The request's access memo epoch, taken before a read whose rows go to ``admit``."""
    memo = memo_of(session)
    return memo.epoch if memo is not None else 0


def _facts(row: Any, levels: Any) -> SharedResource:
    return SharedResource(
        organization_id=row.organization_id,
        owner_user_id=row.owner_user_id,
        visibility=Visibility(row.visibility),
        grant_levels=frozenset(GrantLevel(level) for level in levels or ()),
    )


async def facts(session: AsyncSession, actor: Actor, kind: str, row: Any) -> SharedResource:
    memo = memo_of(session)
    known = memo.known(actor, kind, row.id) if memo is not None else None
    if known is not None and known.facts is not None:
        return known.facts
    model = _model(kind)
    levels = (
        await session.execute(
            select(_grant_levels_of(kind, model, actor)).where(model.id == row.id)
        )
    ).scalar_one_or_none()
    return _facts(row, levels)


def verdict_on(
    actor: Actor, kind: str, resource: SharedResource | None, permission: Permission
) -> Verdict:
    """Hidden when the actor may not see it (or it does not exist), forbidden when it may
    see it but not do the thing."""
    if resource is None or not allows(actor, view_permission(kind), resource):
        return Verdict.HIDDEN
    if not allows(actor, permission, resource):
        return Verdict.FORBIDDEN
    return Verdict.ALLOWED


def refusal(kind: str, verdict: Verdict, permission: Permission, missing: str) -> ServiceError:
    """Not found - the very answer an id that never existed gets - or forbidden."""
    if verdict is Verdict.FORBIDDEN:
        return Forbidden(
            f"you may read this {_label(kind)} but this needs {permission.value} on it"
        )
    return NotFound(missing)


def _decide(
    actor: Actor, kind: str, resource: SharedResource, permission: Permission, missing: str
) -> None:
    verdict = verdict_on(actor, kind, resource, permission)
    if verdict is not Verdict.ALLOWED:
        raise refusal(kind, verdict, permission, missing)


async def authorize(
    session: AsyncSession, actor: Actor, kind: str, row: Any | None, permission: Permission
) -> Any:
    """Return the row when the actor may do ``permission`` on it; else not found / forbidden."""
    if row is None:
        raise NotFound(_label(kind))
    _decide(actor, kind, await facts(session, actor, kind, row), permission, _label(kind))
    return row


async def _read_resources(
    session: AsyncSession, actor: Actor, kind: str, resource_ids: list[int]
) -> dict[int, KnownResource]:
    """Each row with the actor's grant levels on it, in one statement."""
    model = _model(kind)
    query = select(model, _grant_levels_of(kind, model, actor)).where(model.id.in_(resource_ids))
    found = {
        row.id: KnownResource(row, _facts(row, levels))
        for row, levels in await session.execute(query)
    }
    return {i: found.get(i, KnownResource(None, None)) for i in resource_ids}


async def read_with_facts(
    session: AsyncSession, actor: Actor, kind: str, resource_id: int
) -> KnownResource:
    """One resource's row with what the policy needs to decide on it (the actor's grants),
    in one statement: the row and facts are None when no row has the id. Deciding on a row
    the actor may not see then costs what an id that never existed does."""
    return (await _read_resources(session, actor, kind, [resource_id]))[resource_id]


def decided_once(
    memo: AccessMemo,
    actor: Actor,
    kind: str,
    resource_id: int,
    resource: SharedResource | None,
    permission: Permission,
) -> Verdict:
    """The request's verdict on (kind, id, permission): made over ``resource`` the first
    time, remembered after."""
    verdict = memo.verdict(actor, kind, resource_id, permission)
    if verdict is None:
        verdict = verdict_on(actor, kind, resource, permission)
        memo.record(actor, kind, resource_id, permission, verdict)
    return verdict


async def authorize_many(
    session: AsyncSession,
    actor: Actor,
    kind: str,
    resource_ids: Iterable[int],
    permission: Permission,
    *,
    missing: str | None = None,
) -> dict[int, Any]:
    """Each resource's row when the actor may do ``permission`` on it, else the refusal
    (not found / forbidden) to raise; ``missing`` names what was asked for when it is not
    the resource itself (a case of a dataset). Rows and facts the request already read are
    reused; the rest are read in one statement."""
    memo = memo_of(session) or AccessMemo()
    wanted = list(dict.fromkeys(resource_ids))

    async def read(unread: list[int]) -> dict[int, KnownResource]:
        return await _read_resources(session, actor, kind, unread)

    known = await memo.resources(actor, kind, wanted, read)
    decided: dict[int, Any] = {}
    for resource_id in wanted:
        resource = known[resource_id]
        if memo.known(actor, kind, resource_id) is resource:
            verdict = decided_once(memo, actor, kind, resource_id, resource.facts, permission)
        else:  # read before the request changed something: decide, remember nothing
            verdict = verdict_on(actor, kind, resource.facts, permission)
        decided[resource_id] = (
            resource.row
            if verdict is Verdict.ALLOWED
            else refusal(kind, verdict, permission, missing or _label(kind))
        )
    return decided


async def load_authorized(
    session: AsyncSession,
    actor: Actor,
    kind: str,
    resource_id: int,
    permission: Permission,
    *,
    for_update: bool = False,
) -> Any:
    """The resource when the actor may do ``permission`` on it; see ``_decide``. A read
    reuses the request's decisions; a lock reads the row and the grants anew, in one query."""
    if not for_update:
        found = (await authorize_many(session, actor, kind, [resource_id], permission))[resource_id]
        if isinstance(found, ServiceError):
            raise found
        return found
    model = _model(kind)
    query = (
        select(model, _grant_levels_of(kind, model, actor))
        .where(model.id == resource_id)
        .with_for_update(of=model)
        .execution_options(populate_existing=True)
    )
    locked = (await session.execute(query)).first()
    if locked is None:
        raise NotFound(_label(kind))
    row, levels = locked
    _decide(actor, kind, _facts(row, levels), permission, _label(kind))
    return row


def admit(
    session: AsyncSession,
    actor: Actor,
    kind: str,
    read: dict[int, tuple[Any, Any]],
    permission: Permission,
    *,
    epoch: int,
    missing: str,
) -> dict[int, Any]:
    """Decide on resources another query read with their grant levels (``read``: id to
    (row, levels), begun at the memo's ``epoch``); the request remembers them. Each id
    gives its row, or the refusal to raise (``missing`` names what was asked for)."""
    memo = memo_of(session) or AccessMemo()
    known = {
        resource_id: KnownResource(row, _facts(row, levels))
        for resource_id, (row, levels) in read.items()
    }
    memo.remember(actor, kind, known, epoch)
    decided: dict[int, Any] = {}
    for resource_id, resource in known.items():
        if memo.known(actor, kind, resource_id) is resource:
            verdict = decided_once(memo, actor, kind, resource_id, resource.facts, permission)
        else:  # read before the request changed something: decide, remember nothing
            verdict = verdict_on(actor, kind, resource.facts, permission)
        decided[resource_id] = (
            resource.row
            if verdict is Verdict.ALLOWED
            else refusal(kind, verdict, permission, missing)
        )
    return decided


async def load_children_authorized(
    session: AsyncSession,
    actor: Actor,
    kind: str,
    child: Any,
    child_ids: Iterable[int],
    permission: Permission,
    *,
    parent_key: Any,
    label: str,
) -> dict[int, tuple[Any, Any] | ServiceError]:
    """Rows that belong to a shared resource (cases, scores), each with that resource, in one
    statement. A child of a resource the actor may not see is "``label`` not found", exactly
    as an id that never existed."""
    wanted = list(dict.fromkeys(child_ids))
    memo = memo_of(session)
    epoch = memo.epoch if memo is not None else 0
    model = _model(kind)
    query = (
        select(child, model, _grant_levels_of(kind, model, actor))
        .join(model, model.id == parent_key)
        .where(child.id.in_(wanted))
    )
    rows = {row.id: (row, parent, levels) for row, parent, levels in await session.execute(query)}
    parents = admit(
        session,
        actor,
        kind,
        {parent.id: (parent, levels) for _, parent, levels in rows.values()},
        permission,
        epoch=epoch,
        missing=label,
    )
    found: dict[int, tuple[Any, Any] | ServiceError] = {}
    for child_id in wanted:
        if child_id not in rows:
            found[child_id] = NotFound(label)
            continue
        row, parent, _ = rows[child_id]
        decided = parents[parent.id]
        found[child_id] = decided if isinstance(decided, ServiceError) else (row, parent)
    return found


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
    """One child with its resource; see ``load_children_authorized``."""
    found = await load_children_authorized(
        session, actor, kind, child, [child_id], permission, parent_key=parent_key, label=label
    )
    result = found[child_id]
    if isinstance(result, ServiceError):
        raise result
    return result


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
    permission = permission or view_permission(kind)
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
        await load_authorized(session, actor, kind, resource_id, view_permission(kind))
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
        await load_authorized(session, actor, kind, resource_id, edit_permission(kind))
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
        await load_authorized(session, actor, kind, resource_id, edit_permission(kind))
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
            session, actor, kind, resource_id, edit_permission(kind), for_update=True
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
    if not routes(actor, edit_permission(kind)):
        needs = edit_permission(kind).value
        raise Forbidden(f"creating a {kind.replace('_', ' ')} needs {needs}")


async def visible_page(
    ctx: ServiceContext,
    model: Any,
    kind: str,
    *,
    first: int,
    after: str | None,
    search: str | None = None,
) -> Page[Any]:
    """A page of the shared resources of ``kind`` the actor may read, newest first, with
    the total; ``search`` looks in the name."""
    actor = ctx.require_actor()
    query = select(model).where(visible_clause(actor, kind))
    if term := search_term(search):
        query = query.where(func.lower(model.name).contains(term.lower()))
    async with ctx.reading() as session:
        return await keyset_page(
            session, query, model.id, first=first, after=after, descending=True, with_total=True
        )
