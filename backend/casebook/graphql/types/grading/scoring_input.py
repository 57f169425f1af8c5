"""A change of a dataset's scoring configuration, typed (spec: ``PUT /datasets/{id}/scoring``).

Every field is optional, at any depth: one left out keeps its value, and a
list given - the criteria, the default checks - replaces the stored one whole.
``scoring_patch`` turns the input into the stored shape the domain merges
(``merge_scoring_update``: the merge and every rule live there, once), with
``InputPaths`` to name refusals as the client wrote them.
"""

from typing import Any

import strawberry
from strawberry import relay

from casebook.domain.jsonvalue import JSONObject, JSONValue
from casebook.graphql.ids import decode_id
from casebook.graphql.input_paths import InputPaths
from casebook.graphql.types.checks.check_input import CheckInput, check_document
from casebook.graphql.types.grading.embedding_model_input import (
    EmbeddingModelChoiceInput,
    stored_choice,
)
from casebook.graphql.types.models.model_connection import ModelConnectionType


@strawberry.input(name="ScorerSwitchInput")
class ScorerSwitchInput:
    enabled: bool | None = strawberry.UNSET
    must_pass: bool | None = strawberry.UNSET


@strawberry.input(name="ChecksScorerInput")
class ChecksScorerInput:
    enabled: bool | None = strawberry.UNSET
    must_pass: bool | None = strawberry.UNSET
    default_checks: list[CheckInput] | None = strawberry.field(
        default=strawberry.UNSET,
        description="The rules every case gets (at most 50); given, replaces them all.",
    )


@strawberry.input(name="RubricCriterionInput")
class RubricCriterionInput:
    id: str = strawberry.field(
        description="1 to 64 letters, digits, _ or -; scores name the criterion by it."
    )
    text: str


@strawberry.input(name="JudgeSettingsInput")
class JudgeSettingsInput:
    enabled: bool | None = strawberry.field(
        default=strawberry.UNSET, description="Your criteria: the rubric grades every case."
    )
    must_pass: bool | None = strawberry.UNSET
    connection_id: relay.GlobalID | None = strawberry.field(
        default=strawberry.UNSET, description="A saved model connection; null: none."
    )
    model: str | None = strawberry.field(
        default=strawberry.UNSET, description="One of the connection's models; null: none."
    )
    instructions: str | None = strawberry.UNSET
    criteria: list[RubricCriterionInput] | None = strawberry.field(
        default=strawberry.UNSET, description="At most 50; given, replaces them all."
    )
    scale: int | None = strawberry.field(default=strawberry.UNSET, description="2 to 10.")
    pass_at: int | None = strawberry.field(
        default=strawberry.UNSET,
        description="2 up to the scale, checked against the scale once merged.",
    )


@strawberry.input(name="ModelChoiceInput", description="A saved connection and one of its models.")
class ModelChoiceInput:
    connection_id: relay.GlobalID
    model: str


@strawberry.input(name="StructuredScorerInput")
class StructuredScorerInput:
    enabled: bool | None = strawberry.UNSET
    must_pass: bool | None = strawberry.UNSET
    strictness: float | None = strawberry.field(default=strawberry.UNSET, description="0 to 1.")
    pass_at: float | None = strawberry.field(default=strawberry.UNSET, description="0 to 1.")
    embedding_model: EmbeddingModelChoiceInput | None = strawberry.field(
        default=strawberry.UNSET,
        description="Null: the organization's default (defaultEmbeddingModel), if it has one.",
    )
    judge_model: ModelChoiceInput | None = strawberry.field(
        default=strawberry.UNSET, description="Null: no judge."
    )


@strawberry.input(
    name="ScoringInput",
    description="A change of how a dataset grades: every field optional at any depth. One left "
    "out keeps its value; a list given replaces the stored one whole; the pass mark is checked "
    "against the scale once merged.",
)
class ScoringInput:
    checks: ChecksScorerInput | None = strawberry.UNSET
    tool_calls: ScorerSwitchInput | None = strawberry.UNSET
    judge: JudgeSettingsInput | None = strawberry.UNSET
    reference: ScorerSwitchInput | None = strawberry.UNSET
    structured: StructuredScorerInput | None = strawberry.UNSET


SETTINGS_OF_SECTION = {
    "checks": ("enabled", "must_pass", "default_checks"),
    "tool_calls": ("enabled", "must_pass"),
    "judge": (
        "enabled",
        "must_pass",
        "connection_id",
        "model",
        "instructions",
        "criteria",
        "scale",
        "pass_at",
    ),
    "reference": ("enabled", "must_pass"),
    "structured": (
        "enabled",
        "must_pass",
        "strictness",
        "pass_at",
        "embedding_model",
        "judge_model",
    ),
}


def _connection(given: relay.GlobalID | None, path: str) -> str | None:
    return None if given is None else str(decode_id(given, ModelConnectionType, path))


def _setting(section: str, name: str, value: Any, paths: InputPaths) -> tuple[str, JSONValue]:
    """A setting's stored name and value; ids decoded, checks in their stored shape."""
    if section == "checks" and name == "default_checks" and value is not None:
        stored: list[JSONValue] = []
        for index, check in enumerate(value):
            member, document = check_document(check)
            paths.check_from(
                f"checks.default_checks.{index}", f"checks.defaultChecks.{index}", member
            )
            stored.append(document)
        return name, stored
    if section == "judge" and name == "connection_id":
        return "model_connection_id", _connection(value, "judge.connectionId")
    if section == "judge" and name == "criteria" and value is not None:
        return name, [{"id": c.id, "text": c.text} for c in value]
    if section == "structured" and name == "embedding_model":
        return name, stored_choice(value, "structured.embeddingModel") if value else None
    if section == "structured" and name == "judge_model" and value is not None:
        connection = _connection(value.connection_id, "structured.judgeModel.connectionId")
        return name, {"model_connection_id": connection, "model": value.model}
    return name, value


def scoring_patch(given: ScoringInput) -> tuple[JSONObject, InputPaths]:
    """The change in the stored shape the domain merges, and where each part was given."""
    paths = InputPaths()
    patch: JSONObject = {}
    for section, names in SETTINGS_OF_SECTION.items():
        settings = getattr(given, section)
        if settings is strawberry.UNSET:
            continue
        if settings is None:
            patch[section] = None  # refused by the domain, naming the section
            continue
        stored: JSONObject = {}
        for name in names:
            value = getattr(settings, name)
            if value is not strawberry.UNSET:
                key, setting = _setting(section, name, value, paths)
                stored[key] = setting
        patch[section] = stored
    return patch, paths
