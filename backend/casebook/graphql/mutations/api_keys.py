"""Issuing and revoking API keys."""

from datetime import datetime

import strawberry
from strawberry import relay

from casebook.domain.access.policy import CHANGING_PERMISSIONS
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.identity.api_key import ApiKeyType
from casebook.services.identity import api_keys


@strawberry.input
class CreateApiKeyInput:
    name: str
    scopes: list[str] = strawberry.field(
        description="Catalog permissions; they only narrow your role."
    )
    expires_at: datetime | None = None


@strawberry.type
class CreateApiKeyPayload:
    api_key: ApiKeyType
    secret: str = strawberry.field(
        description="The key itself. Shown this once; only its hash is kept."
    )


@strawberry.type
class RevokeApiKeyPayload:
    api_key: ApiKeyType


@strawberry.type
class ApiKeyMutations:
    # A key scoped only to reading mints and revokes no key: a leaked read key must not
    # outlive its revocation by minting another, nor revoke the keys integrations run on.
    @strawberry.mutation(extensions=requires(AUTHENTICATED, key_scopes=CHANGING_PERMISSIONS))
    async def create_api_key(self, info: Info, input: CreateApiKeyInput) -> CreateApiKeyPayload:
        issued = await api_keys.create_key(
            info.context.services, name=input.name, scopes=input.scopes, expires_at=input.expires_at
        )
        return CreateApiKeyPayload(api_key=ApiKeyType.from_row(issued.key), secret=issued.plaintext)

    @strawberry.mutation(extensions=requires(AUTHENTICATED, key_scopes=CHANGING_PERMISSIONS))
    async def revoke_api_key(self, info: Info, id: relay.GlobalID) -> RevokeApiKeyPayload:
        key = await api_keys.revoke_key(info.context.services, decode_id(id, ApiKeyType))
        return RevokeApiKeyPayload(api_key=ApiKeyType.from_row(key))
