"""The scoring configuration and ``PUT /datasets/{id}/scoring`` (spec: Grading)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.errors import ValidationFailed
from casebook.domain.grading.config import (
    RubricCriterion,
    ScoringConfig,
    add_default_check_patch,
    add_rubric_criterion_patch,
    is_yes_no_grading,
    yes_no_grading_patch,
)
from casebook.domain.grading.config_merge import (
    merge_scoring_update,
    new_dataset_scoring,
    read_scoring_config,
)
from casebook.domain.jsonvalue import JSONObject

TONE = {"id": "tone", "text": "Is the answer polite?"}
STORED: JSONObject = {
    "checks": {"default_checks": [{"type": "length", "unit": "words", "max": 200}]},
    "judge": {
        "enabled": True,
        "model_connection_id": "conn-1",
        "instructions": "Be strict.",
        "criteria": [TONE, {"id": "facts", "text": "Are the facts right?"}],
        "scale": 10,
        "pass_at": 7,
    },
}


def refused_paths(stored: JSONObject, patch: JSONObject) -> list[str]:
    with pytest.raises(ValidationFailed) as refused:
        merge_scoring_update(stored, patch)
    return [error.path for error in refused.value.errors]


def test_a_new_dataset_checks_rules_and_tool_calls_and_leaves_the_judge_off() -> None:
    config = new_dataset_scoring()
    assert config == read_scoring_config({})
    assert (config.checks.enabled, config.checks.must_pass) == (True, True)
    assert (config.tool_calls.enabled, config.tool_calls.must_pass) == (True, True)
    assert (config.judge.enabled, config.reference.enabled) == (False, False)
    assert is_yes_no_grading(config.judge)


def test_a_patch_changes_only_the_settings_it_names() -> None:
    config = merge_scoring_update(STORED, {"judge": {"instructions": "Be kind."}})
    assert config.judge.instructions == "Be kind."
    assert config.judge.model_connection_id == "conn-1"
    assert [c.id for c in config.judge.criteria] == ["tone", "facts"]
    assert (config.judge.scale, config.judge.pass_at) == (10, 7)
    assert len(config.checks.default_checks) == 1


def test_a_list_replaces_the_stored_one_whole() -> None:
    config = merge_scoring_update(STORED, {"judge": {"criteria": [TONE]}})
    assert config.judge.criteria == (RubricCriterion("tone", "Is the answer polite?"),)
    config = merge_scoring_update(STORED, {"checks": {"default_checks": []}})
    assert config.checks.default_checks == ()


def test_the_pass_mark_alone_is_read_on_the_stored_scale() -> None:
    assert merge_scoring_update(STORED, {"judge": {"pass_at": 8}}).judge.pass_at == 8
    five = merge_scoring_update(STORED, {"judge": {"scale": 5, "pass_at": 4}}).to_json()
    assert refused_paths(five, {"judge": {"pass_at": 8}}) == ["judge.pass_at"]


def test_pass_mark_and_scale_are_checked_once_merged() -> None:
    config = merge_scoring_update(STORED, {"judge": {"scale": 5, "pass_at": 5}})
    assert (config.judge.scale, config.judge.pass_at) == (5, 5)
    assert refused_paths(STORED, {"judge": {"scale": 5}}) == ["judge.pass_at"]


def test_yes_no_grading_is_a_scale_of_2_passing_at_2() -> None:
    config = merge_scoring_update(STORED, yes_no_grading_patch())
    assert (config.judge.scale, config.judge.pass_at) == (2, 2)
    assert is_yes_no_grading(config.judge)


@pytest.mark.parametrize(
    ("patch", "path"),
    [
        ({"judgee": {}}, "judgee"),
        ({"judge": {"pas_at": 3}}, "judge.pas_at"),
        ({"checks": {"default_checks": [], "weight": 2}}, "checks.weight"),
        (
            {"judge": {"criteria": [{"id": "x", "text": "t", "weight": 1}]}},
            "judge.criteria.0.weight",
        ),
        ({"tool_calls": True}, "tool_calls"),
        ({"checks": {"enabled": "yes"}}, "checks.enabled"),
        ({"judge": {"scale": 11}}, "judge.scale"),
        ({"judge": {"scale": 2.5}}, "judge.scale"),
        ({"judge": {"pass_at": 1}}, "judge.pass_at"),
        ({"judge": {"criteria": [TONE, TONE]}}, "judge.criteria.1.id"),
        ({"judge": {"criteria": [{"id": "reference", "text": "t"}]}}, "judge.criteria.0.id"),
        ({"judge": {"criteria": [{"id": "a b", "text": "t"}]}}, "judge.criteria.0.id"),
        ({"judge": {"criteria": [{"id": "a", "text": " "}]}}, "judge.criteria.0.text"),
        ({"judge": {"model_connection_id": ""}}, "judge.model_connection_id"),
        ({"judge": {"model": ""}}, "judge.model"),
        ({"judge": {"model": 4}}, "judge.model"),
        ({"judge": {"model": "m" * 201}}, "judge.model"),
        ({"judge": {"instructions": None}}, "judge.instructions"),
        (
            {"checks": {"default_checks": [{"type": "contain", "value": "x"}]}},
            "checks.default_checks.0.type",
        ),
        ({"checks": {"default_checks": [{"type": "contains"}]}}, "checks.default_checks.0.value"),
        (
            {"checks": {"default_checks": [{"type": "judge", "criterion": "kind"}]}},
            "checks.default_checks.0.type",
        ),
        ({"structured": {"enabled": 1}}, "structured.enabled"),
    ],
)
def test_refusals_name_the_setting(patch: JSONObject, path: str) -> None:
    assert refused_paths(STORED, patch) == [path]


def test_every_scorer_off_is_refused() -> None:
    patch: JSONObject = {
        "checks": {"enabled": False},
        "tool_calls": {"enabled": False},
        "judge": {"enabled": False},
    }
    assert refused_paths(STORED, patch) == [""]
    patch["reference"] = {"enabled": True}
    assert merge_scoring_update(STORED, patch).reference.enabled


def test_the_judge_on_with_no_criteria_is_refused() -> None:
    assert refused_paths({}, {"judge": {"enabled": True}}) == ["judge.criteria"]
    assert refused_paths(STORED, {"judge": {"criteria": []}}) == ["judge.criteria"]
    assert not merge_scoring_update(
        STORED, {"judge": {"enabled": False, "criteria": []}}
    ).judge.enabled


def test_default_checks_are_stored_in_their_canonical_form() -> None:
    patch: JSONObject = {
        "checks": {"default_checks": [{"max": 5, "unit": "words", "type": "length"}]}
    }
    (check,) = merge_scoring_update({}, patch).checks.default_checks
    assert list(check) == ["type", "max", "unit"]


def test_the_model_can_be_cleared() -> None:
    assert (
        merge_scoring_update(
            STORED, {"judge": {"model_connection_id": None}}
        ).judge.model_connection_id
        is None
    )


def test_the_judge_names_a_model_on_its_connection() -> None:
    config = merge_scoring_update(STORED, {"judge": {"model": " gpt-4o-mini "}})
    assert (config.judge.model_connection_id, config.judge.model) == ("conn-1", "gpt-4o-mini")
    assert config.to_json()["judge"]["model"] == "gpt-4o-mini"  # type: ignore[index]
    assert read_scoring_config(config.to_json()) == config
    assert merge_scoring_update(STORED, {}).judge.model is None


def test_the_structured_scorer_keeps_its_section_with_every_setting_written_out() -> None:
    patch: JSONObject = {"structured": {"enabled": True, "strictness": 0.8}}
    config = merge_scoring_update(STORED, patch)
    assert config.extensions["structured"].enabled
    assert config.extensions["structured"].must_pass
    judge = {"model_connection_id": "7", "model": "m"}
    config = merge_scoring_update(config.to_json(), {"structured": {"judge_model": judge}})
    assert config.to_json()["structured"] == {
        "enabled": True,
        "must_pass": True,
        "strictness": 0.8,
        "pass_at": 0.8,
        "embedding_model": None,
        "judge_model": judge,
    }
    assert "structured" in config.must_pass_scorers()
    assert read_scoring_config(config.to_json()) == config


@pytest.mark.parametrize(
    ("section", "path"),
    [
        ({"judge": {"model": "m"}}, "structured.judge"),
        ({"strictness": 2}, "structured.strictness"),
        ({"pass_at": "high"}, "structured.pass_at"),
        ({"embedding_model": "minilm"}, "structured.embedding_model"),
        ({"judge_model": {"model": "m"}}, "structured.judge_model.model_connection_id"),
    ],
)
def test_a_broken_structured_setting_is_refused_by_its_path(section: JSONObject, path: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        merge_scoring_update(STORED, {"structured": section})
    assert [error.path for error in refused.value.errors] == [path]


def test_must_pass_scorers() -> None:
    config = merge_scoring_update(STORED, {"tool_calls": {"must_pass": False}})
    assert config.must_pass_scorers() == {"checks", "judge", "reference"}


def test_offered_patches() -> None:
    config = read_scoring_config(STORED)
    rule: JSONObject = {"type": "length", "unit": "words", "max": 100}
    with_rule = merge_scoring_update(config.to_json(), add_default_check_patch(config, rule))
    assert with_rule.checks.default_checks[-1] == {"type": "length", "max": 100, "unit": "words"}
    assert len(with_rule.checks.default_checks) == 2
    off = merge_scoring_update({}, {})
    patch = add_rubric_criterion_patch(
        off, RubricCriterion("no-address", "Does it keep the address?")
    )
    on = merge_scoring_update(off.to_json(), patch)
    assert on.judge.enabled
    assert [c.id for c in on.judge.criteria] == ["no-address"]


SCALE_AND_PASS_MARK = st.integers(2, 10).flatmap(
    lambda scale: st.fixed_dictionaries({"scale": st.just(scale), "pass_at": st.integers(2, scale)})
)
JUDGE_PATCH = st.fixed_dictionaries(
    {}, optional={"instructions": st.text(max_size=30), "must_pass": st.booleans()}
)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "checks": st.fixed_dictionaries({}, optional={"must_pass": st.booleans()}),
            "tool_calls": st.fixed_dictionaries({}, optional={"must_pass": st.booleans()}),
            "reference": st.fixed_dictionaries({}, optional={"enabled": st.booleans()}),
        },
    ),
    SCALE_AND_PASS_MARK,
    JUDGE_PATCH,
)
def test_a_configuration_reads_back_unchanged(
    patch: JSONObject, scale: JSONObject, judge: JSONObject
) -> None:
    config = merge_scoring_update(STORED, {**patch, "judge": {**scale, **judge}})
    assert read_scoring_config(config.to_json()) == config
    assert isinstance(config, ScoringConfig)
