"""The cases of one dataset version, computed from change rows in one indexed query.

Per case, the newest change at or below the version wins; a NULL revision is a
removal. The primary key ``(dataset_id, case_id, version)`` serves
``DISTINCT ON (case_id) … ORDER BY case_id, version DESC`` directly, and the
keyset (``case_id > cursor``) lets a page stop after ``limit`` cases.
"""

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


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
    case_created_at: Any
    revision_created_at: Any
    changed_in_version: int


@dataclass
class _Sql:
    where: list[str] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


_LATEST = """
    SELECT DISTINCT ON (vc.case_id) vc.case_id, vc.revision_id, vc.version
    FROM version_changes vc
    WHERE vc.dataset_id = :dataset_id AND vc.version <= :version {case_where}
    ORDER BY vc.case_id, vc.version DESC
"""

_COLUMNS = """
    latest.case_id, r.id AS revision_id, r.revision, r.content, r.reference_verified,
    c.source, c.source_run_id, c.source_conversation_id, c.source_message_id,
    c.created_at AS case_created_at, r.created_at AS revision_created_at,
    latest.version AS changed_in_version
"""


def _filters(where: CaseFilter) -> _Sql:
    sql = _Sql()
    if where.tag:
        sql.where.append(":tag = ANY(r.tags)")
        sql.params["tag"] = where.tag
    if where.source:
        sql.where.append("c.source = :source")
        sql.params["source"] = where.source
    if where.search:
        sql.where.append("r.search_text LIKE :search")
        escaped = where.search.lower().replace("\\", "\\\\").replace("%", r"\%").replace("_", r"\_")
        sql.params["search"] = f"%{escaped}%"
    if where.question_key is not None:
        sql.where.append("r.question_key = :question_key")
        sql.params["question_key"] = where.question_key
    return sql


def _case_where(where: CaseFilter, after: int | None, params: dict[str, Any]) -> str:
    parts = []
    if after is not None:
        parts.append("AND vc.case_id > :after")
        params["after"] = after
    if where.case_ids is not None:
        parts.append("AND vc.case_id = ANY(:case_ids)")
        params["case_ids"] = list(where.case_ids)
    return " ".join(parts)


async def cases_at_version(
    session: AsyncSession,
    dataset_id: int,
    version: int,
    *,
    where: CaseFilter | None = None,
    after: int | None = None,
    limit: int | None = None,
) -> list[CaseRow]:
    where = where or CaseFilter()
    sql = _filters(where)
    params: dict[str, Any] = {"dataset_id": dataset_id, "version": version, **sql.params}
    latest = _LATEST.format(case_where=_case_where(where, after, params))
    conditions = " AND ".join(["latest.revision_id IS NOT NULL", *sql.where])
    query = f"""
        SELECT {_COLUMNS}
        FROM ({latest}) latest
        JOIN case_revisions r ON r.id = latest.revision_id
        JOIN dataset_cases c ON c.id = latest.case_id
        WHERE {conditions}
        ORDER BY latest.case_id
        {"LIMIT :limit" if limit is not None else ""}
    """  # noqa: S608 — every value is a bound parameter; only fixed fragments are joined
    if limit is not None:
        params["limit"] = limit
    rows = (await session.execute(text(query), params)).mappings().all()
    return [CaseRow(**row) for row in rows]


async def count_cases_at_version(
    session: AsyncSession, dataset_id: int, version: int, where: CaseFilter | None = None
) -> int:
    where = where or CaseFilter()
    sql = _filters(where)
    params: dict[str, Any] = {"dataset_id": dataset_id, "version": version, **sql.params}
    latest = _LATEST.format(case_where=_case_where(where, None, params))
    conditions = " AND ".join(["latest.revision_id IS NOT NULL", *sql.where])
    joins = ""
    if sql.where:
        joins = """JOIN case_revisions r ON r.id = latest.revision_id
                   JOIN dataset_cases c ON c.id = latest.case_id"""
    query = f"SELECT count(*) FROM ({latest}) latest {joins} WHERE {conditions}"  # noqa: S608
    return int((await session.execute(text(query), params)).scalar_one())


async def tags_at_version(
    session: AsyncSession, dataset_id: int, version: int, limit: int
) -> list[str]:
    """Every tag the cases of a version carry, alphabetically."""
    latest = _LATEST.format(case_where="")
    query = f"""
        SELECT DISTINCT tag FROM ({latest}) latest
        JOIN case_revisions r ON r.id = latest.revision_id, unnest(r.tags) AS tag
        WHERE latest.revision_id IS NOT NULL
        ORDER BY tag LIMIT :limit
    """  # noqa: S608 — fixed fragments only; values are bound
    rows = await session.execute(
        text(query), {"dataset_id": dataset_id, "version": version, "limit": limit}
    )
    return [row[0] for row in rows]
