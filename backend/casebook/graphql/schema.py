"""The schema: query, mutation and subscription types combined from capabilities."""

import datetime
import logging
from typing import Any

import strawberry
from graphql import GraphQLInputObjectType
from graphql.error import GraphQLError
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)
from strawberry.extensions.runner import SchemaExtensionsRunner
from strawberry.file_uploads import Upload
from strawberry.types import ExecutionContext

from casebook.graphql import planned_variables
from casebook.graphql.errors import ErrorShape, is_expected
from casebook.graphql.hostile_input import HostileInputGuard
from casebook.graphql.lean_execution import LeanExecutionContext
from casebook.graphql.live import LivePrincipalCheck
from casebook.graphql.mutations.activity import ActivityMutations
from casebook.graphql.mutations.agents import AgentMutations
from casebook.graphql.mutations.api_keys import ApiKeyMutations
from casebook.graphql.mutations.case_from_message import CaseFromMessageMutations
from casebook.graphql.mutations.cases import CaseMutations
from casebook.graphql.mutations.chat import ChatMutations
from casebook.graphql.mutations.conversations import ConversationMutations
from casebook.graphql.mutations.datasets import DatasetMutations
from casebook.graphql.mutations.default_embedding_model import DefaultEmbeddingModelMutations
from casebook.graphql.mutations.eval_work import EvalWorkMutations
from casebook.graphql.mutations.evals import EvalMutations
from casebook.graphql.mutations.generation import GenerationMutations
from casebook.graphql.mutations.grading import GradingMutations
from casebook.graphql.mutations.jobs import JobMutations
from casebook.graphql.mutations.knowledge import KnowledgeMutations
from casebook.graphql.mutations.knowledge_attachment import KnowledgeAttachmentMutations
from casebook.graphql.mutations.members import MemberMutations
from casebook.graphql.mutations.model_connections import ModelConnectionMutations
from casebook.graphql.mutations.personal_data import PersonalDataMutations, RetentionMutations
from casebook.graphql.mutations.review import ReviewMutations
from casebook.graphql.mutations.review_criteria import ReviewCriterionMutations
from casebook.graphql.mutations.run_scoring import RunScoringMutations
from casebook.graphql.mutations.session import SessionMutations
from casebook.graphql.mutations.skills import SkillMutations
from casebook.graphql.observed import ObservedOperations
from casebook.graphql.operation_cost import CostLimit
from casebook.graphql.parser_cache import ShapedParserCache
from casebook.graphql.permissions import RequiresDirective, refuse_mutations_without_key_scopes
from casebook.graphql.queries.activity import ActivityQueries
from casebook.graphql.queries.agents import AgentQueries
from casebook.graphql.queries.datasets import DatasetQueries
from casebook.graphql.queries.eval_results import EvalResultQueries
from casebook.graphql.queries.evals import EvalQueries
from casebook.graphql.queries.generation import GenerationQueries
from casebook.graphql.queries.grading import GradingQueries
from casebook.graphql.queries.identity import IdentityQueries
from casebook.graphql.queries.knowledge import KnowledgeQueries
from casebook.graphql.queries.personal_data import PersonalDataQueries
from casebook.graphql.queries.review import ReviewQueries
from casebook.graphql.request_scope import RequestScope
from casebook.graphql.stream_hooks import StreamingExtensionsRunner
from casebook.graphql.subscriptions import Subscription
from casebook.graphql.types.activity.conversation import ConversationType
from casebook.graphql.types.activity.message import MessageType
from casebook.graphql.types.activity.run import RunType
from casebook.graphql.types.agents.agent import AgentType
from casebook.graphql.types.agents.skill import SkillType
from casebook.graphql.types.datasets.case import CaseType
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.date_time import DateTimeScalar
from casebook.graphql.types.enums import ErrorCode
from casebook.graphql.types.evals.eval_run import EvalRunType
from casebook.graphql.types.grading.score import ScoreType
from casebook.graphql.types.identity.api_key import ApiKeyType
from casebook.graphql.types.identity.audit_entry import AuditEntryType
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.graphql.types.identity.user import UserType
from casebook.graphql.types.jobs.job import JobType
from casebook.graphql.types.knowledge.knowledge_base import KnowledgeBaseType
from casebook.graphql.types.knowledge.knowledge_document import KnowledgeDocumentType
from casebook.graphql.types.models.model_connection import ModelConnectionType
from casebook.graphql.types.upload import UploadScalar

log = logging.getLogger("casebook.graphql")


@strawberry.type
class Query(
    IdentityQueries,
    DatasetQueries,
    GradingQueries,
    AgentQueries,
    KnowledgeQueries,
    ActivityQueries,
    EvalQueries,
    EvalResultQueries,
    PersonalDataQueries,
    ReviewQueries,
    GenerationQueries,
):
    pass


@strawberry.type
class Mutation(
    SessionMutations,
    ApiKeyMutations,
    MemberMutations,
    JobMutations,
    DatasetMutations,
    CaseMutations,
    GradingMutations,
    ModelConnectionMutations,
    DefaultEmbeddingModelMutations,
    AgentMutations,
    SkillMutations,
    KnowledgeMutations,
    KnowledgeAttachmentMutations,
    ActivityMutations,
    CaseFromMessageMutations,
    RunScoringMutations,
    ConversationMutations,
    ChatMutations,
    EvalMutations,
    EvalWorkMutations,
    GenerationMutations,
    PersonalDataMutations,
    RetentionMutations,
    ReviewMutations,
    ReviewCriterionMutations,
):
    pass


refuse_mutations_without_key_scopes(Mutation)


class CasebookSchema(strawberry.Schema):
    def create_extensions_runner(
        self, execution_context: ExecutionContext, extensions: list[SchemaExtension]
    ) -> SchemaExtensionsRunner:
        return StreamingExtensionsRunner(execution_context, extensions)

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        # Refusals the API means to give are not server errors; log only the rest.
        for error in errors:
            if not is_expected(error):
                log.error("unexpected error in %s", error.path, exc_info=error.original_error)


def _is_one_of(type_: Any, info: Any) -> bool:
    """``__Type.isOneOf`` for every type introspection reaches, wrappers included: the
    resolver Strawberry installs reads ``extensions``, which a list or non-null type has
    not (``{ __type(name: "Check") { fields { type { isOneOf } } } }`` was INTERNAL)."""
    if not isinstance(type_, GraphQLInputObjectType):
        return False
    definition = (type_.extensions or {}).get("strawberry-definition")
    return bool(getattr(definition, "is_one_of", False))


# Documents parsed and validated once, then reused: clients send the same few
# operations over and over. Bounded, so unique documents cannot grow memory.
DOCUMENT_CACHE_SIZE = 512
# The limits' rules are made once: validation is cached by document *and* rules,
# and rules made anew for each request would never match.
LIMIT_RULES = [
    *QueryDepthLimiter(max_depth=12).validation_rules,
    *MaxAliasesLimiter(max_alias_count=30).validation_rules,
]

_strawberry_extend_introspection = strawberry.Schema._extend_introspection


def _extend_introspection(self: strawberry.Schema) -> None:
    # graphql-core's ``__Type`` is one object shared by every schema of the process, and
    # each Strawberry schema built installs its ``isOneOf`` resolver on it: installed once
    # after this schema, ours would be undone by the next schema built (a test's, a
    # tool's). Every schema installs it instead (test_introspection states the answers).
    _strawberry_extend_introspection(self)
    self._schema.type_map["__Type"].fields["isOneOf"].resolve = _is_one_of  # type: ignore[attr-defined]


strawberry.Schema._extend_introspection = _extend_introspection  # type: ignore[method-assign]


schema = CasebookSchema(
    query=Query,
    mutation=Mutation,
    subscription=Subscription,
    types=[
        UserType,
        OrganizationType,
        ApiKeyType,
        AuditEntryType,
        JobType,
        DatasetType,
        CaseType,
        ScoreType,
        ModelConnectionType,
        AgentType,
        SkillType,
        KnowledgeBaseType,
        KnowledgeDocumentType,
        ConversationType,
        MessageType,
        RunType,
        EvalRunType,
        ErrorCode,
    ],
    extensions=[
        ObservedOperations,
        ErrorShape,
        LivePrincipalCheck,
        RequestScope,
        HostileInputGuard,
        CostLimit,
        lambda: AddValidationRules(LIMIT_RULES),
        lambda: ShapedParserCache(maxsize=DOCUMENT_CACHE_SIZE),
        lambda: ValidationCache(maxsize=DOCUMENT_CACHE_SIZE),
    ],
    schema_directives=[RequiresDirective],
    scalar_overrides={datetime.datetime: DateTimeScalar, Upload: UploadScalar},
    execution_context_class=LeanExecutionContext,
)


planned_variables.install()

__all__ = ["RequiresDirective", "schema"]
