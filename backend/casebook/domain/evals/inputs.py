"""What starting an eval run takes, and its bounds (spec: eval runs, issue 12 "Start a run").

One dataset version (the newest when none is named), 1 to 5 agents compared side
by side, 1 to 10 repetitions, an optional tag filter (cases carrying at least one
of the tags), 1 to 64 answers in flight, an earlier run as baseline, 0 to 200
flipped cases rerun before a regression is called confirmed, and an optional
budget in USD. A run of a local agent may name the version its client answers with (a
label: a commit, a branch, "my-laptop"). Every refusal names its field; nothing is
started.
"""

import math
from dataclasses import dataclass

from casebook.domain.agents.validation import version_label_problem
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.storable_text import text_problem

AGENTS_MIN, AGENTS_MAX = 1, 5
REPETITIONS_MIN, REPETITIONS_MAX = 1, 10
CONCURRENCY_MIN, CONCURRENCY_MAX = 1, 64
CONFIRM_FLIPS_MIN, CONFIRM_FLIPS_MAX = 0, 200
TAGS_MAX = 50
TAG_MAX_CHARS = 100
VERSION_MAX = 2**31 - 1
BUDGET_MAX_USD = 1_000_000.0
DEFAULT_REPETITIONS = 1
DEFAULT_CONCURRENCY = 8
DEFAULT_CONFIRM_FLIPS = 20


@dataclass(frozen=True, slots=True)
class EvalRunRequest:
    """A start request as given (ids already decoded); ``checked`` normalises it."""

    dataset_id: int
    agent_ids: tuple[int, ...]
    version: int | None = None
    repetitions: int = DEFAULT_REPETITIONS
    tags: tuple[str, ...] | None = None
    concurrency: int = DEFAULT_CONCURRENCY
    baseline_run_id: int | None = None
    confirm_flips: int = DEFAULT_CONFIRM_FLIPS
    budget_usd: float | None = None
    version_label: str | None = None


def _bounded(value: int, path: str, low: int, high: int, errors: list[FieldError]) -> None:
    if not low <= value <= high:
        errors.append(FieldError(path, f"must be {low} to {high}"))


def _tags(tags: tuple[str, ...] | None, errors: list[FieldError]) -> tuple[str, ...] | None:
    if tags is None:
        return None
    if len(tags) > TAGS_MAX:
        errors.append(FieldError("input.tags", f"holds more than {TAGS_MAX} tags"))
        return None
    kept: list[str] = []
    for index, tag in enumerate(tags):
        path = f"input.tags.{index}"
        problem = text_problem(tag)
        if problem is not None:
            errors.append(FieldError(path, problem))
            continue
        stripped = tag.strip()
        if not stripped or len(stripped) > TAG_MAX_CHARS:
            errors.append(FieldError(path, f"must be 1 to {TAG_MAX_CHARS} characters"))
            continue
        kept.append(stripped)
    if not kept and not errors:
        errors.append(FieldError("input.tags", "names no tag; leave it out to answer every case"))
    return tuple(sorted(set(kept)))


def check_request(request: EvalRunRequest) -> EvalRunRequest:
    """The request normalised (agents in the order given, duplicates refused; tags trimmed,
    sorted, duplicates dropped), or ``ValidationFailed`` naming every field out of bounds."""
    errors: list[FieldError] = []
    if not AGENTS_MIN <= len(request.agent_ids) <= AGENTS_MAX:
        errors.append(
            FieldError("input.agentIds", f"must name {AGENTS_MIN} to {AGENTS_MAX} agents")
        )
    elif len(set(request.agent_ids)) != len(request.agent_ids):
        errors.append(FieldError("input.agentIds", "names an agent twice"))
    if request.version is not None:
        _bounded(request.version, "input.version", 1, VERSION_MAX, errors)
    _bounded(request.repetitions, "input.repetitions", REPETITIONS_MIN, REPETITIONS_MAX, errors)
    _bounded(request.concurrency, "input.concurrency", CONCURRENCY_MIN, CONCURRENCY_MAX, errors)
    _bounded(
        request.confirm_flips, "input.confirmFlips", CONFIRM_FLIPS_MIN, CONFIRM_FLIPS_MAX, errors
    )
    budget = request.budget_usd
    if budget is not None and not (math.isfinite(budget) and 0 <= budget <= BUDGET_MAX_USD):
        errors.append(FieldError("input.budgetUsd", f"must be 0 to {BUDGET_MAX_USD:,.0f} USD"))
    tags = _tags(request.tags, errors)
    label = request.version_label
    if label is not None and (problem := version_label_problem(label)) is not None:
        errors.append(FieldError("input.versionLabel", problem))
    if errors:
        raise ValidationFailed(errors)
    return EvalRunRequest(
        dataset_id=request.dataset_id,
        agent_ids=request.agent_ids,
        version=request.version,
        repetitions=request.repetitions,
        tags=tags,
        concurrency=request.concurrency,
        baseline_run_id=request.baseline_run_id,
        confirm_flips=request.confirm_flips,
        budget_usd=budget,
        version_label=label.strip() if label is not None else None,
    )


def normalised_json(request: EvalRunRequest) -> dict[str, object]:
    """The request as the confirmation token signs it: every choice, in a fixed shape."""
    return {
        "dataset_id": request.dataset_id,
        "agent_ids": list(request.agent_ids),
        "version": request.version,
        "repetitions": request.repetitions,
        "tags": list(request.tags) if request.tags is not None else None,
        "concurrency": request.concurrency,
        "baseline_run_id": request.baseline_run_id,
        "confirm_flips": request.confirm_flips,
        "budget_usd": request.budget_usd,
        "version_label": request.version_label,
    }
