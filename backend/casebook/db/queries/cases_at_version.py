"""The cases of one dataset version, computed from change rows in one indexed query.

Per case, the newest change at or below the version wins; a NULL revision is a
removal. The primary key ``(dataset_id, case_id, version)`` serves
``DISTINCT ON (case_id) … ORDER BY case_id, version DESC`` directly, and the
keyset (``case_id > cursor``) lets a page stop after ``limit`` cases.

``cases_at_keys`` reads many cases, each at its own version, in one statement:
a score's case is the case at the version it was graded in.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Integer,
    Select,
    Subquery,
    and_,
    column,
    func,
    literal,
    or_,
    select,
    true,
)
from sqlalchemy.dialects.postgresql import ARRAY, distinct_on
from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.models import CaseRevision, Dataset, DatasetCase, VersionChange

_changes = VersionChange.__table__.c  # type: ignore[attr-defined]
_revisions = CaseRevision.__table__.c  # type: ignore[attr-defined]
_cases = DatasetCase.__table__.c  # type: ignore[attr-defined]
_datasets = Dataset.__table__.c  # type: ignore[attr-defined]


@dataclass(frozen=True)
class CaseFilter:
    tag: str | None = None
    source: str | None = None
    search: str | None = None
    question_key: str | None = None
    case_ids: tuple[int, ...] | None = None


@dataclass(frozen=True)
class CaseRow:
    case_id: int
    revision_id: int
    revision: int
    content: dict[str, Any]
    reference_verified: bool
    source: str
    source_run_id: int | None
    source_conversation_id: int | None
    source_message_id: int | None
    source_question_message_id: int | None
    source_document_id: int | None
    source_passage_id: str | None
    case_created_at: Any
    revision_created_at: Any
    changed_in_version: int
    # Set when the person who asked it was erased ("Anonymised after erasure").
    anonymised_at: Any = None


def _row_columns(latest: Any) -> list[Any]:
    """CaseRow's columns, in its order, from a subquery naming the change it reads."""
    return [
        latest.c.case_id,
        _revisions.id.label("revision_id"),
        _revisions.revision,
        _revisions.content,
        _revisions.reference_verified,
        _cases.source,
        _cases.source_run_id,
        _cases.source_conversation_id,
        _cases.source_message_id,
        _cases.source_question_message_id,
        _cases.source_document_id,
        _cases.source_passage_id,
        _cases.created_at.label("case_created_at"),
        _revisions.created_at.label("revision_created_at"),
        latest.c.version.label("changed_in_version"),
        _cases.anonymised_at,
    ]


def latest_changes(
    dataset_id: int, version: int, where: CaseFilter, after: int | None = None
) -> Subquery:
    """Per case, the newest change at or below the version (a removal included)."""
    query = (
        select(_changes.case_id, _changes.revision_id, _changes.version)
        .ext(distinct_on(_changes.case_id))
        .where(_changes.dataset_id == dataset_id, _changes.version <= version)
        .order_by(_changes.case_id, _changes.version.desc())
    )
    if after is not None:
        query = query.where(_changes.case_id > after)
    if where.case_ids is not None:
        query = query.where(_changes.case_id.in_(where.case_ids))
    return query.subquery("latest")


def _like_pattern(text: str) -> str:
    escaped = text.lower().replace("\\", "\\\\").replace("%", r"\%").replace("_", r"\_")
    return f"%{escaped}%"


def _content_filters(
    where: CaseFilter, readable: ColumnElement[bool] | None = None
) -> list[ColumnElement[bool]]:
    """Conditions on the revision and the case (both joined). ``readable`` says of a case
    whether the reader reads its text: the text search and the question match read the
    text of those alone, and of the others only what is never masked (their tags)."""
    found: list[ColumnElement[bool]] = []
    if where.tag:
        found.append(literal(where.tag) == func.any(_revisions.tags))
    if where.source:
        found.append(_cases.source == where.source)
    if where.search:
        pattern = _like_pattern(where.search)
        in_text = _revisions.search_text.like(pattern, escape="\\")
        if readable is not None:
            in_tags = func.lower(func.array_to_string(_revisions.tags, " ")).like(
                pattern, escape="\\"
            )
            in_text = or_(and_(readable, in_text), in_tags)
        found.append(in_text)
    if where.question_key is not None:
        same_question = _revisions.question_key == where.question_key
        found.append(same_question if readable is None else and_(readable, same_question))
    return found


def _joined(latest: Subquery, columns: Sequence[Any]) -> Select[Any]:
    return (
        select(*columns)
        .select_from(latest)
        .join(CaseRevision.__table__, _revisions.id == latest.c.revision_id)  # type: ignore[attr-defined]
        .join(DatasetCase.__table__, _cases.id == latest.c.case_id)  # type: ignore[attr-defined]
    )


async def cases_at_version(
    session: AsyncSession,
    dataset_id: int,
    version: int,
    *,
    where: CaseFilter | None = None,
    after: int | None = None,
    limit: int | None = None,
    readable: ColumnElement[bool] | None = None,
) -> list[CaseRow]:
    """``readable``: whose text a text search or a question match may read (all when None)."""
    where = where or CaseFilter()
    latest = latest_changes(dataset_id, version, where, after)
    query = (
        _joined(latest, _row_columns(latest))
        .where(latest.c.revision_id.is_not(None), *_content_filters(where, readable))
        .order_by(latest.c.case_id)
    )
    if limit is not None:
        query = query.limit(limit)
    rows = (await session.execute(query)).all()
    return [CaseRow(*row) for row in rows]


async def count_cases_at_version(
    session: AsyncSession,
    dataset_id: int,
    version: int,
    where: CaseFilter | None = None,
    readable: ColumnElement[bool] | None = None,
    also: Sequence[ColumnElement[bool]] = (),
) -> int:
    """``also``: conditions on the revision and the case beside ``where``'s."""
    where = where or CaseFilter()
    latest = latest_changes(dataset_id, version, where)
    filters = [*_content_filters(where, readable), *also]
    counted = func.count().label("count")
    if filters:
        query = _joined(latest, [counted]).where(latest.c.revision_id.is_not(None), *filters)
    else:
        query = select(counted).select_from(latest).where(latest.c.revision_id.is_not(None))
    return int((await session.execute(query)).scalar_one())


async def tags_at_version(
    session: AsyncSession, dataset_id: int, version: int, limit: int
) -> list[str]:
    """Every tag the cases of a version carry, alphabetically."""
    latest = latest_changes(dataset_id, version, CaseFilter())
    tag = func.unnest(_revisions.tags).table_valued("tag").render_derived()
    query = (
        select(tag.c.tag)
        .distinct()
        .select_from(latest)
        .join(CaseRevision.__table__, _revisions.id == latest.c.revision_id)  # type: ignore[attr-defined]
        .join(tag, true())
        .order_by(tag.c.tag)
        .limit(limit)
    )
    return [row[0] for row in await session.execute(query)]


CaseKey = tuple[int, int | None]


@dataclass(frozen=True)
class KeyedCase:
    """A case asked for at a version (None: its dataset's newest); ``row`` is None when the
    version does not hold it (not added yet, or removed)."""

    dataset_id: int
    version: int
    row: CaseRow | None
    # The case's dataset row, and the values of the caller's ``with_dataset`` columns.
    dataset: Dataset
    dataset_extras: tuple[Any, ...] = ()


async def cases_at_keys(
    session: AsyncSession, keys: Sequence[CaseKey], *, with_dataset: Sequence[Any] = ()
) -> dict[CaseKey, KeyedCase]:
    """Each (case id, version) asked for with its dataset's row, in one statement; a case
    that does not exist is left out. Access is the caller's to decide, on each case's
    dataset: ``with_dataset`` are columns over the dataset row (the reader's grants on it)
    read in the same statement, so deciding costs no statement more than not finding."""
    if not keys:
        return {}
    asked = list(dict.fromkeys(keys))
    wanted = (
        func.unnest(
            literal([case_id for case_id, _ in asked], ARRAY(BigInteger)),
            literal([version for _, version in asked], ARRAY(Integer)),
        )
        .table_valued(column("case_id", BigInteger), column("version", Integer))
        .render_derived(name="wanted")
    )
    at = func.coalesce(wanted.c.version, _datasets.latest_version)
    change = (
        select(_changes.revision_id, _changes.version)
        .where(
            _changes.dataset_id == _cases.dataset_id,
            _changes.case_id == wanted.c.case_id,
            _changes.version <= at,
        )
        .order_by(_changes.version.desc())
        .limit(1)
        .lateral("latest")
    )
    change_case = change.c.revision_id.is_not(None)
    query = (
        select(
            wanted.c.case_id.label("asked_case"),
            wanted.c.version.label("asked_version"),
            _cases.dataset_id,
            at.label("at"),
            change_case.label("held"),
            _revisions.id.label("revision_id"),
            _revisions.revision,
            _revisions.content,
            _revisions.reference_verified,
            _cases.source,
            _cases.source_run_id,
            _cases.source_conversation_id,
            _cases.source_message_id,
            _cases.source_question_message_id,
            _cases.source_document_id,
            _cases.source_passage_id,
            _cases.created_at.label("case_created_at"),
            _revisions.created_at.label("revision_created_at"),
            change.c.version.label("changed_in_version"),
            _cases.anonymised_at,
            Dataset,
            *with_dataset,
        )
        .select_from(wanted)
        .join(DatasetCase.__table__, _cases.id == wanted.c.case_id)  # type: ignore[attr-defined]
        .join(Dataset.__table__, _datasets.id == _cases.dataset_id)  # type: ignore[attr-defined]
        .outerjoin(change, true())
        .outerjoin(CaseRevision.__table__, _revisions.id == change.c.revision_id)  # type: ignore[attr-defined]
    )
    found: dict[CaseKey, KeyedCase] = {}
    extras = len(with_dataset)
    for row in await session.execute(query):
        case_id, asked, dataset_id, at_version, held, *rest = row
        ends = len(rest) - extras - 1  # the case's columns, then the dataset and its extras
        found[(case_id, asked)] = KeyedCase(
            dataset_id,
            at_version,
            CaseRow(case_id, *rest[:ends]) if held else None,
            rest[ends],
            tuple(rest[ends + 1 :]),
        )
    return found
