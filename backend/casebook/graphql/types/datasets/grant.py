import strawberry

from casebook.graphql.types.enums import GrantLevel
from casebook.graphql.types.identity.user import UserType
from casebook.services.kernel.sharing import GrantView


@strawberry.type(name="Grant", description="A person's grant on a shared resource.")
class GrantType:
    user: UserType
    level: GrantLevel
    does_nothing: bool = strawberry.field(
        description="True for a legacy use grant: it is kept and listed, gives nothing, and can be removed."
    )

    @classmethod
    def from_view(cls, view: GrantView) -> "GrantType":
        return cls(
            user=UserType.from_row(view.user),
            level=GrantLevel(view.grant.level),
            does_nothing=view.does_nothing,
        )
