"""Spec: editing the reference or the scoring configuration marks scores stale."""

import pytest

from casebook.domain.structured import (
    LOCAL_EMBEDDING,
    ModelChoice,
    ScoreBasis,
    StructuredSettings,
    effective_embedding_model,
    is_stale,
    structured_config_hash,
)

BASE = StructuredSettings(enabled=True, judge_model=ModelChoice("1", "judge"))


@pytest.mark.parametrize(
    "changed",
    [
        StructuredSettings(enabled=True, judge_model=ModelChoice("1", "judge"), strictness=0.6),
        StructuredSettings(enabled=True, judge_model=ModelChoice("1", "judge"), pass_at=0.7),
        StructuredSettings(enabled=True, judge_model=ModelChoice("2", "judge")),
        StructuredSettings(enabled=True, judge_model=ModelChoice("1", "other-judge")),
        StructuredSettings(enabled=True),
        StructuredSettings(
            enabled=True, judge_model=ModelChoice("1", "judge"), embedding_model=LOCAL_EMBEDDING
        ),
    ],
)
def test_a_change_that_alters_scores_changes_the_hash(changed: StructuredSettings) -> None:
    assert structured_config_hash(changed) != structured_config_hash(BASE)


@pytest.mark.parametrize(
    "same",
    [
        StructuredSettings(enabled=False, judge_model=ModelChoice("1", "judge")),
        StructuredSettings(enabled=True, must_pass=True, judge_model=ModelChoice("1", "judge")),
    ],
)
def test_switching_the_scorer_or_must_pass_leaves_scores_current(same: StructuredSettings) -> None:
    assert structured_config_hash(same) == structured_config_hash(BASE)


def test_the_embedding_model_used_is_the_organizations_when_the_dataset_sets_none() -> None:
    organization = ModelChoice("5", "text-embedding-3-small")
    assert effective_embedding_model(BASE, organization) == organization
    assert effective_embedding_model(BASE, None) is None
    overridden = StructuredSettings(embedding_model=LOCAL_EMBEDDING)
    assert effective_embedding_model(overridden, organization) == LOCAL_EMBEDDING
    # The organization configuring a model makes scores made by exact matching stale.
    assert structured_config_hash(BASE, organization_embedding_model=organization) != (
        structured_config_hash(BASE)
    )


@pytest.mark.parametrize(
    ("scored_with", "current", "stale"),
    [
        (ScoreBasis(10, "abc"), ScoreBasis(10, "abc"), False),
        (ScoreBasis(10, "abc"), ScoreBasis(11, "abc"), True),  # the reference was edited
        (ScoreBasis(10, "abc"), ScoreBasis(10, "def"), True),  # the configuration changed
        (ScoreBasis(10, "abc"), ScoreBasis(11, "def"), True),
    ],
)
def test_a_score_is_stale_when_its_reference_or_configuration_changed(
    scored_with: ScoreBasis, current: ScoreBasis, stale: bool
) -> None:
    assert is_stale(scored_with, current) is stale
