"""A dataset's scoring configuration: the two Settings cards (spec: "Grading").

**When a case passes** holds the Checks scorer (with the default checks every
case gets) and the Expected tool calls scorer; **Judge** holds the model, the
instructions and the rubric ("Your criteria"), and the Reference answer
scorer is graded by the same judge. Each scorer is switched on or off and
marked Must pass or not.

Further scorers (the structured reference scorer) live in ``extensions`` by
name: this module keeps their sections whole and reads only their ``enabled``
and ``must_pass`` switches; the module that owns a section interprets the rest.

A new dataset checks its rules and tool calls, both Must pass, with the judge
and the reference comparison off until somebody sets them up: those two cost
a run of the judge, and the judge needs a model and criteria first.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from casebook.domain.jsonvalue import JSONObject, JSONValue

BUILT_IN_SCORERS: tuple[str, ...] = ("checks", "tool_calls", "judge", "reference")
EXTENSION_SCORERS: tuple[str, ...] = ("structured",)
YES_NO_SCALE = 2


@dataclass(frozen=True, slots=True)
class ChecksScorerConfig:
    enabled: bool = True
    must_pass: bool = True
    default_checks: tuple[JSONObject, ...] = ()


@dataclass(frozen=True, slots=True)
class ToolCallsScorerConfig:
    enabled: bool = True
    must_pass: bool = True


@dataclass(frozen=True, slots=True)
class RubricCriterion:
    id: str
    text: str


@dataclass(frozen=True, slots=True)
class JudgeConfig:
    """``enabled`` is "Your criteria": whether the rubric grades every case."""

    enabled: bool = False
    must_pass: bool = True
    # The saved model connection the judge calls, and the model it names on it.
    model_connection_id: str | None = None
    model: str | None = None
    instructions: str = ""
    criteria: tuple[RubricCriterion, ...] = ()
    scale: int = YES_NO_SCALE
    pass_at: int = YES_NO_SCALE


@dataclass(frozen=True, slots=True)
class ReferenceScorerConfig:
    enabled: bool = False
    must_pass: bool = True


@dataclass(frozen=True, slots=True)
class ExtensionScorerConfig:
    """A scorer another module defines; ``settings`` is its whole section as stored."""

    enabled: bool
    must_pass: bool
    settings: JSONObject


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    checks: ChecksScorerConfig = field(default_factory=ChecksScorerConfig)
    tool_calls: ToolCallsScorerConfig = field(default_factory=ToolCallsScorerConfig)
    judge: JudgeConfig = field(default_factory=JudgeConfig)
    reference: ReferenceScorerConfig = field(default_factory=ReferenceScorerConfig)
    extensions: Mapping[str, ExtensionScorerConfig] = field(default_factory=dict)

    def switches(self) -> dict[str, tuple[bool, bool]]:
        """(enabled, must_pass) of every scorer, by name."""
        found = {
            "checks": (self.checks.enabled, self.checks.must_pass),
            "tool_calls": (self.tool_calls.enabled, self.tool_calls.must_pass),
            "judge": (self.judge.enabled, self.judge.must_pass),
            "reference": (self.reference.enabled, self.reference.must_pass),
        }
        found.update({name: (ext.enabled, ext.must_pass) for name, ext in self.extensions.items()})
        return found

    def must_pass_scorers(self) -> frozenset[str]:
        return frozenset(name for name, (_, must_pass) in self.switches().items() if must_pass)

    def to_json(self) -> JSONObject:
        """The whole configuration, the copy a score keeps; it reads back unchanged."""
        judge = self.judge
        document: JSONObject = {
            "checks": {
                "enabled": self.checks.enabled,
                "must_pass": self.checks.must_pass,
                "default_checks": list[JSONValue](self.checks.default_checks),
            },
            "tool_calls": {
                "enabled": self.tool_calls.enabled,
                "must_pass": self.tool_calls.must_pass,
            },
            "judge": {
                "enabled": judge.enabled,
                "must_pass": judge.must_pass,
                "model_connection_id": judge.model_connection_id,
                "model": judge.model,
                "instructions": judge.instructions,
                "criteria": [{"id": c.id, "text": c.text} for c in judge.criteria],
                "scale": judge.scale,
                "pass_at": judge.pass_at,
            },
            "reference": {
                "enabled": self.reference.enabled,
                "must_pass": self.reference.must_pass,
            },
        }
        document.update({name: dict(ext.settings) for name, ext in self.extensions.items()})
        return document


def yes_no_grading_patch() -> JSONObject:
    """**Use yes/no grading**: a scale of 2 that passes at 2."""
    return {"judge": {"scale": YES_NO_SCALE, "pass_at": YES_NO_SCALE}}


def is_yes_no_grading(judge: JudgeConfig) -> bool:
    return judge.scale == YES_NO_SCALE and judge.pass_at == YES_NO_SCALE


def add_default_check_patch(config: ScoringConfig, check: JSONObject) -> JSONObject:
    """**Add the rule**: the check joins the ones every case gets (a list replaces whole)."""
    checks: list[JSONValue] = [*config.checks.default_checks, check]
    return {"checks": {"enabled": True, "default_checks": checks}}


def add_rubric_criterion_patch(config: ScoringConfig, criterion: RubricCriterion) -> JSONObject:
    """A review note made a criterion for every case: it joins the rubric and switches the
    judge on."""
    criteria: list[JSONValue] = [{"id": c.id, "text": c.text} for c in config.judge.criteria]
    criteria.append({"id": criterion.id, "text": criterion.text})
    return {"judge": {"enabled": True, "criteria": criteria}}
