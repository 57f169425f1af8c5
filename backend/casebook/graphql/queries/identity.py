"""The root Query: identity and organization reads. Capabilities add theirs by mixin."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.connection import Connection
from casebook.graphql.context import Info
from casebook.graphql.permissions import AUTHENTICATED, PUBLIC, requires
from casebook.graphql.types.identity.api_key import ApiKeyType
from casebook.graphql.types.identity.audit_entry import AuditEntryType
from casebook.graphql.types.identity.member import MemberType
from casebook.graphql.types.identity.role_catalog import RoleDescriptionType
from casebook.graphql.types.identity.viewer import ViewerType
from casebook.graphql.viewer_builder import build_viewer
from casebook.services.identity import api_keys, members
from casebook.services.kernel import audit


@strawberry.type
class IdentityQueries:
    node: relay.Node | None = relay.node(extensions=requires(AUTHENTICATED))

    @strawberry.field(
        extensions=requires(PUBLIC), description="Who is signed in; null when nobody is."
    )
    async def viewer(self, info: Info) -> ViewerType | None:
        actor = info.context.actor
        if actor is None:
            return None
        auth = info.context.auth
        return await build_viewer(
            info.context.services,
            actor,
            authenticated_by=auth.via,
            session_token=auth.session_token,
        )

    @strawberry.field(
        extensions=requires(AUTHENTICATED), description="Members of the current organization."
    )
    async def members(self, info: Info) -> list[MemberType]:
        return [MemberType.from_view(v) for v in await members.list_members(info.context.services)]

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="The six roles and the permissions each holds, for choosing one.",
    )
    def roles(self) -> list[RoleDescriptionType]:
        return RoleDescriptionType.catalog()

    @strawberry.field(
        extensions=requires(AUTHENTICATED),
        description="Your API keys; an organization manager sees every key.",
    )
    async def api_keys(
        self, info: Info, first: int = 50, after: str | None = None
    ) -> Connection[ApiKeyType]:
        page = await api_keys.list_keys(info.context.services, first=first, after=after)
        return Connection.from_page(page, ApiKeyType.from_row)

    @strawberry.field(
        extensions=requires(Permission.ORGANIZATION_MANAGE), description="Newest first."
    )
    async def audit_log(
        self,
        info: Info,
        first: int = 50,
        after: str | None = None,
        action: str | None = None,
        resource_type: str | None = None,
    ) -> Connection[AuditEntryType]:
        page = await audit.list_entries(
            info.context.services,
            first=first,
            after=after,
            where=audit.AuditFilter(action=action, resource_type=resource_type),
        )
        return Connection.from_page(page, AuditEntryType.from_row)
