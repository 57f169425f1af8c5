"""An agent's test set, its pure rules (spec: "An agent's test set").

- "A positive rating becomes a reference answer; a negative rating becomes a
  counter-example with the comment as its note" - ``rated_answer_keep_as``, with the
  case itself made as a case from a reply is (``activity.case_from_reply``); an answer
  already in the set is not added again ("adds newly rated answers").
- "A new set uses the agent's model for grading, generation and improvement. The result
  explicitly reports when the grader shares the agent's model. ... neither price nor an
  organization preference chooses it" - ``new_agent_test_set_models`` takes the agent's model
  and nothing else; ``grader_shares_model_report`` says so when they are the same.
- "The generator requests enough questions to reach five gradable cases, or `more` when
  specified" - ``bootstrap_question_count``.
- "These bootstrap drafts are accepted automatically into a new dataset version" -
  ``bootstrap_accepted``: every draft the reply kept, none waiting for a decision.
- "Fewer than three gradable cases is reported as insufficient" - ``sufficiency_of``: when
  the set is made, and again after its bootstrap, from what the set then holds
  (``gradable_count``).

A case is *gradable* when grading has something to check it against and an eval run
does not leave it out: every valid case expects something, so only a case anonymised
after erasure, which an eval run leaves out ("Personal data"), is not.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from casebook.domain.activity.case_from_reply import KeepAs
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.generation.counts import MAX_CASES
from casebook.domain.generation.drafts import DraftReading

GRADABLE_TARGET = 5
SUFFICIENT_FROM = 3

Sufficiency = Literal["sufficient", "insufficient"]


def rated_answer_keep_as(rating: Literal["up", "down"]) -> KeepAs:
    """A positive rating makes a reference answer, a negative one a counter-example."""
    return "reference" if rating == "up" else "counter_example"


def newly_rated(rated_message_ids: Iterable[int], already_in_set: Iterable[int]) -> list[int]:
    """The rated answers not yet in the set, in the order given, each once."""
    taken = set(already_in_set)
    fresh: list[int] = []
    for message_id in rated_message_ids:
        if message_id not in taken:
            taken.add(message_id)
            fresh.append(message_id)
    return fresh


@dataclass(frozen=True, slots=True)
class AgentTestSetModels:
    grading: str
    generation: str
    improvement: str


def new_agent_test_set_models(agent_model: str) -> AgentTestSetModels:
    """A new set's helpers all use the agent's own model."""
    return AgentTestSetModels(grading=agent_model, generation=agent_model, improvement=agent_model)


def grader_shares_model_report(agent_model: str | None, grader_model: str | None) -> str | None:
    """The explicit report when the grader shares the agent's model; ``None`` otherwise."""
    if agent_model is None or grader_model is None or agent_model != grader_model:
        return None
    return (
        f"The grader uses the agent's own model ({agent_model}), so this set grades the agent "
        "with itself. Select another grading model in the dataset for an independent "
        "assessment."
    )


def is_gradable(content: CaseContent, *, anonymised: bool) -> bool:
    expects = (
        content.reference_answer is not None
        or content.counter_example is not None
        or bool(content.expected_tool_calls)
        or bool(content.checks)
    )
    return expects and not anonymised


def gradable_count(cases: Sequence[tuple[CaseContent, bool]]) -> int:
    """How many of these cases - each with whether it is anonymised - are gradable."""
    return sum(1 for content, anonymised in cases if is_gradable(content, anonymised=anonymised))


def bootstrap_question_count(gradable_cases: int, more: int | None = None) -> int:
    """How many questions the generator is asked for: ``more`` when given, otherwise enough
    to reach ``GRADABLE_TARGET`` gradable cases (none when the set already has them)."""
    if more is None:
        return max(0, GRADABLE_TARGET - gradable_cases)
    if not 1 <= more <= MAX_CASES:
        message = f"ask for between 1 and {MAX_CASES} more questions; {more} were asked for"
        raise ValidationFailed([FieldError("more", message)])
    return more


def bootstrap_accepted(reading: DraftReading) -> tuple[CaseContent, ...]:
    """The cases one new version adds, with the source `synthetic`: every kept draft."""
    return tuple(draft.content for draft in reading.kept)


def sufficiency_of(gradable_cases: int) -> Sufficiency:
    return "insufficient" if gradable_cases < SUFFICIENT_FROM else "sufficient"


@dataclass(frozen=True, slots=True)
class AgentTestSetReport:
    gradable_cases: int
    accepted: int
    sufficiency: Sufficiency
    grader_shares_model: str | None


def agent_test_set_report(
    existing: Sequence[tuple[CaseContent, bool]],
    accepted: Sequence[CaseContent],
    *,
    agent_model: str | None,
    grader_model: str | None,
) -> AgentTestSetReport:
    """What creating or adding to a test set reports: ``existing`` holds each case already
    in the set with whether it is anonymised; ``accepted`` the bootstrap drafts."""
    gradable = gradable_count([*existing, *((content, False) for content in accepted)])
    return AgentTestSetReport(
        gradable_cases=gradable,
        accepted=len(accepted),
        sufficiency=sufficiency_of(gradable),
        grader_shares_model=grader_shares_model_report(agent_model, grader_model),
    )
