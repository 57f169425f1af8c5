"""A dataset's scoring configuration: read it, change it, see what it covers (spec: Grading).

The configuration is not versioned with the cases; ``datasets.scoring`` holds
it, ``{}`` reading as a new dataset's defaults. An update changes only the
settings it names (``merge_scoring_update``) and needs ``datasets:edit``. A
judge model named in an update must be a saved connection of the organization
and one of its models; a connection deleted later is reported when grading,
so unrelated changes are never held up by it. The same holds for the
structured scorer's embedding and judge models (an embedding model must be an
OpenAI-compatible connection, or the local model with its extra installed).
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.db.case_content import content_from_json
from casebook.db.models import Dataset
from casebook.db.queries.cases_at_version import cases_at_version
from casebook.domain.access.catalog import Permission
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.grading.applicability import ScorerCoverage, scorer_coverage
from casebook.domain.grading.config import (
    ScoringConfig,
    add_default_check_patch,
    add_rubric_criterion_patch,
    yes_no_grading_patch,
)
from casebook.domain.grading.config_merge import merge_scoring_update, read_scoring_config
from casebook.domain.grading.rule_suggestion import suggest_rule
from casebook.domain.grading.structured_scorer import STRUCTURED, structured_settings
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.review.decision import rubric_criterion
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.grading.structured.models import check_model_choice
from casebook.services.kernel import audit, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput
from casebook.services.kernel.stored_text import stored_scoring
from casebook.services.models.connections import find_connection, parse_connection_ref

CRITERION_MAX_CHARS = 1_000


@dataclass(frozen=True)
class ScoringView:
    dataset_id: int
    config: ScoringConfig


async def get_scoring(ctx: ServiceContext, dataset_id: int) -> ScoringView:
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
    return ScoringView(dataset_id, read_scoring_config(dataset.scoring))


async def _newest_cases(session: AsyncSession, dataset: Dataset) -> dict[str, CaseContent]:
    if dataset.latest_version == 0:
        return {}
    assert dataset.id is not None
    rows = await cases_at_version(session, dataset.id, dataset.latest_version)
    return {str(row.case_id): content_from_json(row.content) for row in rows}


async def coverage(
    ctx: ServiceContext, dataset_id: int, unsaved_patch: JSONObject | None = None
) -> ScorerCoverage:
    """What each scorer reads across the newest version, and the cases nothing grades -
    of the stored configuration, or of it with a change not yet saved."""
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_VIEW
        )
        config = merge_scoring_update(dataset.scoring, unsaved_patch or {})
        cases = await _newest_cases(session, dataset)
    return scorer_coverage(config, cases)


def _names_the_model(patch: JSONObject) -> bool:
    judge = patch.get("judge")
    return isinstance(judge, dict) and ("model_connection_id" in judge or "model" in judge)


async def _check_judge_model(
    session: AsyncSession, organization_id: int, config: ScoringConfig
) -> None:
    judge = config.judge
    if judge.model_connection_id is None:
        if judge.model is not None:
            raise ValidationFailed(
                [FieldError("judge.model_connection_id", "a model is named on a saved connection")]
            )
        return
    connection_id = parse_connection_ref(judge.model_connection_id)
    connection = (
        await find_connection(session, organization_id, connection_id)
        if connection_id is not None
        else None
    )
    if connection is None:
        raise ValidationFailed(
            [FieldError("judge.model_connection_id", "is not a saved model of this organization")]
        )
    if judge.model not in connection.models:
        listed = ", ".join(connection.models)
        raise ValidationFailed(
            [FieldError("judge.model", f"choose one of the connection's models: {listed}")]
        )


def _structured_models_named(patch: JSONObject) -> list[str]:
    section = patch.get(STRUCTURED)
    if not isinstance(section, dict):
        return []
    return [name for name in ("embedding_model", "judge_model") if name in section]


def _settings_named(patch: JSONObject) -> list[str]:
    named: list[str] = []
    for section, settings in patch.items():
        if isinstance(settings, dict):
            named.extend(f"{section}.{name}" for name in settings)
        else:
            named.append(section)
    return sorted(named)


def _with_yes_no_grading(patch: JSONObject) -> JSONObject:
    judge = patch.get("judge")
    given = judge if isinstance(judge, dict) else {}
    yes_no = yes_no_grading_patch()["judge"]
    assert isinstance(yes_no, dict)
    return {**patch, "judge": {**given, **yes_no}}


async def _change(
    ctx: ServiceContext, dataset_id: int, patch_of: Callable[[ScoringConfig], JSONObject]
) -> ScoringView:
    """One change under the dataset's row lock; ``patch_of`` reads the stored configuration."""
    actor = ctx.require_actor()
    async with ctx.transaction() as session:
        dataset: Dataset = await sharing.load_authorized(
            session, actor, DATASET_KIND, dataset_id, Permission.DATASETS_EDIT, for_update=True
        )
        patch = patch_of(read_scoring_config(dataset.scoring))
        config = merge_scoring_update(dataset.scoring, patch)
        if _names_the_model(patch):
            await _check_judge_model(session, actor.organization_id, config)
        settings = structured_settings(config)
        for name in _structured_models_named(patch):
            choice = getattr(settings, name) if settings is not None else None
            await check_model_choice(
                session,
                actor.organization_id,
                f"{STRUCTURED}.{name}",
                choice,
                embeddings=name == "embedding_model",
            )
        dataset.scoring = stored_scoring(config.to_json())
        config = read_scoring_config(dataset.scoring)
        dataset.updated_at = datetime.now(UTC)
        await audit.record(
            session,
            actor,
            "dataset.scoring",
            resource_type=DATASET_KIND,
            resource_id=dataset_id,
            summary={"changed": _settings_named(patch)},
            request_id=ctx.request_id,
        )
    return ScoringView(dataset_id, config)


async def update_scoring(
    ctx: ServiceContext, dataset_id: int, patch: JSONObject, *, use_yes_no_grading: bool = False
) -> ScoringView:
    """Change the settings the patch names; ``use_yes_no_grading`` sets a scale of 2 passing
    at 2 as well. Refusals name the setting (``judge.pass_at``); nothing is changed then."""
    given = _with_yes_no_grading(patch) if use_yes_no_grading else patch
    return await _change(ctx, dataset_id, lambda _: given)


async def add_default_check(ctx: ServiceContext, dataset_id: int, check: JSONObject) -> ScoringView:
    """**Add the rule**: the check joins the ones every case gets."""
    return await _change(ctx, dataset_id, lambda stored: add_default_check_patch(stored, check))


async def add_rubric_criterion(
    ctx: ServiceContext, dataset_id: int, words: str
) -> tuple[ScoringView, str]:
    """A review note made a criterion for every case: it joins the rubric as ``note-<n>``
    (the first number free) and the judge is switched on. The criterion's id."""
    made: list[str] = []

    def patch_of(stored: ScoringConfig) -> JSONObject:
        criterion = rubric_criterion(words, (c.id for c in stored.judge.criteria))
        made.append(criterion.id)
        return add_rubric_criterion_patch(stored, criterion)

    view = await _change(ctx, dataset_id, patch_of)
    return view, made[0]


def suggested_rule(criterion: str) -> JSONObject | None:
    """The check a criterion's own words say, or ``None``; no model is called."""
    if len(criterion) > CRITERION_MAX_CHARS:
        raise BadUserInput.at("criterion", f"must be at most {CRITERION_MAX_CHARS:,} characters")
    return suggest_rule(criterion)
