"""Writing a new dataset version: the one path every add, edit, removal and import takes.

``open_version`` locks the dataset row, so version numbers are assigned one at
a time and never shared or skipped. A ``VersionWriter`` collects the changes;
``finish`` stores them with COPY (one case or ten thousand take the same path),
counts the revisions against the organization's cap, and writes the version.
"""

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.case_content import content_to_json, search_text
from casebook.db.models import Dataset, DatasetVersion
from casebook.db.queries.cases_at_version import count_cases_at_version
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.cases import DATASET_MAX_CASES
from casebook.domain.cases.model import CaseContent
from casebook.domain.cases.twins import question_key
from casebook.services.kernel import sharing
from casebook.services.kernel.errors import LimitExceededError

DATASET_KIND = "dataset"


@dataclass(frozen=True)
class SourceLink:
    run_id: int | None = None
    conversation_id: int | None = None
    message_id: int | None = None


@dataclass
class _NewRevision:
    case_id: int
    revision: int
    content: CaseContent
    revision_id: int = 0


@dataclass
class _NewCase:
    source: str
    link: SourceLink
    content: CaseContent
    case_id: int = 0


@dataclass
class VersionWriter:
    session: AsyncSession
    actor: Actor
    dataset: Dataset
    max_revisions_per_org: int
    version: int = 0
    new_cases: list[_NewCase] = field(default_factory=list)
    revisions: list[_NewRevision] = field(default_factory=list)
    removals: list[int] = field(default_factory=list)

    def add(self, content: CaseContent, *, source: str, link: SourceLink | None = None) -> _NewCase:
        new = _NewCase(source, link or SourceLink(), content)
        self.new_cases.append(new)
        return new

    def revise(self, case_id: int, revision: int, content: CaseContent) -> _NewRevision:
        new = _NewRevision(case_id, revision, content)
        self.revisions.append(new)
        return new

    def remove(self, case_id: int) -> None:
        self.removals.append(case_id)

    async def finish(self, action: str, summary: dict[str, Any]) -> DatasetVersion:
        assert self.dataset.id is not None
        previous = self.dataset.latest_version
        count_before = await count_cases_at_version(self.session, self.dataset.id, previous)
        count_after = count_before + len(self.new_cases) - len(self.removals)
        if count_after > DATASET_MAX_CASES:
            raise LimitExceededError(
                f"a dataset holds at most {DATASET_MAX_CASES:,} cases; it has {count_before:,} "
                f"and this would add {len(self.new_cases):,}",
                "cases",
            )
        stored_revisions = len(self.new_cases) + len(self.revisions)
        if stored_revisions:
            await self._reserve_revisions(stored_revisions)
        self.version = previous + 1
        await self._insert()
        row = DatasetVersion(
            dataset_id=self.dataset.id,
            version=self.version,
            action=action,
            summary=summary,
            case_count=count_after,
            created_by_user_id=self.actor.user_id,
        )
        self.session.add(row)
        self.dataset.latest_version = self.version
        self.dataset.updated_at = datetime.now(UTC)
        await self.session.flush()
        return row

    async def _reserve_revisions(self, n: int) -> None:
        stored = (
            await self.session.execute(
                text(
                    """INSERT INTO organization_usage (organization_id, case_revisions)
                       VALUES (:org, :n)
                       ON CONFLICT (organization_id)
                       DO UPDATE SET case_revisions = organization_usage.case_revisions + :n
                       RETURNING case_revisions"""
                ),
                {"org": self.actor.organization_id, "n": n},
            )
        ).scalar_one()
        cap = self.max_revisions_per_org
        if stored > cap:
            raise LimitExceededError(
                f"this organization's datasets store {stored - n:,} case revisions, and at most "
                f"{cap:,} are allowed (DATASET_MAX_VERSION_ROWS_PER_ORG); remove a dataset "
                "to free its revisions",
                "cases",
            )

    async def _reserve_ids(self, table: str, n: int) -> list[int]:
        if n == 0:
            return []
        rows = await self.session.execute(
            text("SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"),
            {"t": table, "n": n},
        )
        return [int(r[0]) for r in rows]

    async def _insert(self) -> None:
        assert self.dataset.id is not None
        dataset_id, org_id, user_id = (
            self.dataset.id,
            self.actor.organization_id,
            self.actor.user_id,
        )
        for new, case_id in zip(
            self.new_cases,
            await self._reserve_ids("dataset_cases", len(self.new_cases)),
            strict=True,
        ):
            new.case_id = case_id
            self.revisions.append(_NewRevision(case_id, 1, new.content))
        for rev, rev_id in zip(
            self.revisions,
            await self._reserve_ids("case_revisions", len(self.revisions)),
            strict=True,
        ):
            rev.revision_id = rev_id
        connection = await _raw(self.session)
        if self.new_cases:
            await connection.copy_records_to_table(
                "dataset_cases",
                columns=[
                    "id",
                    "dataset_id",
                    "source",
                    "source_run_id",
                    "source_conversation_id",
                    "source_message_id",
                    "created_by_user_id",
                ],
                records=[
                    (
                        c.case_id,
                        dataset_id,
                        c.source,
                        c.link.run_id,
                        c.link.conversation_id,
                        c.link.message_id,
                        user_id,
                    )
                    for c in self.new_cases
                ],
            )
        if self.revisions:
            await connection.copy_records_to_table(
                "case_revisions",
                columns=[
                    "id",
                    "case_id",
                    "dataset_id",
                    "organization_id",
                    "revision",
                    "content",
                    "question_key",
                    "tags",
                    "search_text",
                    "reference_verified",
                    "created_by_user_id",
                ],
                records=[
                    (
                        r.revision_id,
                        r.case_id,
                        dataset_id,
                        org_id,
                        r.revision,
                        orjson.dumps(content_to_json(r.content)).decode(),
                        question_key(r.content.input),
                        list(r.content.tags),
                        search_text(r.content),
                        r.content.reference_verified,
                        user_id,
                    )
                    for r in self.revisions
                ],
            )
        changes: list[tuple[int, int, int, int | None]] = [
            (dataset_id, r.case_id, self.version, r.revision_id) for r in self.revisions
        ]
        changes += [(dataset_id, case_id, self.version, None) for case_id in self.removals]
        if changes:
            await connection.copy_records_to_table(
                "version_changes",
                columns=["dataset_id", "case_id", "version", "revision_id"],
                records=changes,
            )


async def _raw(session: AsyncSession) -> Any:
    """The asyncpg connection under the session's transaction (for COPY)."""
    connection = await session.connection()
    raw = await connection.get_raw_connection()
    return raw.driver_connection


async def open_version(
    session: AsyncSession, actor: Actor, dataset_id: int, max_revisions_per_org: int
) -> VersionWriter:
    """Lock the dataset for a new version, after checking the actor may edit it."""
    # populate_existing: a row this session read before the lock is read again under it.
    locked = (
        select(Dataset)
        .where(Dataset.id == dataset_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    dataset = (await session.execute(locked)).scalar_one_or_none()
    await sharing.authorize(session, actor, DATASET_KIND, dataset, Permission.DATASETS_EDIT)
    assert dataset is not None
    return VersionWriter(session, actor, dataset, max_revisions_per_org)
