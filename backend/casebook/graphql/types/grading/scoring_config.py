"""A dataset's scoring configuration: the Settings cards, and what each scorer covers.

A saved connection travels as its ``ModelConnection`` id, in typed fields and
in the configuration's JSON alike; the database keeps its own id.
"""

import copy
from typing import Any

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.grading.applicability import ScorerCoverage
from casebook.domain.grading.config import ScoringConfig, is_yes_no_grading
from casebook.domain.grading.rule_suggestion import suggest_rule
from casebook.domain.grading.structured_scorer import STRUCTURED_DEFAULTS, structured_settings
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id, encode_id
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.grading.structured_settings import (
    StructuredScorerSettingsType,
    structured_models_for_client,
    structured_models_from_client,
)
from casebook.graphql.types.models.model_connection import ModelConnectionType, saved_connection
from casebook.services.grading import config as scoring_config
from casebook.services.kernel.errors import BadUserInput
from casebook.services.models import connections as model_connections

CONNECTION_SETTING = "model_connection_id"


def config_for_client(document: dict[str, Any]) -> dict[str, Any]:
    """A stored configuration with its connection named by ``ModelConnection`` id."""
    shown = copy.deepcopy(document)
    judge = shown.get("judge")
    if isinstance(judge, dict):
        ref = model_connections.parse_connection_ref(judge.get(CONNECTION_SETTING))
        if ref is not None:
            judge[CONNECTION_SETTING] = str(encode_id(ModelConnectionType, ref))
    structured_models_for_client(shown)
    return shown


def patch_from_client(patch: Any, path: str = "patch") -> dict[str, Any]:
    """A client's change with its connection id turned back into the stored one."""
    if not isinstance(patch, dict):
        raise BadUserInput.at(path, "must be an object of settings")
    stored = copy.deepcopy(patch)
    judge = stored.get("judge")
    if isinstance(judge, dict) and isinstance(judge.get(CONNECTION_SETTING), str):
        where = f"{path}.judge.{CONNECTION_SETTING}"
        judge[CONNECTION_SETTING] = str(
            decode_id(judge[CONNECTION_SETTING], ModelConnectionType, where)
        )
    structured_models_from_client(stored, path)
    return stored


@strawberry.type(name="ScorerSwitch")
class ScorerSwitchType:
    enabled: bool
    must_pass: bool


@strawberry.type(name="ChecksScorer", description="Checks: the case's rules and these defaults.")
class ChecksScorerType:
    enabled: bool
    must_pass: bool
    default_checks: list[JSON] = strawberry.field(description="Rules every case gets.")


@strawberry.type(name="RubricCriterion")
class RubricCriterionType:
    id: str
    text: str

    @strawberry.field(
        description="The check that says what this criterion says, when a rule can: "
        "**Add the rule** adds it to the default checks. No model is called."
    )
    def suggested_rule(self) -> JSON | None:
        found = suggest_rule(self.text)
        return JSON(found) if found is not None else None


@strawberry.type(name="JudgeSettings", description="The Judge card: model, instructions, rubric.")
class JudgeSettingsType:
    enabled: bool = strawberry.field(description="Your criteria: the rubric grades every case.")
    must_pass: bool
    connection_id: relay.GlobalID | None
    model: str | None
    instructions: str
    criteria: list[RubricCriterionType]
    scale: int
    pass_at: int
    yes_no_grading: bool = strawberry.field(description="A scale of 2 that passes at 2.")

    @strawberry.field(description="The saved connection; null when none is set or it was deleted.")
    async def connection(self, info: Info) -> ModelConnectionType | None:
        return await saved_connection(info, self.connection_id)


@strawberry.type(
    name="ScoringCoverage",
    description="How many cases of the newest version hold what each scorer reads (switched "
    "on or not), and the cases nothing switched on grades.",
)
class ScoringCoverageType:
    case_count: int
    checks: int
    tool_calls: int
    judge: int
    reference: int
    counter_example: int
    structured: int
    nothing_grades: list[relay.GlobalID] = strawberry.field(
        description="Cases none of the switched-on scorers has anything to check on."
    )
    reference_offered: bool = strawberry.field(
        description="Cases hold reference answers that nothing compares answers with."
    )
    unverified_references: int = strawberry.field(
        description="Cases whose JSON reference is not verified: the structured scorer does "
        "not grade them, and says so, until it is."
    )

    @classmethod
    def from_coverage(cls, found: ScorerCoverage) -> "ScoringCoverageType":
        reads = found.reads
        return cls(
            case_count=found.case_count,
            checks=reads.get("checks", 0),
            tool_calls=reads.get("tool_calls", 0),
            judge=reads.get("judge", 0),
            reference=reads.get("reference", 0),
            counter_example=reads.get("counter_example", 0),
            structured=reads.get("structured", 0),
            nothing_grades=[encode_id(CaseType, int(c)) for c in found.ungraded_case_ids],
            reference_offered=found.reference_offered,
            unverified_references=found.unverified_references,
        )


@strawberry.type(name="ScoringConfig", description="How a dataset's answers are graded.")
class ScoringConfigType:
    dataset_id: strawberry.Private[int]
    config: strawberry.Private[ScoringConfig]

    @classmethod
    def from_view(cls, view: scoring_config.ScoringView) -> "ScoringConfigType":
        return cls(dataset_id=view.dataset_id, config=view.config)

    @strawberry.field
    def checks(self) -> ChecksScorerType:
        checks = self.config.checks
        return ChecksScorerType(
            enabled=checks.enabled,
            must_pass=checks.must_pass,
            default_checks=[JSON(c) for c in checks.default_checks],
        )

    @strawberry.field
    def tool_calls(self) -> ScorerSwitchType:
        return ScorerSwitchType(
            enabled=self.config.tool_calls.enabled, must_pass=self.config.tool_calls.must_pass
        )

    @strawberry.field
    def judge(self) -> JudgeSettingsType:
        judge = self.config.judge
        ref = model_connections.parse_connection_ref(judge.model_connection_id)
        return JudgeSettingsType(
            enabled=judge.enabled,
            must_pass=judge.must_pass,
            connection_id=encode_id(ModelConnectionType, ref) if ref is not None else None,
            model=judge.model,
            instructions=judge.instructions,
            criteria=[RubricCriterionType(id=c.id, text=c.text) for c in judge.criteria],
            scale=judge.scale,
            pass_at=judge.pass_at,
            yes_no_grading=is_yes_no_grading(judge),
        )

    @strawberry.field(description="The Reference answer scorer, graded by the same judge run.")
    def reference(self) -> ScorerSwitchType:
        return ScorerSwitchType(
            enabled=self.config.reference.enabled, must_pass=self.config.reference.must_pass
        )

    @strawberry.field(description="The structured reference scorer, the fifth scorer.")
    def structured(self) -> StructuredScorerSettingsType:
        settings = structured_settings(self.config) or STRUCTURED_DEFAULTS
        return StructuredScorerSettingsType(settings=settings)

    @strawberry.field(
        description="The whole configuration, in the shape updateScoring's patch takes."
    )
    def json(self) -> JSON:
        return JSON(config_for_client(self.config.to_json()))

    @strawberry.field(
        description="Coverage of the saved configuration, or of it with `patch` applied - "
        "the setup on screen - without saving it."
    )
    async def coverage(self, info: Info, patch: JSON | None = None) -> ScoringCoverageType:
        unsaved = patch_from_client(patch) if patch is not None else None
        found = await scoring_config.coverage(info.context.services, self.dataset_id, unsaved)
        return ScoringCoverageType.from_coverage(found)
