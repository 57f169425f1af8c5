"""A member's own actions in Activity: rating a reply, sharing or deleting a conversation."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission, Visibility
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.activity.conversation import ConversationType
from casebook.graphql.types.activity.enums import RatingValue
from casebook.graphql.types.activity.rating import RatingType
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.identity.user import UserType
from casebook.services.activity import conversations, ratings, runs

# Rating, sharing and deleting one's conversations are acts of using agents.
ACTIVITY_CHANGES = (Permission.AGENTS_RUN,)


@strawberry.input
class RateRunInput:
    run_id: relay.GlobalID
    value: RatingValue
    comment: str | None = strawberry.field(
        default=None,
        description="What went wrong (or right). The newest thumbs-down comment becomes the "
        "note of a case taken from the reply.",
    )


@strawberry.type
class RateRunPayload:
    rating: RatingType
    run: RunType


@strawberry.type
class RemoveRatingPayload:
    run: RunType


@strawberry.type
class ConversationPayload:
    conversation: ConversationType


@strawberry.type
class DeleteConversationPayload:
    deleted_id: relay.GlobalID


def _conversation_id(value: relay.GlobalID) -> int:
    return decode_id(value, ConversationType)


@strawberry.type
class ConversationMutations:
    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=ACTIVITY_CHANGES),
        description="Rate a reply you may read; rating again replaces your rating.",
    )
    async def rate_run(self, info: Info, input: RateRunInput) -> RateRunPayload:
        run_id = decode_id(input.run_id, RunType, "runId")
        row = await ratings.rate_run(
            info.context.services, run_id, value=input.value.value, comment=input.comment
        )
        view = await runs.get_run(info.context.services, run_id)
        return RateRunPayload(rating=RatingType.from_row(row), run=RunType.from_view(view))

    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=ACTIVITY_CHANGES),
        description="Remove your rating; a case taken from the reply stays where it is.",
    )
    async def remove_rating(self, info: Info, run_id: relay.GlobalID) -> RemoveRatingPayload:
        decoded = decode_id(run_id, RunType, "runId")
        await ratings.remove_rating(info.context.services, decoded)
        return RemoveRatingPayload(
            run=RunType.from_view(await runs.get_run(info.context.services, decoded))
        )

    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=ACTIVITY_CHANGES),
        description="Share your conversation with the organization (ORGANIZATION) or keep it "
        "to yourself (PRIVATE). Only the person it was with decides.",
    )
    async def set_conversation_visibility(
        self, info: Info, id: relay.GlobalID, visibility: Visibility
    ) -> ConversationPayload:
        row = await conversations.set_visibility(
            info.context.services, _conversation_id(id), visibility
        )
        return ConversationPayload(conversation=ConversationType.from_row(row))

    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=ACTIVITY_CHANGES),
        description="Let one member of the organization open your conversation.",
    )
    async def share_conversation(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID
    ) -> ConversationPayload:
        row = await conversations.share_with(
            info.context.services, _conversation_id(id), decode_id(user_id, UserType, "userId")
        )
        return ConversationPayload(conversation=ConversationType.from_row(row))

    @strawberry.mutation(extensions=requires(AUTHENTICATED, key_scopes=ACTIVITY_CHANGES))
    async def unshare_conversation(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID
    ) -> ConversationPayload:
        row = await conversations.unshare_with(
            info.context.services, _conversation_id(id), decode_id(user_id, UserType, "userId")
        )
        return ConversationPayload(conversation=ConversationType.from_row(row))

    @strawberry.mutation(
        extensions=requires(
            AUTHENTICATED, key_scopes=(*ACTIVITY_CHANGES, Permission.ORGANIZATION_MANAGE)
        ),
        description="Delete a conversation with its messages and runs: by the person it was "
        "with, or one who manages the organization. Cases and scores taken from it stay, "
        "their links to it cleared.",
    )
    async def delete_conversation(
        self, info: Info, id: relay.GlobalID
    ) -> DeleteConversationPayload:
        await conversations.delete_conversation(info.context.services, _conversation_id(id))
        return DeleteConversationPayload(deleted_id=id)
