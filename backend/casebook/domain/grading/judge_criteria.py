"""Which criteria one judge run grades for a case, and which scorer each belongs to.

- The rubric ("Your criteria"), when the judge is on: judge scorer.
- The case's ``judge`` checks, named ``checks.N`` by their place in the case's
  checks, when the judge is on: judge scorer. "The eval judge grades the
  criterion", "in the same judge run as the dataset's rubric", so they follow
  the Judge scorer's switch as its rubric does. They are reported by the judge
  scorer rather than the Checks scorer because the Checks scorer "costs
  nothing" and these cost a run of the judge.
- ``reference``, when the reference answer scorer is on and the case has a
  reference answer: reference scorer.
- ``counter_example``, required whenever the case has a counter-example and
  "Your criteria" or the reference answer scorer is on; it has no switch of
  its own, so it belongs to the judge scorer when the rubric is on and to the
  reference scorer otherwise.
"""

from dataclasses import dataclass
from typing import Literal

from casebook.domain.cases.model import CaseContent
from casebook.domain.checks.evaluate import split_judge_checks
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.jsonvalue import JSONObject

CriterionKind = Literal["rubric", "case_check", "reference", "counter_example"]
JudgeScorer = Literal["judge", "reference"]

REFERENCE_CRITERION_ID = "reference"
COUNTER_EXAMPLE_CRITERION_ID = "counter_example"
REFERENCE_CRITERION_TEXT = (
    "Does the answer agree with the reference answer - does it say what the reference says "
    "that matters to the question, and nothing that contradicts it?"
)
COUNTER_EXAMPLE_CRITERION_TEXT = (
    "Does the answer avoid repeating the counter-example, an answer known to be wrong? "
    "Quote what sets the answer apart from it."
)


@dataclass(frozen=True, slots=True)
class JudgeCriterion:
    id: str
    text: str
    kind: CriterionKind
    scorer: JudgeScorer

    def to_json(self) -> JSONObject:
        return {"id": self.id, "text": self.text, "kind": self.kind, "scorer": self.scorer}


def counter_example_scorer(config: ScoringConfig) -> JudgeScorer | None:
    if config.judge.enabled:
        return "judge"
    if config.reference.enabled:
        return "reference"
    return None


def _criterion_text(check: JSONObject) -> str:
    text = check.get("criterion")
    if not isinstance(text, str):
        raise ValueError("a judge check names its criterion")
    return text


def judge_criteria(config: ScoringConfig, case: CaseContent) -> tuple[JudgeCriterion, ...]:
    criteria: list[JudgeCriterion] = []
    if config.judge.enabled:
        criteria.extend(
            JudgeCriterion(c.id, c.text, "rubric", "judge") for c in config.judge.criteria
        )
    if config.judge.enabled:
        criteria.extend(
            JudgeCriterion(
                f"checks.{item.index}", _criterion_text(item.check), "case_check", "judge"
            )
            for item in split_judge_checks(case.checks).judge
        )
    if config.reference.enabled and case.reference_answer is not None:
        criteria.append(
            JudgeCriterion(
                REFERENCE_CRITERION_ID, REFERENCE_CRITERION_TEXT, "reference", "reference"
            )
        )
    owner = counter_example_scorer(config)
    if case.counter_example is not None and owner is not None:
        criteria.append(
            JudgeCriterion(
                COUNTER_EXAMPLE_CRITERION_ID,
                COUNTER_EXAMPLE_CRITERION_TEXT,
                "counter_example",
                owner,
            )
        )
    return tuple(criteria)
