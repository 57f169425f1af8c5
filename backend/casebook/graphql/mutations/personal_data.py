"""Personal data: erasing a person (as a job with progress) and the organization's retention."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.identity.user import UserType
from casebook.graphql.types.jobs.job import JobType
from casebook.services.erasure import erasure, retention
from casebook.services.erasure.person import Person


@strawberry.input(
    description="A person: a member (or former member) by id, or an end user by "
    "the name an integrator gave them. Exactly one."
)
class PersonInput:
    member_id: relay.GlobalID | None = None
    end_user: str | None = None


def person_of(given: PersonInput, path: str) -> Person:
    user_id = (
        decode_id(given.member_id, UserType, f"{path}.memberId")
        if given.member_id is not None
        else None
    )
    return erasure.checked_person(user_id, given.end_user, path)


@strawberry.type
class ErasePersonPayload:
    job: JobType


@strawberry.type
class PersonalDataMutations:
    @strawberry.mutation(
        extensions=requires(Permission.ORGANIZATION_MANAGE),
        description="Erase a person from the organization: they leave it at once, then a job "
        "anonymises every case they asked (marked Anonymised after erasure), replaces their "
        "turns in cases others asked, clears their scores' answer copies and their name, and "
        "deletes their ratings and conversations. Follow it with jobProgress.",
    )
    async def erase_person(self, info: Info, input: PersonInput) -> ErasePersonPayload:
        job = await erasure.request_erasure(info.context.services, person_of(input, "input"))
        return ErasePersonPayload(job=JobType.from_row(job))


@strawberry.type
class ConversationRetentionPayload:
    days: int | None = strawberry.field(description="Null: conversations are kept.")


@strawberry.type
class RetentionMutations:
    @strawberry.mutation(
        extensions=requires(Permission.ORGANIZATION_MANAGE),
        description="Delete the organization's conversations once nobody has added to them "
        "for this many days (1 to 36500); null keeps them. Cases and scores taken from them "
        "stay, unlinked, as when a conversation is deleted by hand. Applied hourly.",
    )
    async def set_conversation_retention(
        self, info: Info, days: int | None = None
    ) -> ConversationRetentionPayload:
        org = await retention.set_conversation_retention(info.context.services, days)
        return ConversationRetentionPayload(days=org.conversation_retention_days)
