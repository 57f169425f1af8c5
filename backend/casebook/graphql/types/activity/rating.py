from datetime import datetime

import strawberry

from casebook.graphql.context import Info
from casebook.graphql.types.activity.enums import RatingValue
from casebook.graphql.types.identity.user import UserType
from casebook.services.kernel.records import Rating


@strawberry.type(name="Rating", description="A person's thumbs up or down, with a comment.")
class RatingType:
    value: RatingValue
    comment: str | None
    rater_end_user: str | None = strawberry.field(
        description="The end user who rated, as the integrator named them."
    )
    created_at: datetime | None
    updated_at: datetime | None
    rater_user_id: strawberry.Private[int | None]

    @classmethod
    def from_row(cls, row: Rating) -> "RatingType":
        return cls(
            value=RatingValue(row.value),
            comment=row.comment,
            rater_end_user=row.rater_end_user,
            created_at=row.created_at,
            updated_at=row.updated_at,
            rater_user_id=row.rater_user_id,
        )

    @strawberry.field(description="Whether you left it.")
    def by_viewer(self, info: Info) -> bool:
        actor = info.context.actor
        return actor is not None and actor.user_id == self.rater_user_id

    @strawberry.field(description="The member who rated; null for an end user or one who left.")
    async def rater(self, info: Info) -> UserType | None:
        if self.rater_user_id is None:
            return None
        found = await info.context.loaders.member.load(self.rater_user_id)
        return UserType.from_row(found) if found is not None else None
