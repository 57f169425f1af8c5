"""Scoring settings: the Settings cards, as a dataset holds them or a score kept them.

A saved connection travels as its ``ModelConnection`` id; the database keeps
its own.
"""

import strawberry
from strawberry import relay

from casebook.domain.grading.config import ScoringConfig, is_yes_no_grading
from casebook.domain.grading.rule_suggestion import suggest_rule
from casebook.domain.grading.structured_scorer import STRUCTURED_DEFAULTS, structured_settings
from casebook.graphql.context import Info
from casebook.graphql.ids import encode_optional_id
from casebook.graphql.types.checks.check import CheckType
from casebook.graphql.types.grading.structured_settings import StructuredScorerSettingsType
from casebook.graphql.types.models.model_connection import ModelConnectionType, saved_connection
from casebook.services.models import connections as model_connections


@strawberry.type(name="ScorerSwitch")
class ScorerSwitchType:
    enabled: bool
    must_pass: bool


@strawberry.type(name="ChecksScorer", description="Checks: the case's rules and these defaults.")
class ChecksScorerType:
    enabled: bool
    must_pass: bool
    default_checks: list[CheckType] = strawberry.field(description="Rules every case gets.")


@strawberry.type(name="RubricCriterion")
class RubricCriterionType:
    id: str
    text: str

    @strawberry.field(
        description="The check that says what this criterion says, when a rule can: "
        "**Add the rule** adds it to the default checks. No model is called."
    )
    def suggested_rule(self) -> CheckType | None:
        found = suggest_rule(self.text)
        return CheckType.from_json(found) if found is not None else None


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
    name="ScoringSettings",
    description="Every scorer's settings: the shape ScoringInput changes, each part typed.",
)
class ScoringSettingsType:
    config: strawberry.Private[ScoringConfig]

    @strawberry.field
    def checks(self) -> ChecksScorerType:
        checks = self.config.checks
        return ChecksScorerType(
            enabled=checks.enabled,
            must_pass=checks.must_pass,
            default_checks=[CheckType.from_json(c) for c in checks.default_checks],
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
            connection_id=encode_optional_id(ModelConnectionType, ref),
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
