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
    may_issue_api_keys: bool = strawberry.field(
        description="Whether this request may mint API keys: a role or key that does more "
        "than read (a Viewer, or a key scoped only to reading, mints none)."
    )
    memberships: list[MembershipType]
    authenticated_by: str = strawberry.field(description="session or api_key")
    csrf_token: str | None = strawberry.field(
        description="Send as the X-CSRF-Token header with mutations made under a console session."
    )
