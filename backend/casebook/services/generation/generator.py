"""The case generator's model (spec: "The generator is an agent"; "Helpers are
code-defined; no helper agent needs to be created or published").

The generator's agent row - seeded with its organization, so that ``agents:run`` on it is
decided like on any agent and each generation is one run in Activity under its name - is
``services.agents.system_agents``.

Its model is chosen in a dataset's Settings, as the judge's is: a saved connection and
one of its models. Every call is metered against the organization and the ``generator``
helper, so the helper's budget stops it.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import Dataset, Generation
from casebook.domain.access.catalog import Permission
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.llm.factory import build_provider
from casebook.llm.metering import MeteredProvider
from casebook.llm.secrets import KeyDecryptionFailed
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.judging import provider_settings
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput
from casebook.services.models import metering
from casebook.services.models.connections import (
    connection_spec,
    find_connection,
    usable_connection,
)

NO_MODEL_REASON = "the case generator has no model: choose one in the dataset's Settings"


@dataclass(frozen=True)
class GeneratorModel:
    """The dataset's choice; ``None`` fields when nothing is chosen."""

    connection_ref: str | None
    model: str | None


def generator_model_of(dataset: Dataset) -> GeneratorModel:
    return GeneratorModel(dataset.generator_model_connection_id, dataset.generator_model)


def queued_generator_model(generation: Generation) -> GeneratorModel:
    """The model a generation was queued with, which its job calls."""
    return GeneratorModel(generation.generator_model_connection_id, generation.generator_model)


async def choose_generator_model(
    ctx: ServiceContext, dataset_id: int, connection_id: int | None, model: str | None
) -> Dataset:
    """Settings: the generator's model for this dataset (``None`` for both: none). Needs
    ``datasets:edit``; the connection must be a saved one of the organization offering
    the model."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT, for_update=True
        )
        if (connection_id is None) != (model is None):
            raise BadUserInput.at("model", "name a saved connection and one of its models")
        if connection_id is not None and model is not None:
            await _check_choice(session, actor.organization_id, connection_id, model)
        # Stored as the judge's is: the connection's id as text.
        dataset.generator_model_connection_id = (
            str(connection_id) if connection_id is not None else None
        )
        dataset.generator_model = model.strip() if model else None
        dataset.updated_at = datetime.now(UTC)
        await audit.record(
            session,
            actor,
            "dataset.generator_model",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={"connection": connection_id, "model": dataset.generator_model},
            request_id=ctx.request_id,
        )
    return dataset


async def _check_choice(
    session: AsyncSession, organization_id: int, connection_id: int, model: str
) -> None:
    connection = await find_connection(session, organization_id, connection_id)
    if connection is None:
        raise ValidationFailed(
            [FieldError("modelConnectionId", "is not a saved model of this organization")]
        )
    if model.strip() not in connection.models:
        listed = ", ".join(connection.models)
        raise ValidationFailed(
            [FieldError("model", f"choose one of the connection's models: {listed}")]
        )


async def open_generator(
    ctx: ServiceContext, organization_id: int, choice: GeneratorModel
) -> MeteredProvider | str:
    """The metered provider of the generator's model, or why it cannot be called. Close
    it after."""
    if choice.connection_ref is None or choice.model is None:
        return NO_MODEL_REASON
    row = await usable_connection(
        ctx, organization_id, choice.connection_ref, choice.model, whose="the generator's model"
    )
    if isinstance(row, str):
        return row
    try:
        spec = connection_spec(ctx.settings, row)
    except KeyDecryptionFailed as failure:
        return str(failure)
    timeouts, retry = provider_settings(ctx.settings)
    inner = build_provider(spec, prices=ctx.settings.price_table(), timeouts=timeouts, retry=retry)
    return metering.metered(
        ctx.sessionmaker, inner, organization_id=organization_id, helper=metering.GENERATOR_HELPER
    )
