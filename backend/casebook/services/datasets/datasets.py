"""Datasets: create, list, read, rename/describe, delete. Sharing is in services/sharing."""

from datetime import UTC, datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import CaseRevision, Dataset, OrganizationUsage
from casebook.db.pagination import Page, keyset_page
from casebook.domain.access.catalog import Permission, Visibility
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, ServiceError
from casebook.services.kernel.stored_text import stored_name, stored_text

NAME_MAX = 200
DESCRIPTION_MAX = 5_000


def _clean_name(name: str) -> str:
    cleaned = stored_name(name)
    if not cleaned:
        raise BadUserInput.at("name", "a dataset needs a name")
    if len(cleaned) > NAME_MAX:
        raise BadUserInput.at("name", f"must be at most {NAME_MAX} characters")
    return cleaned


def _clean_description(description: str) -> str:
    if len(description) > DESCRIPTION_MAX:
        raise BadUserInput.at("description", f"must be at most {DESCRIPTION_MAX} characters")
    return stored_text(description.strip())


async def create_dataset(
    ctx: ServiceContext, *, name: str, description: str = "", private: bool = False
) -> Dataset:
    async with ctx.transaction() as session:
        return await start_dataset(
            ctx, session, name=name, description=description, private=private
        )


async def start_dataset(
    ctx: ServiceContext,
    session: AsyncSession,
    *,
    name: str,
    description: str = "",
    private: bool = False,
    name_path: str = "name",
) -> Dataset:
    """A new dataset in the caller's transaction, audited; visible to the organization
    unless started private."""
    actor = ctx.require_actor()
    sharing.ensure_can_create(actor, DATASET_KIND)
    try:
        cleaned = _clean_name(name)
    except BadUserInput as refused:
        raise BadUserInput.at(name_path, refused.errors[0].message) from None
    dataset = Dataset(
        organization_id=actor.organization_id,
        name=cleaned,
        description=_clean_description(description),
        owner_user_id=actor.user_id,
        visibility=(Visibility.PRIVATE if private else Visibility.ORGANIZATION).value,
        updated_at=datetime.now(UTC),
    )
    session.add(dataset)
    await session.flush()
    await audit.record(
        session,
        actor,
        "dataset.create",
        resource_type=DATASET_KIND,
        resource_id=dataset.id,
        summary={"name": dataset.name, "visibility": dataset.visibility},
        request_id=ctx.request_id,
    )
    return dataset


async def get_dataset(ctx: ServiceContext, dataset_id: int) -> Dataset:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
    return dataset


async def datasets_by_id(
    ctx: ServiceContext, dataset_ids: list[int]
) -> list[Dataset | ServiceError]:
    """Each dataset the actor may see, else why not; one statement for those the request
    has not read yet."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        found = await sharing.authorize_many(
            session, actor, DATASET_KIND, dataset_ids, Permission.DATASETS_VIEW
        )
    return [found[dataset_id] for dataset_id in dataset_ids]


async def list_datasets(
    ctx: ServiceContext,
    *,
    first: int,
    after: str | None,
    search: str | None = None,
    editable: bool = False,
) -> Page[Dataset]:
    """Datasets the actor may see - or, ``editable``, only those it may edit (the datasets
    Add to dataset offers)."""
    actor = ctx.require_actor()
    permission = Permission.DATASETS_EDIT if editable else Permission.DATASETS_VIEW
    query = select(Dataset).where(sharing.visible_clause(actor, DATASET_KIND, permission))
    if search:
        query = query.where(func.lower(Dataset.name).contains(search.lower().strip()))
    async with ctx.reading() as session:
        return await keyset_page(
            session, query, Dataset.id, first=first, after=after, descending=True, with_total=True
        )


async def update_details(
    ctx: ServiceContext, dataset_id: int, *, name: str | None, description: str | None
) -> Dataset:
    """Rename or describe: never a new version, since neither changes a case."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT, for_update=True
        )
        changes: dict[str, str] = {}
        if name is not None and _clean_name(name) != dataset.name:
            dataset.name = changes["name"] = _clean_name(name)
        if description is not None and _clean_description(description) != dataset.description:
            dataset.description = changes["description"] = _clean_description(description)
        if changes:
            dataset.updated_at = datetime.now(UTC)
            await audit.record(
                session,
                actor,
                "dataset.update_details",
                resource_type=DATASET_KIND,
                resource_id=dataset_id,
                summary={"changed": sorted(changes)},
                request_id=ctx.request_id,
            )
    return dataset


async def delete_dataset(ctx: ServiceContext, dataset_id: int) -> None:
    """Delete a dataset and every revision it stored, freeing them from the organization's cap."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT, for_update=True
        )
        freed = (
            await session.execute(select(func.count()).where(CaseRevision.dataset_id == dataset_id))
        ).scalar_one()
        await session.execute(delete(CaseRevision).where(CaseRevision.dataset_id == dataset_id))
        await session.delete(dataset)
        await session.execute(
            update(OrganizationUsage)
            .where(OrganizationUsage.organization_id == actor.organization_id)
            .values(case_revisions=func.greatest(OrganizationUsage.case_revisions - freed, 0))
        )
        await audit.record(
            session,
            actor,
            "dataset.delete",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={"name": dataset.name, "freed_revisions": freed},
            request_id=ctx.request_id,
        )
