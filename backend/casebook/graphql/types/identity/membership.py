import strawberry

from casebook.graphql.types.enums import Role
from casebook.graphql.types.identity.organization import OrganizationType


@strawberry.type(name="Membership", description="An organization the signed-in person belongs to.")
class MembershipType:
    organization: OrganizationType
    role: Role
