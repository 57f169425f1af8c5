"""Writing a new dataset version: the one path every add, edit, removal and import takes.

``open_version`` locks the dataset row, so version numbers are assigned one at
a time and never shared or skipped. A ``VersionWriter`` collects the changes;
``finish`` stores them with COPY (one case or ten thousand take the same path),
counts the revisions against the organization's cap, and writes the version.
``store_pending`` stores what was collected so far, in the same transaction, for a
writer that goes on collecting (an import, chunk by chunk).
"""

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.case_content import content_to_json, search_text
from casebook.db.models import CaseRevision, Dataset, DatasetCase, DatasetVersion, VersionChange
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.cases import DATASET_MAX_CASES
from casebook.domain.cases.model import CaseContent
from casebook.domain.cases.twins import question_key
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.bulk import copy_rows, raw_connection, reserve_ids
from casebook.services.kernel.errors import LimitExceededError


@dataclass(frozen=True)
class SourceLink:
    """Where a case came from: a case from a conversation its run, conversation and reply
    message; a generated case, as its draft, the question it varies (and its conversation)
    or the knowledge document and passage it cites."""

    run_id: int | None = None
    conversation_id: int | None = None
    message_id: int | None = None
    question_message_id: int | None = None
    document_id: int | None = None
    passage_id: str | None = None


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


@dataclass(frozen=True)
class _Stored:
    """How many of a writer's changes of each kind are stored already."""

    new_cases: int
    revisions: int
    removals: int


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
    # The case count of the version before, read when the first changes are stored.
    _count_before: int | None = None
    _stored: _Stored = field(default_factory=lambda: _Stored(0, 0, 0))

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

    async def store_pending(self) -> None:
        """Store the changes made since the last call, inside the version's transaction,
        with the same bounds ``finish`` holds them to: an import stores each chunk of its
        file while the next is read. Nothing is seen outside the transaction before
        ``finish`` and its commit; a refusal later undoes it all."""
        assert self.dataset.id is not None
        if self._count_before is None:
            self._count_before = await self._stored_count(self.dataset.latest_version)
            self.version = self.dataset.latest_version + 1
        new_cases = self.new_cases[self._stored.new_cases :]
        revisions = self.revisions[self._stored.revisions :]
        removals = self.removals[self._stored.removals :]
        if self._count_after() > DATASET_MAX_CASES:
            raise LimitExceededError(
                f"a dataset holds at most {DATASET_MAX_CASES:,} cases; it has "
                f"{self._count_before:,} and this would add {len(self.new_cases):,}",
                "cases",
            )
        if new_cases or revisions:
            await self._reserve_revisions(len(new_cases) + len(revisions))
        await self._insert(new_cases, revisions, removals)
        self._stored = _Stored(len(self.new_cases), len(self.revisions), len(self.removals))

    async def finish(self, action: str, summary: dict[str, Any]) -> DatasetVersion:
        assert self.dataset.id is not None
        await self.store_pending()
        row = DatasetVersion(
            dataset_id=self.dataset.id,
            version=self.version,
            action=action,
            summary=summary,
            case_count=self._count_after(),
            created_by_user_id=self.actor.user_id,
        )
        self.session.add(row)
        self.dataset.latest_version = self.version
        self.dataset.updated_at = datetime.now(UTC)
        await self.session.flush()
        return row

    def _count_after(self) -> int:
        assert self._count_before is not None
        return self._count_before + len(self.new_cases) - len(self.removals)

    async def _stored_count(self, version: int) -> int:
        """How many cases a version holds, as it stored when it was written."""
        if version == 0:
            return 0
        assert self.dataset.id is not None
        stored = await self.session.get(DatasetVersion, (self.dataset.id, version))
        assert stored is not None, "every version up to the latest is stored"
        return stored.case_count

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

    async def _insert(
        self, new_cases: list[_NewCase], revisions: list[_NewRevision], removals: list[int]
    ) -> None:
        assert self.dataset.id is not None
        dataset_id, org_id, user_id = (
            self.dataset.id,
            self.actor.organization_id,
            self.actor.user_id,
        )
        # A new case's first revision is stored beside the revisions of cases edited.
        revisions = [*revisions]
        for new, case_id in zip(
            new_cases,
            await reserve_ids(self.session, _cases.id, len(new_cases)),
            strict=True,
        ):
            new.case_id = case_id
            revisions.append(_NewRevision(case_id, 1, new.content))
        for rev, rev_id in zip(
            revisions,
            await reserve_ids(self.session, _revisions.id, len(revisions)),
            strict=True,
        ):
            rev.revision_id = rev_id
        connection = await raw_connection(self.session)
        if new_cases:
            await copy_rows(
                connection,
                _NEW_CASE_COLUMNS,
                [
                    (
                        c.case_id,
                        dataset_id,
                        c.source,
                        c.link.run_id,
                        c.link.conversation_id,
                        c.link.message_id,
                        c.link.question_message_id,
                        c.link.document_id,
                        c.link.passage_id,
                        user_id,
                    )
                    for c in new_cases
                ],
            )
        if revisions:
            await copy_rows(
                connection,
                _REVISION_COLUMNS,
                [
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
                    for r in revisions
                ],
            )
        changes: list[tuple[int, int, int, int | None]] = [
            (dataset_id, r.case_id, self.version, r.revision_id) for r in revisions
        ]
        changes += [(dataset_id, case_id, self.version, None) for case_id in removals]
        if changes:
            await copy_rows(connection, _CHANGE_COLUMNS, changes)


_cases = DatasetCase.__table__.c  # type: ignore[attr-defined]
_revisions = CaseRevision.__table__.c  # type: ignore[attr-defined]
_changes = VersionChange.__table__.c  # type: ignore[attr-defined]
# The columns each COPY fills, in the order of its records, named by the tables' metadata.
_NEW_CASE_COLUMNS = (
    _cases.id,
    _cases.dataset_id,
    _cases.source,
    _cases.source_run_id,
    _cases.source_conversation_id,
    _cases.source_message_id,
    _cases.source_question_message_id,
    _cases.source_document_id,
    _cases.source_passage_id,
    _cases.created_by_user_id,
)
_REVISION_COLUMNS = (
    _revisions.id,
    _revisions.case_id,
    _revisions.dataset_id,
    _revisions.organization_id,
    _revisions.revision,
    _revisions.content,
    _revisions.question_key,
    _revisions.tags,
    _revisions.search_text,
    _revisions.reference_verified,
    _revisions.created_by_user_id,
)
_CHANGE_COLUMNS = (_changes.dataset_id, _changes.case_id, _changes.version, _changes.revision_id)


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
