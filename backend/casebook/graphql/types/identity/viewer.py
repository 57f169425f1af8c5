import strawberry

from casebook.graphql.types.enums import Role
from casebook.graphql.types.identity.membership import MembershipType
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.graphql.types.identity.user import UserType


@strawberry.type(name="Viewer", description="Who is signed in, acting in which organization.")
class ViewerType:
    user: UserType
    organization: OrganizationType
    role: Role
    permissions: list[str] = strawberry.field(
        description="The catalog permissions this request holds (an API key's scopes narrow them)."
    )
    memberships: list[MembershipType]
    authenticated_by: str = strawberry.field(description="session or api_key")
    csrf_token: str | None = strawberry.field(
        description="Send as the X-CSRF-Token header with mutations made under a console session."
    )
