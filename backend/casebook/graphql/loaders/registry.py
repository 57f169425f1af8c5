"""The typed registry of a request's DataLoaders.

One ``Loaders`` is built per request (and per websocket operation): every field
that reads through it in the same tick shares one batched service call, and
the services decide access once per resource for the whole request (their
access memo). A list of fifty rows costs the same few statements as one row.
"""

from dataclasses import dataclass

from casebook.graphql.loaders.agent_abilities import AgentAbilitiesLoader, agent_abilities_loader
from casebook.graphql.loaders.agents import (
    AgentLoader,
    AgentVersionLoader,
    agent_loader,
    agent_version_loader,
)
from casebook.graphql.loaders.case_counts import CaseCountLoader, case_count_loader
from casebook.graphql.loaders.cases import CaseLoader, case_loader
from casebook.graphql.loaders.conversations import (
    ConversationLoader,
    MessageLoader,
    conversation_loader,
    message_loader,
)
from casebook.graphql.loaders.dataset_abilities import (
    DatasetAbilitiesLoader,
    dataset_abilities_loader,
)
from casebook.graphql.loaders.datasets import DatasetLoader, dataset_loader
from casebook.graphql.loaders.eval_client_work import (
    EvalClientWorkLoader,
    eval_client_work_loader,
)
from casebook.graphql.loaders.eval_results import EvalResultsLoader, eval_results_loader
from casebook.graphql.loaders.eval_runs import (
    EvalRunAgentsLoader,
    EvalRunLoader,
    eval_run_agents_loader,
    eval_run_loader,
)
from casebook.graphql.loaders.members import MemberLoader, member_loader
from casebook.graphql.loaders.model_connections import (
    ModelConnectionLoader,
    model_connection_loader,
)
from casebook.graphql.loaders.review import (
    AgentReadableLoader,
    ReviewDecisionLoader,
    agent_readable_loader,
    review_decision_loader,
)
from casebook.graphql.loaders.runs import (
    MessageRunLoader,
    RunRatingsLoader,
    RunStepsLoader,
    message_run_loader,
    run_ratings_loader,
    run_steps_loader,
)
from casebook.graphql.loaders.scores import ScoreLoader, score_loader
from casebook.graphql.loaders.structured_now import StructuredNowLoader, structured_now_loader
from casebook.graphql.loaders.structured_results import (
    StructuredResultLoader,
    structured_result_loader,
)
from casebook.services.kernel.context import ServiceContext


@dataclass(frozen=True)
class Loaders:
    dataset: DatasetLoader
    dataset_abilities: DatasetAbilitiesLoader
    case: CaseLoader
    case_count: CaseCountLoader
    score: ScoreLoader
    structured_now: StructuredNowLoader
    structured_result: StructuredResultLoader
    model_connection: ModelConnectionLoader
    member: MemberLoader
    agent: AgentLoader
    agent_abilities: AgentAbilitiesLoader
    agent_version: AgentVersionLoader
    conversation: ConversationLoader
    message: MessageLoader
    run_steps: RunStepsLoader
    run_ratings: RunRatingsLoader
    message_run: MessageRunLoader
    eval_run: EvalRunLoader
    eval_run_agents: EvalRunAgentsLoader
    eval_results: EvalResultsLoader
    eval_client_work: EvalClientWorkLoader
    review_decision: ReviewDecisionLoader
    agent_readable: AgentReadableLoader

    @classmethod
    def for_request(cls, services: ServiceContext) -> "Loaders":
        return cls(
            dataset=dataset_loader(services),
            dataset_abilities=dataset_abilities_loader(services),
            case=case_loader(services),
            case_count=case_count_loader(services),
            score=score_loader(services),
            structured_now=structured_now_loader(services),
            structured_result=structured_result_loader(services),
            model_connection=model_connection_loader(services),
            member=member_loader(services),
            agent=agent_loader(services),
            agent_abilities=agent_abilities_loader(services),
            agent_version=agent_version_loader(services),
            conversation=conversation_loader(services),
            message=message_loader(services),
            run_steps=run_steps_loader(services),
            run_ratings=run_ratings_loader(services),
            message_run=message_run_loader(services),
            eval_run=eval_run_loader(services),
            eval_run_agents=eval_run_agents_loader(services),
            eval_results=eval_results_loader(services),
            eval_client_work=eval_client_work_loader(services),
            review_decision=review_decision_loader(services),
            agent_readable=agent_readable_loader(services),
        )
