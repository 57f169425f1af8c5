"""The structured reference scorer as one of a dataset's scorers (spec: structured-scoring).

It is the fifth scorer of the grading settings, kept under ``extensions`` as
``structured``: on/off, Must pass, strictness, embedding model and optional
judge model, all set on the dataset and never per run, so every agent is
scored the same way. The ladder itself is ``casebook.domain.structured``.

- **What it reads**: a reference answer that is JSON (an object, an array or a
  scalar). A text reference that is not JSON is the judge's to compare.
- **A reference is required, and a verified one**: a case whose JSON
  reference is not verified is not graded by this scorer, and the result says
  so as its reason (the scorer never ran: ``skipped``).
- **Its verdict**: pass when quality reaches the pass mark; the score is the
  quality; the reason gives the three sub-scores, the lists' matched / missed
  / hallucinated counts and every notice (such as the fall back to exact
  matching when there is no embedding model).
- **Must pass by default**, like every other scorer of the grading settings.
"""

import json
from dataclasses import replace

from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import ValidationFailed
from casebook.domain.grading.config import ExtensionScorerConfig, ScoringConfig
from casebook.domain.grading.results import ScorerResult
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.structured import (
    StructuredScore,
    StructuredSettings,
    parse_structured_settings,
    verified_reference,
)

STRUCTURED = "structured"
STRUCTURED_DEFAULTS = StructuredSettings(must_pass=True)


def holds_json_reference(case: CaseContent) -> bool:
    """Whether the case holds what the structured scorer reads: a reference that is JSON."""
    if case.reference_answer is None or not case.reference_answer.strip():
        return False
    try:
        parsed = json.loads(case.reference_answer)
    except ValueError:
        return False
    return parsed is not None


def read_structured_section(section: JSONObject) -> StructuredSettings:
    """A stored or patched ``structured`` section as settings; ``ValidationFailed`` names
    each broken setting by its path under ``structured``."""
    try:
        return parse_structured_settings(section, base=STRUCTURED_DEFAULTS)
    except ValidationFailed as refused:
        raise ValidationFailed([error.prefixed(STRUCTURED) for error in refused.errors]) from None


def structured_extension(settings: StructuredSettings) -> ExtensionScorerConfig:
    """The section as the configuration keeps it: every setting written out."""
    return ExtensionScorerConfig(settings.enabled, settings.must_pass, settings.as_json())


def structured_settings(config: ScoringConfig) -> StructuredSettings | None:
    """The dataset's structured settings, or None when it never set the scorer up."""
    extension = config.extensions.get(STRUCTURED)
    return read_structured_section(extension.settings) if extension is not None else None


def with_structured_of(kept: ScoringConfig, now: ScoringConfig) -> ScoringConfig:
    """A score's configuration copy with the structured section it is graded with now.

    Stale structured results are graded again with the dataset's current
    structured settings (spec: "until they are scored again"); every other
    scorer keeps the configuration the score was first graded with."""
    current = now.extensions.get(STRUCTURED)
    if current is None:
        return kept
    return replace(kept, extensions={**kept.extensions, STRUCTURED: current})


def reference_refusal(case: CaseContent) -> str | None:
    """Why the case's reference cannot be scored against, or None (verified JSON)."""
    try:
        verified_reference(case)
    except ValidationFailed as refused:
        return "; ".join(error.message for error in refused.errors)
    return None


def not_scored_against(reason: str) -> ScorerResult:
    """The scorer never ran: no verified reference, or no model it needs could be reached."""
    return ScorerResult(status="error", score=None, reason=reason, skipped=True)


def scoring_failed(reason: str) -> ScorerResult:
    """The scorer ran and a model call it made failed or could not be read."""
    return ScorerResult(status="error", score=None, reason=reason)


def structured_result(score: StructuredScore, settings: StructuredSettings) -> ScorerResult:
    """Pass or fail on quality (``score`` was computed with ``settings``), the quality as the
    score, and a reason a person can read."""
    verdict = "reaches" if score.passed else "is below"
    parts = [
        f"quality {score.quality:.2f} {verdict} the pass mark {settings.pass_at:.2f} "
        f"(completeness {score.completeness:.2f}, correctness {score.correctness:.2f})"
    ]
    compared = [row for row in score.fields if row.reference_path is not None]
    if compared:
        matched = sum(1 for row in compared if row.matched)
        parts.append(f"{matched} of {len(compared)} reference values matched")
    if score.lists:
        matched_items = sum(len(found.matched) for found in score.lists)
        missed = sum(len(found.missed) for found in score.lists)
        invented = sum(len(found.hallucinated) for found in score.lists)
        parts.append(
            f"list items: {matched_items} matched, {missed} missed, {invented} hallucinated"
        )
    reason = "; ".join(parts)
    if score.notices:
        reason = f"{reason}. {' '.join(score.notices)}"
    return ScorerResult(
        status="pass" if score.passed else "fail", score=score.quality, reason=reason
    )
