"""Builds the Viewer for the current actor (shared by the viewer query and login)."""

from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor, effective_permissions, may_issue_api_keys
from casebook.graphql.types.identity.membership import MembershipType
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.graphql.types.identity.user import UserType
from casebook.graphql.types.identity.viewer import ViewerType
from casebook.services.identity import members
from casebook.services.identity.secrets import csrf_token_for
from casebook.services.kernel.context import ServiceContext


async def build_viewer(
    services: ServiceContext, actor: Actor, *, authenticated_by: str, session_token: str | None
) -> ViewerType:
    scoped = ServiceContext(
        services.sessionmaker, services.redis, services.settings, actor, services.request_id
    )
    user = await members.get_user(scoped, actor.user_id)
    memberships = await members.memberships_of(scoped)
    current = next(o for m, o in memberships if o.id == actor.organization_id)
    return ViewerType(
        user=UserType.from_row(user),
        organization=OrganizationType.from_row(current),
        role=actor.role,
        permissions=[p.value for p in effective_permissions(actor)],
        may_issue_api_keys=may_issue_api_keys(actor),
        memberships=[
            MembershipType(organization=OrganizationType.from_row(o), role=Role(m.role))
            for m, o in memberships
        ],
        authenticated_by=authenticated_by,
        csrf_token=csrf_token_for(session_token, services.settings.secret_key)
        if session_token
        else None,
    )
