"""Grading: change how a dataset grades, score an answer against a case, score again."""

import strawberry
from strawberry import relay
from strawberry.scalars import JSON

from casebook.domain.access.catalog import Permission
from casebook.domain.grading.answer import MadeToolCall
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.input_paths import ANY_INDEX, InputPaths, refusals_in
from casebook.graphql.permissions import requires
from casebook.graphql.types.checks.check_input import CheckInput, check_document
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.grading.score import ScoreType
from casebook.graphql.types.grading.scoring_config import ScoringConfigType
from casebook.graphql.types.grading.scoring_input import ScoringInput, scoring_patch
from casebook.graphql.types.jobs.job import JobType
from casebook.services.grading import config as scoring_config
from casebook.services.grading import rescoring, scoring
from casebook.services.kernel.errors import BadUserInput


@strawberry.type
class ScoringPayload:
    scoring: ScoringConfigType


@strawberry.input(description="A tool call the agent made, by the name its run recorded.")
class MadeToolCallInput:
    name: str
    args: JSON | None = strawberry.field(
        default=None, description="Its arguments; null or left out: none."
    )
    blocked: bool = strawberry.field(
        default=False, description="An isolated run blocked it; it still counts as made."
    )


@strawberry.input(description="An answer to grade against a case, as the agent gave it.")
class ScoreAnswerInput:
    case_id: relay.GlobalID
    answer: str
    tool_calls: list[MadeToolCallInput] = strawberry.field(default_factory=list)
    cost_usd: float | None = None
    latency_ms: float | None = None
    agent_name: str | None = None
    agent_version: str | None = None
    answering_model: str | None = strawberry.field(
        default=None, description="The model that answered: a warning says when it judged too."
    )
    run_key: str | None = strawberry.field(
        default=None,
        description="An opaque label grouping the answers of one run (a CI build id; an eval "
        "run passes its id). Scores of the same case, agent name and run key are numbered "
        "1, 2, 3... as repetitions, without duplicates under concurrency; "
        "Dataset.repetitions(runKey) summarizes them. 1 to 200 characters.",
    )


@strawberry.type
class ScoreAnswerPayload:
    score: ScoreType


@strawberry.type
class RescorePayload:
    job: JobType = strawberry.field(
        description="Score again's progress and result: node(id) or jobProgress."
    )


def _made_calls(calls: list[MadeToolCallInput]) -> tuple[MadeToolCall, ...]:
    made = []
    for index, call in enumerate(calls):
        args: object = {} if call.args is None else call.args
        if not isinstance(args, dict):
            raise BadUserInput.at(f"input.toolCalls.{index}.args", "must be an object")
        made.append(MadeToolCall(call.name, dict(args), call.blocked))
    return tuple(made)


@strawberry.type
class GradingMutations:
    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Change only the settings the patch names, at any depth; a list given "
        "replaces the stored one whole. useYesNoGrading sets a scale of 2 passing at 2. "
        "Refusals name the setting (extensions.fields), e.g. judge.passAt.",
    )
    async def update_scoring(
        self,
        info: Info,
        dataset_id: relay.GlobalID,
        patch: ScoringInput,
        use_yes_no_grading: bool = False,
    ) -> ScoringPayload:
        dataset = decode_id(dataset_id, DatasetType, "datasetId")
        stored, paths = scoring_patch(patch)
        with refusals_in(paths):
            view = await scoring_config.update_scoring(
                info.context.services, dataset, stored, use_yes_no_grading=use_yes_no_grading
            )
        return ScoringPayload(scoring=ScoringConfigType.from_view(view))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_EDIT),
        description="Add the rule: a check joins the default checks every case gets.",
    )
    async def add_default_check(
        self, info: Info, dataset_id: relay.GlobalID, check: CheckInput
    ) -> ScoringPayload:
        dataset = decode_id(dataset_id, DatasetType, "datasetId")
        member, document = check_document(check)
        paths = InputPaths()
        paths.check_from(f"checks.default_checks.{ANY_INDEX}", "check", member)
        with refusals_in(paths):
            view = await scoring_config.add_default_check(info.context.services, dataset, document)
        return ScoringPayload(scoring=ScoringConfigType.from_view(view))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_RUN),
        description="Grade an answer against a case with every scorer its dataset configures. "
        "Needs runs:view and datasets:run on the dataset. A case nothing can check is refused "
        "and the judge is not called. The structured scorer makes at most one embeddings "
        "request and one judge call for the answer.",
    )
    async def score_answer(self, info: Info, input: ScoreAnswerInput) -> ScoreAnswerPayload:
        given = scoring.GivenAnswer(
            text=input.answer,
            tool_calls=_made_calls(input.tool_calls),
            cost_usd=input.cost_usd,
            latency_ms=input.latency_ms,
            agent_name=input.agent_name,
            agent_version=input.agent_version,
            answering_model=input.answering_model,
            run_key=input.run_key,
        )
        score = await scoring.score_answer(
            info.context.services, decode_id(input.case_id, CaseType, "input.caseId"), given
        )
        return ScoreAnswerPayload(score=ScoreType.from_row(score))

    @strawberry.mutation(
        extensions=requires(Permission.DATASETS_RUN),
        description="Score again: grade up to ten scores anew, with the configuration each was "
        "first graded with, without running the agent. A score every scorer reached a verdict "
        "on is left as it is - except a stale structured result, which is graded anew, alone, "
        "against the case's current verified reference and the dataset's current structured "
        "settings. A refusal is named and nothing is graded.",
    )
    async def rescore(
        self, info: Info, dataset_id: relay.GlobalID, score_ids: list[relay.GlobalID]
    ) -> RescorePayload:
        job = await rescoring.request_rescore(
            info.context.services,
            decode_id(dataset_id, DatasetType, "datasetId"),
            [decode_id(gid, ScoreType, f"scoreIds.{i}") for i, gid in enumerate(score_ids)],
        )
        return RescorePayload(job=JobType.from_row(job))
