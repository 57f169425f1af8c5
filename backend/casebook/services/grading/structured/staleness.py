"""Stale structured scores (spec: structured-scoring, "A reference is required").

"If the reference is edited later - or the scenario's scoring configuration
changes - existing scores are marked stale until they are scored again." A
score records what its structured result was computed from: the **reference
revision** and the **structured configuration hash**
(``domain.structured.structured_config_hash``). Staleness is never stored: it
is read by comparing that record with the case and the dataset as they are
now, so it cannot drift from them, and a stale score is kept, not deleted.

**The reference revision** of a case revision is the revision that brought in
its reference answer as it reads there: walking back from it, the oldest
revision in an unbroken run with the same reference text. Editing the
reference (even marking a new text as verified) starts a new run; editing the
case's tags, checks or question does not, and neither does verifying or
unverifying the same text. The current one is read in the dataset's newest
version; a case no longer in it has nothing to be compared with now, and its
scores read as they were.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.case_content import content_from_json
from casebook.db.models import Dataset, Score
from casebook.db.queries.reference_history import reference_histories
from casebook.domain.access.catalog import Permission
from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.structured_scorer import STRUCTURED
from casebook.domain.structured import ScoreBasis, is_stale, structured_config_hash
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.structured.default_model import scored_with
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext

REFERENCE_EDITED = "the case's reference answer was edited since this score was computed"
CONFIG_CHANGED = "the dataset's structured scoring configuration changed since this score"


@dataclass(frozen=True)
class CaseReference:
    """A case as the newest version holds it, and the revision its reference came in."""

    case_id: int
    revision_id: int
    revision: int
    reference_revision_id: int
    content: CaseContent


@dataclass(frozen=True)
class StructuredNow:
    """What structured results of a dataset compare with now: the configuration hash (None
    when the dataset never set the scorer up) and each case's reference revision."""

    config_hash: str | None
    reference_revisions: dict[int, int]

    def stale_reasons(self, score: Score) -> list[str]:
        """Why the score's structured result is stale; empty when it is fresh or it has none."""
        scored_revision, scored_hash = (
            score.structured_reference_revision_id,
            score.structured_config_hash,
        )
        if scored_revision is None or scored_hash is None:
            return []
        now = ScoreBasis(
            self.reference_revisions.get(score.case_id, scored_revision),
            self.config_hash or scored_hash,
        )
        if not is_stale(ScoreBasis(scored_revision, scored_hash), now):
            return []
        reasons = []
        if now.reference_revision_id != scored_revision:
            reasons.append(REFERENCE_EDITED)
        if now.config_hash != scored_hash:
            reasons.append(CONFIG_CHANGED)
        return reasons

    def stale_scorers(self, score: Score) -> tuple[str, ...]:
        return (STRUCTURED,) if self.stale_reasons(score) else ()


def reference_revision(
    history: Sequence[tuple[int, int, str | None]], current_revision: int
) -> int | None:
    """The id of the revision that brought in the reference ``current_revision`` holds.

    ``history`` holds (revision number, revision id, digest of the reference text)
    of one case, newest first."""
    found: int | None = None
    current_digest: str | None = None
    for revision, revision_id, digest in history:
        if revision > current_revision:
            continue
        if found is None:
            current_digest = digest
        elif digest != current_digest:
            break
        found = revision_id
    return found


async def references_at(
    session: AsyncSession, dataset_id: int, version: int, case_ids: Iterable[int]
) -> dict[int, CaseReference]:
    """The cases among ``case_ids`` as ``version`` holds them, each with the revision its
    reference came in; one statement."""
    histories = await reference_histories(session, dataset_id, version, case_ids)
    found: dict[int, CaseReference] = {}
    for case_id, held in histories.items():
        introduced = reference_revision(held.history, held.revision)
        found[case_id] = CaseReference(
            case_id=case_id,
            revision_id=held.revision_id,
            revision=held.revision,
            reference_revision_id=introduced if introduced is not None else held.revision_id,
            content=content_from_json(held.content),
        )
    return found


async def references_now(
    session: AsyncSession, dataset: Dataset, case_ids: Iterable[int]
) -> dict[int, CaseReference]:
    """The cases of the newest version among ``case_ids``, each with its reference revision."""
    if dataset.latest_version == 0:
        return {}
    assert dataset.id is not None
    return await references_at(session, dataset.id, dataset.latest_version, case_ids)


async def current_config_hash(session: AsyncSession, dataset: Dataset) -> str | None:
    settings = await scored_with(session, dataset)
    return structured_config_hash(settings) if settings is not None else None


async def structured_now_in(
    session: AsyncSession, dataset: Dataset, case_ids: Iterable[int]
) -> StructuredNow:
    references = await references_now(session, dataset, case_ids)
    return StructuredNow(
        await current_config_hash(session, dataset),
        {case_id: found.reference_revision_id for case_id, found in references.items()},
    )


async def structured_now(
    ctx: ServiceContext, dataset_id: int, case_ids: Iterable[int]
) -> StructuredNow:
    """For a reader of the dataset's scores (``datasets:view``): what staleness compares with."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        return await structured_now_in(session, dataset, case_ids)
