"""Which scorers have something to check on a case, and coverage over a dataset.

Spec: "Each scorer says how many cases hold what it reads, and the tab warns
when the setup on screen would grade some cases on nothing" and "a score of a
case none of the configured scorers has anything to check on" is refused.

A switched-on scorer applies to a case when:
- checks: the case has a rule check, or the dataset gives every case default checks;
- tool_calls: the case expects tool calls;
- judge / reference: the judge run grades a criterion of theirs for the case
  (see ``judge_criteria``);
- an extension scorer: its entry in ``EXTENSION_READS`` says the case holds
  what it reads. The structured scorer reads a reference answer that is JSON;
  an unverified one still applies, and its result gives that as the reason it
  was not graded (``structured_scorer``). Coverage counts those cases apart
  (``unverified_references``) so the tab can say how many need verifying.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from casebook.domain.cases.model import CaseContent
from casebook.domain.checks.evaluate import split_judge_checks
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.judge_criteria import judge_criteria
from casebook.domain.grading.results import NothingToGrade
from casebook.domain.grading.structured_scorer import STRUCTURED, holds_json_reference
from casebook.domain.jsonvalue import JSONObject

EXTENSION_READS: dict[str, Callable[[CaseContent], bool]] = {
    STRUCTURED: holds_json_reference,
}


def applicable_scorers(config: ScoringConfig, case: CaseContent) -> tuple[str, ...]:
    found: list[str] = []
    if config.checks.enabled and (
        config.checks.default_checks or split_judge_checks(case.checks).rules
    ):
        found.append("checks")
    if config.tool_calls.enabled and case.expected_tool_calls:
        found.append("tool_calls")
    judge_run = {criterion.scorer for criterion in judge_criteria(config, case)}
    found.extend(name for name in ("judge", "reference") if name in judge_run)
    found.extend(
        name
        for name, extension in config.extensions.items()
        if extension.enabled and name in EXTENSION_READS and EXTENSION_READS[name](case)
    )
    return tuple(found)


def require_applicable_scorers(config: ScoringConfig, case: CaseContent) -> tuple[str, ...]:
    """The scorers that apply, or ``NothingToGrade``: nothing is kept and no judge is called."""
    found = applicable_scorers(config, case)
    if not found:
        raise NothingToGrade("none of the configured scorers has anything to check on this case")
    return found


@dataclass(frozen=True, slots=True)
class ScorerCoverage:
    """``reads``: by scorer, how many cases hold what it reads, switched on or not
    (plus ``counter_example``). ``ungraded_case_ids``: cases nothing switched on grades.
    ``reference_offered``: cases hold reference answers nothing compares answers with.
    ``unverified_references``: cases with a JSON reference not yet verified, which the
    structured scorer does not grade until it is."""

    case_count: int
    reads: Mapping[str, int]
    ungraded_case_ids: tuple[str, ...]
    reference_offered: bool
    unverified_references: int = 0

    def to_json(self) -> JSONObject:
        return {
            "case_count": self.case_count,
            "reads": dict(self.reads),
            "ungraded_case_ids": list(self.ungraded_case_ids),
            "reference_offered": self.reference_offered,
            "unverified_references": self.unverified_references,
        }


def scorer_coverage(config: ScoringConfig, cases: Mapping[str, CaseContent]) -> ScorerCoverage:
    """``cases`` by case id, in the order the ungraded ones should be listed."""
    contents = list(cases.values())
    has_rubric = bool(config.judge.criteria)
    with_reference = sum(1 for case in contents if case.reference_answer is not None)
    reads = {
        "checks": sum(
            1
            for case in contents
            if config.checks.default_checks or split_judge_checks(case.checks).rules
        ),
        "tool_calls": sum(1 for case in contents if case.expected_tool_calls),
        "judge": sum(1 for case in contents if has_rubric or split_judge_checks(case.checks).judge),
        "reference": with_reference,
        "counter_example": sum(1 for case in contents if case.counter_example is not None),
    }
    reads.update(
        {name: sum(1 for case in contents if read(case)) for name, read in EXTENSION_READS.items()}
    )
    ungraded = tuple(
        case_id for case_id, case in cases.items() if not applicable_scorers(config, case)
    )
    return ScorerCoverage(
        case_count=len(contents),
        reads=reads,
        ungraded_case_ids=ungraded,
        reference_offered=with_reference > 0 and not config.reference.enabled,
        unverified_references=sum(
            1 for case in contents if not case.reference_verified and holds_json_reference(case)
        ),
    )
