"""Managing the members of the current organization."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.enums import Role
from casebook.graphql.types.identity.member import MemberType
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.graphql.types.identity.user import UserType
from casebook.services.identity import members, organization


@strawberry.input
class AddMemberInput:
    email: str
    name: str = ""
    role: Role
    password: str | None = strawberry.field(
        default=None,
        description="Required. The password of the account made for the person; one who has "
        "an account already keeps its own, and the answer does not say which.",
    )


@strawberry.type
class MemberPayload:
    member: MemberType


@strawberry.type
class RemoveMemberPayload:
    removed_user_id: relay.GlobalID


@strawberry.type
class OrganizationPayload:
    organization: OrganizationType


@strawberry.type
class MemberMutations:
    @strawberry.mutation(
        extensions=requires(Permission.ORGANIZATION_MANAGE),
        description="Rename the current organization (1 to 200 characters, on one line).",
    )
    async def rename_organization(self, info: Info, name: str) -> OrganizationPayload:
        org = await organization.rename_organization(info.context.services, name)
        return OrganizationPayload(organization=OrganizationType.from_row(org))

    @strawberry.mutation(extensions=requires(Permission.ORGANIZATION_MANAGE))
    async def add_member(self, info: Info, input: AddMemberInput) -> MemberPayload:
        view = await members.add_member(
            info.context.services,
            email=input.email,
            name=input.name,
            role=Role(input.role),
            password=input.password,
        )
        return MemberPayload(member=MemberType.from_view(view))

    @strawberry.mutation(extensions=requires(Permission.ORGANIZATION_MANAGE))
    async def change_member_role(
        self, info: Info, user_id: relay.GlobalID, role: Role
    ) -> MemberPayload:
        view = await members.change_role(
            info.context.services, user_id=decode_id(user_id, UserType, "userId"), role=Role(role)
        )
        return MemberPayload(member=MemberType.from_view(view))

    @strawberry.mutation(extensions=requires(Permission.ORGANIZATION_MANAGE))
    async def remove_member(self, info: Info, user_id: relay.GlobalID) -> RemoveMemberPayload:
        await members.remove_member(
            info.context.services, user_id=decode_id(user_id, UserType, "userId")
        )
        return RemoveMemberPayload(removed_user_id=user_id)
