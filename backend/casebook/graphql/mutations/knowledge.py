"""Creating, changing, sharing and deleting knowledge bases, and their documents."""

import strawberry
from strawberry import relay
from strawberry.file_uploads import Upload

from casebook.domain.access.catalog import GrantLevel, Permission, Visibility
from casebook.domain.knowledge.documents import DOCUMENT_MAX_BYTES
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.datasets.grant import GrantType
from casebook.graphql.types.identity.user import UserType
from casebook.graphql.types.knowledge.knowledge_base import KnowledgeBaseType
from casebook.graphql.types.knowledge.knowledge_document import KnowledgeDocumentType
from casebook.services.kernel import sharing
from casebook.services.kernel.errors import LimitExceededError
from casebook.services.knowledge import bases, documents


@strawberry.input
class CreateKnowledgeBaseInput:
    name: str
    description: str = ""
    private: bool = strawberry.field(
        default=False, description="Visible to the organization unless started private."
    )


@strawberry.input(description="Fields left out keep their value.")
class UpdateKnowledgeBaseInput:
    id: relay.GlobalID
    name: str | None = None
    description: str | None = None


@strawberry.type
class KnowledgeBasePayload:
    knowledge_base: KnowledgeBaseType


@strawberry.type
class DeleteKnowledgeBasePayload:
    deleted_id: relay.GlobalID


@strawberry.type
class KnowledgeBaseGrantPayload:
    grant: GrantType


@strawberry.type
class UploadKnowledgeDocumentPayload:
    document: KnowledgeDocumentType
    knowledge_base: KnowledgeBaseType


@strawberry.type
class DeleteKnowledgeDocumentPayload:
    deleted_id: relay.GlobalID
    knowledge_base: KnowledgeBaseType


def _base_id(value: relay.GlobalID, path: str = "id") -> int:
    return decode_id(value, KnowledgeBaseType, path)


@strawberry.type
class KnowledgeMutations:
    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def create_knowledge_base(
        self, info: Info, input: CreateKnowledgeBaseInput
    ) -> KnowledgeBasePayload:
        row = await bases.create_base(
            info.context.services,
            name=input.name,
            description=input.description,
            private=input.private,
        )
        return KnowledgeBasePayload(knowledge_base=KnowledgeBaseType.from_row(row))

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def update_knowledge_base(
        self, info: Info, input: UpdateKnowledgeBaseInput
    ) -> KnowledgeBasePayload:
        row = await bases.update_base(
            info.context.services,
            _base_id(input.id),
            name=input.name,
            description=input.description,
        )
        return KnowledgeBasePayload(knowledge_base=KnowledgeBaseType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Deletes its documents and passages; agents that use it run without it.",
    )
    async def delete_knowledge_base(
        self, info: Info, id: relay.GlobalID
    ) -> DeleteKnowledgeBasePayload:
        await bases.delete_base(info.context.services, _base_id(id))
        return DeleteKnowledgeBasePayload(deleted_id=id)

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def set_knowledge_base_visibility(
        self, info: Info, id: relay.GlobalID, visibility: Visibility
    ) -> KnowledgeBasePayload:
        row = await sharing.set_visibility(
            info.context.services, bases.KIND, _base_id(id), visibility.value
        )
        return KnowledgeBasePayload(knowledge_base=KnowledgeBaseType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Share with a member: read lets them read it, edit also change it.",
    )
    async def share_knowledge_base(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID, level: GrantLevel
    ) -> KnowledgeBaseGrantPayload:
        view = await sharing.grant(
            info.context.services,
            bases.KIND,
            _base_id(id),
            user_id=decode_id(user_id, UserType, "userId"),
            level=level.value,
        )
        return KnowledgeBaseGrantPayload(grant=GrantType.from_view(view))

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def revoke_knowledge_base_grant(
        self, info: Info, id: relay.GlobalID, user_id: relay.GlobalID
    ) -> KnowledgeBasePayload:
        base_id = _base_id(id)
        await sharing.revoke_grant(
            info.context.services,
            bases.KIND,
            base_id,
            user_id=decode_id(user_id, UserType, "userId"),
        )
        row = await bases.get_base(info.context.services, base_id)
        return KnowledgeBasePayload(knowledge_base=KnowledgeBaseType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.AGENTS_EDIT),
        description="Upload a .txt or .md file (GraphQL multipart upload) of at most 1 MB of "
        "UTF-8 text; it is split into passages. All or nothing. `title` defaults to the file's "
        "name without its extension.",
    )
    async def upload_knowledge_document(
        self,
        info: Info,
        knowledge_base_id: relay.GlobalID,
        file: Upload,
        title: str | None = None,
    ) -> UploadKnowledgeDocumentPayload:
        base_id = _base_id(knowledge_base_id, "knowledgeBaseId")
        data = await file.read(DOCUMENT_MAX_BYTES + 1)  # type: ignore[attr-defined]
        if len(data) > DOCUMENT_MAX_BYTES:
            raise LimitExceededError(f"a document is at most {DOCUMENT_MAX_BYTES:,} bytes", "file")
        upload = documents.Upload(
            data=data,
            filename=getattr(file, "filename", None) or "",
            content_type=getattr(file, "content_type", None),
            title=title,
        )
        row = await documents.upload_document(info.context.services, base_id, upload)
        base = await bases.get_base(info.context.services, base_id)
        return UploadKnowledgeDocumentPayload(
            document=KnowledgeDocumentType.from_row(row),
            knowledge_base=KnowledgeBaseType.from_row(base),
        )

    @strawberry.mutation(extensions=requires(Permission.AGENTS_EDIT))
    async def delete_knowledge_document(
        self, info: Info, id: relay.GlobalID
    ) -> DeleteKnowledgeDocumentPayload:
        base = await documents.delete_document(
            info.context.services, decode_id(id, KnowledgeDocumentType)
        )
        return DeleteKnowledgeDocumentPayload(
            deleted_id=id, knowledge_base=KnowledgeBaseType.from_row(base)
        )
