"""Stale scores (spec: "A reference is required").

A score is computed from one revision of the reference and one scoring
configuration. When the reference is edited or the configuration changes,
existing scores are **stale** until they are scored again.

The configuration hash covers what changes a score's numbers: strictness,
the pass mark, the judge model, the embedding model actually used (the
dataset's own, else the organization's default, else none) and the version
of these rules. Switching the scorer on or off and marking it Must pass
change how a case is graded, not what this score says, so they leave it.
"""

import hashlib
import json
from dataclasses import dataclass, replace

from casebook.domain.structured.settings import ModelChoice, StructuredSettings

# Raise when a change to the ladder would change existing scores.
LADDER_VERSION = 1


@dataclass(frozen=True, slots=True)
class ScoreBasis:
    """What a score was computed from, or what a score would be computed from now."""

    reference_revision_id: int
    config_hash: str


def effective_embedding_model(
    settings: StructuredSettings, organization_default: ModelChoice | None
) -> ModelChoice | None:
    """The dataset's embedding model, else the organization's; None means exact matching only."""
    return settings.embedding_model or organization_default


def with_default_embedding_model(
    settings: StructuredSettings, organization_default: ModelChoice | None
) -> StructuredSettings:
    """The settings a dataset is scored with: its own, embedding with the organization's
    default model when it names none."""
    return replace(
        settings, embedding_model=effective_embedding_model(settings, organization_default)
    )


def structured_config_hash(
    settings: StructuredSettings, *, organization_embedding_model: ModelChoice | None = None
) -> str:
    embedding_model = effective_embedding_model(settings, organization_embedding_model)
    basis = {
        "ladder_version": LADDER_VERSION,
        "strictness": settings.strictness,
        "pass_at": settings.pass_at,
        "embedding_model": embedding_model.as_json() if embedding_model else None,
        "judge_model": settings.judge_model.as_json() if settings.judge_model else None,
    }
    canonical = json.dumps(basis, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def is_stale(scored_with: ScoreBasis, current: ScoreBasis) -> bool:
    """True when the reference or the configuration changed since the score was computed."""
    return scored_with != current
