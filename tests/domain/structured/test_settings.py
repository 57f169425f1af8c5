"""The scorer's settings, validated with field paths."""

import pytest

from casebook.domain.errors import ValidationFailed
from casebook.domain.jsonvalue import JSONValue
from casebook.domain.structured import (
    LOCAL_EMBEDDING,
    ModelChoice,
    StructuredSettings,
    parse_structured_settings,
)


def test_defaults() -> None:
    settings = parse_structured_settings({})
    assert settings == StructuredSettings()
    assert (settings.enabled, settings.must_pass, settings.strictness, settings.pass_at) == (
        False,
        False,
        0.5,
        0.8,
    )
    assert settings.embedding_model is None and settings.judge_model is None
    assert settings.embedding_threshold == pytest.approx(0.85)


def test_every_setting_is_read() -> None:
    settings = parse_structured_settings(
        {
            "enabled": True,
            "must_pass": True,
            "strictness": 1,
            "pass_at": 0.9,
            "embedding_model": "local:all-minilm-l6-v2",
            "judge_model": {"model_connection_id": "7", "model": " gpt-4o-mini "},
        }
    )
    assert settings == StructuredSettings(
        enabled=True,
        must_pass=True,
        strictness=1.0,
        pass_at=0.9,
        embedding_model=LOCAL_EMBEDDING,
        judge_model=ModelChoice("7", "gpt-4o-mini"),
    )
    assert parse_structured_settings(settings.as_json()) == settings


def test_an_embedding_model_through_a_connection() -> None:
    settings = parse_structured_settings(
        {"embedding_model": {"model_connection_id": "2", "model": "text-embedding-3-small"}}
    )
    assert settings.embedding_model == ModelChoice("2", "text-embedding-3-small")
    assert not settings.embedding_model.is_local
    assert LOCAL_EMBEDDING.is_local


def test_keys_left_out_keep_their_stored_value() -> None:
    stored = StructuredSettings(enabled=True, strictness=0.9, judge_model=ModelChoice("1", "j"))
    changed = parse_structured_settings({"strictness": 0.2}, base=stored)
    assert changed == StructuredSettings(
        enabled=True, strictness=0.2, judge_model=ModelChoice("1", "j")
    )
    assert parse_structured_settings({"judge_model": None}, base=stored).judge_model is None


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        ([], [("", "the structured scorer settings must be an object")]),
        ({"enabled": "yes"}, [("enabled", "must be true or false")]),
        ({"must_pass": 1}, [("must_pass", "must be true or false")]),
        ({"strictness": 1.5}, [("strictness", "must be a number from 0 to 1")]),
        ({"strictness": True}, [("strictness", "must be a number from 0 to 1")]),
        ({"pass_at": -0.1}, [("pass_at", "must be a number from 0 to 1")]),
        ({"threshold": 0.9}, [("threshold", "is not a setting of the structured scorer")]),
        (
            {"embedding_model": "local:other"},
            [("embedding_model", 'must be null, "local:all-minilm-l6-v2" or a connection model')],
        ),
        (
            {"judge_model": "local:all-minilm-l6-v2"},
            [("judge_model", 'must be null or {"model_connection_id": …, "model": …}')],
        ),
        (
            {"judge_model": {"model_connection_id": " ", "model": ""}},
            [
                ("judge_model.model_connection_id", "must name a saved connection"),
                ("judge_model.model", "must name a model"),
            ],
        ),
        (
            {"embedding_model": {"model_connection_id": 7, "model": "m" * 201, "dims": 3}},
            [
                ("embedding_model.dims", "is not part of a model choice"),
                ("embedding_model.model_connection_id", "must name a saved connection"),
                ("embedding_model.model", "must be at most 200 characters"),
            ],
        ),
        (
            {"strictness": "high", "enabled": None},
            [
                ("strictness", "must be a number from 0 to 1"),
                ("enabled", "must be true or false"),
            ],
        ),
    ],
)
def test_invalid_settings_are_refused_naming_each_field(
    raw: JSONValue, errors: list[tuple[str, str]]
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        parse_structured_settings(raw)
    assert [(error.path, error.message) for error in refused.value.errors] == errors
