from datetime import datetime

import strawberry

from casebook.graphql.types.enums import Role
from casebook.graphql.types.identity.user import UserType
from casebook.services.identity.members import MemberView


@strawberry.type(name="Member", description="A person's membership of the current organization.")
class MemberType:
    user: UserType
    role: Role
    joined_at: datetime | None

    @classmethod
    def from_view(cls, view: MemberView) -> "MemberType":
        return cls(
            user=UserType.from_row(view.user),
            role=Role(view.membership.role),
            joined_at=view.membership.created_at,
        )
