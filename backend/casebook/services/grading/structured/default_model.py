"""The organization's default embedding model (spec: structured-scoring).

"If the organization has no embedding model configured (and the scenario sets
no override), scoring still runs but falls back to exact matching only." A
dataset whose structured scorer names no embedding model embeds with this
one; with neither, text is exact or nothing and the score says so. It is part
of the configuration a score is computed with, so changing it marks the
structured scores it reached stale. Reading it takes any member; setting it,
``connections:manage``.
"""

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Dataset, Organization
from casebook.domain.access.catalog import Permission
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.grading.structured_scorer import structured_settings
from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured import (
    ModelChoice,
    StructuredSettings,
    read_embedding_model,
    with_default_embedding_model,
)
from casebook.services.grading.structured.models import check_model_choice
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound

PATH = "embeddingModel"


def _stored(organization: Organization | None) -> ModelChoice | None:
    if organization is None or organization.default_embedding_model is None:
        return None
    return read_embedding_model(organization.default_embedding_model)


async def organization_embedding_model(
    session: AsyncSession, organization_id: int
) -> ModelChoice | None:
    return _stored(await session.get(Organization, organization_id))


async def scored_with(session: AsyncSession, dataset: Dataset) -> StructuredSettings | None:
    """The structured settings the dataset's answers are scored with now: its own, embedding
    with the organization's default when it names none; None when it never set them up."""
    settings = structured_settings(read_scoring_config(dataset.scoring))
    if settings is None:
        return None
    default = (
        await organization_embedding_model(session, dataset.organization_id)
        if settings.embedding_model is None
        else None
    )
    return with_default_embedding_model(settings, default)


async def with_organization_default(
    ctx: ServiceContext, organization_id: int, settings: StructuredSettings
) -> StructuredSettings:
    """``settings`` embedding with the organization's default when they name no model."""
    if settings.embedding_model is not None:
        return settings
    async with ctx.reading() as session:
        default = await organization_embedding_model(session, organization_id)
    return with_default_embedding_model(settings, default)


async def get_default_embedding_model(ctx: ServiceContext) -> ModelChoice | None:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        return await organization_embedding_model(session, actor.organization_id)


async def set_default_embedding_model(ctx: ServiceContext, choice: JSONValue) -> ModelChoice | None:
    """Set (or with None clear) the default; a model that could not be called is refused."""
    actor = ctx.require_permission(Permission.CONNECTIONS_MANAGE)
    chosen = read_embedding_model(choice, PATH)
    async with ctx.transaction() as session:
        organization = await session.get(Organization, actor.organization_id, with_for_update=True)
        if organization is None:
            raise NotFound("organization")
        await check_model_choice(session, actor.organization_id, PATH, chosen, embeddings=True)
        before = _stored(organization)
        organization.default_embedding_model = chosen.as_json() if chosen else None
        await audit.record(
            session,
            actor,
            "organization.default_embedding_model",
            resource_type="organization",
            resource_id=actor.organization_id,
            summary={
                "from": before.as_json() if before else None,
                "to": chosen.as_json() if chosen else None,
            },
            request_id=ctx.request_id,
        )
    return chosen
