"""Model connections and budgets: what the organization's helpers call, and may spend."""

import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import AUTHENTICATED, requires
from casebook.graphql.types.models.model_budget import ModelBudgetType
from casebook.graphql.types.models.model_connection import ModelConnectionType, ModelProviderKind
from casebook.services.models import connection_test, metering
from casebook.services.models import connections as model_connections


@strawberry.input
class AddModelConnectionInput:
    name: str
    provider: ModelProviderKind
    models: list[str] = strawberry.field(description="The model names it offers.")
    base_url: str | None = strawberry.field(
        default=None, description="Empty: the provider's own API."
    )
    api_key: str | None = strawberry.field(
        default=None, description="Stored encrypted; never readable back."
    )


@strawberry.type
class ModelConnectionPayload:
    connection: ModelConnectionType


@strawberry.type
class DeleteModelConnectionPayload:
    deleted_id: relay.GlobalID


@strawberry.type
class ModelBudgetsPayload:
    budgets: list[ModelBudgetType]


@strawberry.type(description="What one tiny call to a model connection found.")
class ModelConnectionTestPayload:
    model: str
    ok: bool = strawberry.field(description="False: the call failed; error says why.")
    latency_ms: float | None = strawberry.field(description="How long the call took.")
    reply: str | None = strawberry.field(description="The model's reply, at most 200 characters.")
    error: str | None = strawberry.field(description="The provider's error, or why no call went.")


@strawberry.type
class ModelConnectionMutations:
    @strawberry.mutation(
        extensions=requires(Permission.CONNECTIONS_MANAGE),
        description="Make one tiny chat call (a few tokens, no retry) to a model the connection "
        "offers (its first by default): its latency, or the provider's error. Metered.",
    )
    async def test_model_connection(
        self, info: Info, id: relay.GlobalID, model: str | None = None
    ) -> ModelConnectionTestPayload:
        result = await connection_test.test_connection(
            info.context.services, decode_id(id, ModelConnectionType), model
        )
        return ModelConnectionTestPayload(
            model=result.model,
            ok=result.ok,
            latency_ms=result.latency_ms,
            reply=result.reply,
            error=result.error,
        )

    @strawberry.mutation(extensions=requires(Permission.CONNECTIONS_MANAGE))
    async def add_model_connection(
        self, info: Info, input: AddModelConnectionInput
    ) -> ModelConnectionPayload:
        row = await model_connections.add_connection(
            info.context.services,
            model_connections.NewConnection(
                name=input.name,
                provider=input.provider.value,
                models=input.models,
                base_url=input.base_url,
                api_key=input.api_key,
            ),
        )
        return ModelConnectionPayload(connection=ModelConnectionType.from_row(row))

    @strawberry.mutation(
        extensions=requires(Permission.CONNECTIONS_MANAGE),
        description="A dataset whose judge used it reports not graded, saying so, until changed.",
    )
    async def delete_model_connection(
        self, info: Info, id: relay.GlobalID
    ) -> DeleteModelConnectionPayload:
        await model_connections.delete_connection(
            info.context.services, decode_id(id, ModelConnectionType)
        )
        return DeleteModelConnectionPayload(deleted_id=id)

    @strawberry.mutation(
        extensions=requires(
            AUTHENTICATED,
            key_scopes=(Permission.CONNECTIONS_MANAGE, Permission.ORGANIZATION_MANAGE),
        ),
        description="Set a monthly USD limit for the organization (helper null) or one helper "
        "(judge, generator); null removes it. Needs connections:manage or organization:manage.",
    )
    async def set_model_budget(
        self, info: Info, helper: str | None = None, monthly_limit_usd: float | None = None
    ) -> ModelBudgetsPayload:
        views = await metering.set_budget(info.context.services, helper, monthly_limit_usd)
        return ModelBudgetsPayload(budgets=[ModelBudgetType.from_view(v) for v in views])
