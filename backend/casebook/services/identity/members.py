"""Organizations and their members: the six roles, and who may change them."""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.engine import SessionMaker
from casebook.db.models import Membership, Organization, User
from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.services.agents.system_agents import seed_system_agents
from casebook.services.identity.secrets import hash_password
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict, Forbidden, NotFound
from casebook.services.kernel.stored_text import stored_name

MIN_PASSWORD_LENGTH = 10


@dataclass(frozen=True)
class MemberView:
    membership: Membership
    user: User


def _check_password(password: str, path: str = "password") -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise BadUserInput.at(path, f"must be at least {MIN_PASSWORD_LENGTH} characters")


def _check_email(email: str, path: str = "email") -> str:
    cleaned = email.strip()
    local, at, domain = cleaned.partition("@")
    if not at or not local or "." not in domain:
        raise BadUserInput.at(path, "is not an e-mail address")
    return cleaned


async def create_organization_with_owner(
    sessionmaker: SessionMaker, *, organization_name: str, email: str, name: str, password: str
) -> tuple[Organization, User]:
    """Bootstrap (command line and demo seed): a new organization, its first Owner and its
    system agents (the case generator)."""
    _check_password(password)
    email = _check_email(email)
    password_hash = await hash_password(password)
    async with sessionmaker() as session, session.begin():
        org = Organization(name=organization_name)
        session.add(org)
        user = await _find_user(session, email)
        if user is None:
            user = User(email=email, name=stored_name(name), password_hash=password_hash)
            session.add(user)
        else:
            user.password_hash = password_hash
        await session.flush()
        assert org.id is not None and user.id is not None
        session.add(Membership(organization_id=org.id, user_id=user.id, role=Role.OWNER.value))
        await seed_system_agents(session, org.id)
        await audit.record(
            session,
            None,
            "organization.create",
            organization_id=org.id,
            resource_type="organization",
            resource_id=org.id,
            summary={"name": organization_name, "owner": email},
        )
    return org, user


async def _find_user(session: AsyncSession, email: str) -> User | None:
    return (
        await session.execute(select(User).where(func.lower(User.email) == email.lower()))
    ).scalar_one_or_none()


def _check_role_change(actor: Actor, role: Role) -> None:
    if role is Role.OWNER and actor.role is not Role.OWNER:
        raise Forbidden("only an Owner makes another Owner")


async def add_member(
    ctx: ServiceContext, *, email: str, name: str, role: Role, password: str | None
) -> MemberView:
    """Add a person by e-mail. The answer is the same whether the e-mail has an account
    already (elsewhere) or not: a password is always needed, and it becomes the password
    of a new account - an existing one keeps its own, so nobody signs in as its owner."""
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    _check_role_change(actor, role)
    email = _check_email(email)
    if password is None:
        raise BadUserInput.at("password", "give the password the person signs in with first")
    _check_password(password)
    # Hashed before the transaction, whether or not the e-mail has an account: no row is
    # held while argon2 works, and both answers take the same time.
    password_hash = await hash_password(password)
    async with ctx.transaction() as session:
        user = await _find_user(session, email)
        if user is None:
            user = User(email=email, name=stored_name(name) or email, password_hash=password_hash)
            session.add(user)
            await session.flush()
        assert user.id is not None
        existing = (
            await session.execute(
                select(Membership).where(
                    Membership.organization_id == actor.organization_id,
                    Membership.user_id == user.id,
                )
            )
        ).scalar_one_or_none()
        if existing is not None:
            raise Conflict("that person is already a member")
        membership = Membership(
            organization_id=actor.organization_id, user_id=user.id, role=role.value
        )
        session.add(membership)
        await session.flush()
        await audit.record(
            session,
            actor,
            "member.add",
            resource_type="user",
            resource_id=user.id,
            summary={"email": email, "role": role.value},
            request_id=ctx.request_id,
        )
    return MemberView(membership, user)


async def _membership_for_update(
    session: AsyncSession, organization_id: int, user_id: int
) -> Membership:
    membership = (
        await session.execute(
            select(Membership)
            .where(Membership.organization_id == organization_id, Membership.user_id == user_id)
            .with_for_update()
        )
    ).scalar_one_or_none()
    if membership is None:
        raise NotFound("member")
    return membership


async def _ensure_another_owner(session: AsyncSession, organization_id: int) -> None:
    owners = (
        await session.execute(
            select(func.count()).where(
                Membership.organization_id == organization_id, Membership.role == Role.OWNER.value
            )
        )
    ).scalar_one()
    if owners <= 1:
        raise Conflict("an organization keeps at least one Owner")


async def change_role(ctx: ServiceContext, *, user_id: int, role: Role) -> MemberView:
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    async with ctx.transaction() as session:
        membership = await _membership_for_update(session, actor.organization_id, user_id)
        previous = Role(membership.role)
        if Role.OWNER in (previous, role):
            _check_role_change(actor, Role.OWNER)
        if previous is Role.OWNER and role is not Role.OWNER:
            await _ensure_another_owner(session, actor.organization_id)
        membership.role = role.value
        user = await session.get(User, user_id)
        assert user is not None
        await audit.record(
            session,
            actor,
            "member.change_role",
            resource_type="user",
            resource_id=user_id,
            summary={"from": previous.value, "to": role.value},
            request_id=ctx.request_id,
        )
    return MemberView(membership, user)


async def remove_member(ctx: ServiceContext, *, user_id: int) -> None:
    actor = ctx.require_permission(Permission.ORGANIZATION_MANAGE)
    async with ctx.transaction() as session:
        membership = await _membership_for_update(session, actor.organization_id, user_id)
        if membership.role == Role.OWNER.value:
            _check_role_change(actor, Role.OWNER)
            await _ensure_another_owner(session, actor.organization_id)
        await session.delete(membership)
        await audit.record(
            session,
            actor,
            "member.remove",
            resource_type="user",
            resource_id=user_id,
            summary={"role": membership.role},
            request_id=ctx.request_id,
        )


async def list_members(ctx: ServiceContext) -> list[MemberView]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(Membership, User)
                .join(User, User.id == Membership.user_id)
                .where(Membership.organization_id == actor.organization_id)
                .order_by(User.name, User.id)
            )
        ).all()
    return [MemberView(m, u) for m, u in rows]


async def memberships_of(ctx: ServiceContext) -> list[tuple[Membership, Organization]]:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(Membership, Organization)
                .join(Organization, Organization.id == Membership.organization_id)
                .where(Membership.user_id == actor.user_id)
                .order_by(Organization.name, Organization.id)
            )
        ).all()
    return [(m, o) for m, o in rows]


async def get_user(ctx: ServiceContext, user_id: int) -> User:
    async with ctx.reading() as session:
        user = await session.get(User, user_id)
    if user is None:
        raise NotFound("user")
    return user


async def get_organization(ctx: ServiceContext, organization_id: int) -> Organization:
    async with ctx.reading() as session:
        org = await session.get(Organization, organization_id)
    if org is None:
        raise NotFound("organization")
    return org


async def members_by_id(ctx: ServiceContext, user_ids: Sequence[int]) -> list[User | None]:
    """People by id in one query - only members of the actor's organization; anyone else
    (a former member, another organization's) is None."""
    actor = ctx.require_actor()
    if not user_ids:
        return []
    async with ctx.reading() as session:
        rows = (
            await session.execute(
                select(User)
                .join(Membership, Membership.user_id == User.id)
                .where(
                    Membership.organization_id == actor.organization_id,
                    col(User.id).in_(sorted(set(user_ids))),
                )
            )
        ).scalars()
        found = {u.id: u for u in rows}
    return [found.get(i) for i in user_ids]
