"""Creating, changing, sharing and deleting skills."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import GrantLevel, Permission, Visibility
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.agents.skill import SkillType
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.identity.user import UserType
from casebook.services.agents import skills
from casebook.services.kernel import sharing


@strawberry.input
class CreateSkillInput:
    name: str
    instructions: str = strawberry.field(description="Markdown, at most 100,000 characters.")
    description: str = ""
    private: bool = strawberry.field(
        default=False, description="Visible to the organization unless started private."
    )


@strawberry.input(description="Fields left out keep their value.")
class UpdateSkillInput:
    id: relay.GlobalID
    name: str | None = None
    description: str | None = None
    instructions: str | None = None


@strawberry.type
class SkillPayload:
    skill: SkillType


@strawberry.type
class DeleteSkillPayload:
    deleted_id: relay.GlobalID


@strawberry.type
class SkillGrantPayload:
    grant: GrantType


def _skill_id(value: relay.GlobalID) -> int:
    return decode_id(value, SkillType)


@strawberry.type
class SkillMutations:
    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def create_skill(self, info: Info, input: CreateSkillInput) -> SkillPayload:
        row = await skills.create_skill(
            info.context.services,
            name=input.name,
            description=input.description,
            instructions=input.instructions,
            private=input.private,
        )
        return SkillPayload(skill=SkillType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Agents using it run with the change from their next run on.",
    )
    async def update_skill(self, info: Info, input: UpdateSkillInput) -> SkillPayload:
        row = await skills.update_skill(
            info.context.services,
            _skill_id(input.id),
            name=input.name,
            description=input.description,
            instructions=input.instructions,
        )
        return SkillPayload(skill=SkillType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Agents that list it run without it from then on.",
    )
    async def delete_skill(self, info: Info, id: relay.GlobalID) -> DeleteSkillPayload:
        await skills.delete_skill(info.context.services, _skill_id(id))
        return DeleteSkillPayload(deleted_id=id)

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def set_skill_visibility(
        self, info: Info, id: relay.GlobalID, visibility: Visibility
    ) -> SkillPayload:
        row = await sharing.set_visibility(
            info.context.services, skills.KIND, _skill_id(id), visibility.value
        )
        return SkillPayload(skill=SkillType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Share with a member: read lets them view it, edit also change it.",
    )
    async def share_skill(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID, level: GrantLevel
    ) -> SkillGrantPayload:
        view = await sharing.grant(
            info.context.services,
            skills.KIND,
            _skill_id(id),
            user_id=decode_id(user_id, UserType, "userId"),
            level=level.value,
        )
        return SkillGrantPayload(grant=GrantType.from_view(view))

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def revoke_skill_grant(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID
    ) -> SkillPayload:
        skill_id = _skill_id(id)
        await sharing.revoke_grant(
            info.context.services,
            skills.KIND,
            skill_id,
            user_id=decode_id(user_id, UserType, "userId"),
        )
        return SkillPayload(
            skill=SkillType.from_row(await skills.get_skill(info.context.services, skill_id))
        )
