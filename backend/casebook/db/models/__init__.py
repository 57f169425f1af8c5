"""Every table, imported so that SQLModel.metadata knows them all."""

from casebook.db.models.activity import (
    CaseAuthorship,
    Conversation,
    Message,
    Rating,
    Run,
    RunStep,
)
from casebook.db.models.agents import Agent, AgentVersion, Skill
from casebook.db.models.audit import AuditEntry
from casebook.db.models.datasets import (
    CaseRevision,
    Dataset,
    DatasetCase,
    DatasetVersion,
    OrganizationUsage,
    VersionChange,
)
from casebook.db.models.evals import EvalItem, EvalRun, EvalRunAgent, EvalRunCase
from casebook.db.models.generation import Generation, ProposedCase
from casebook.db.models.grading import (
    ModelBudget,
    ModelConnection,
    ModelUsage,
    ReviewDecision,
    Score,
)
from casebook.db.models.identity import ApiKey, Membership, Organization, User, UserSession
from casebook.db.models.jobs import Job
from casebook.db.models.knowledge import KnowledgeBase, KnowledgeDocument, KnowledgePassage
from casebook.db.models.sharing import ResourceGrant
from casebook.db.models.structured import ReferenceEmbedding, StructuredResult
from casebook.db.models.traces import TraceSource, TraceSpan

__all__ = [
    "Agent",
    "AgentVersion",
    "ApiKey",
    "AuditEntry",
    "CaseAuthorship",
    "CaseRevision",
    "Conversation",
    "Dataset",
    "DatasetCase",
    "DatasetVersion",
    "EvalItem",
    "EvalRun",
    "EvalRunAgent",
    "EvalRunCase",
    "Generation",
    "Job",
    "KnowledgeBase",
    "KnowledgeDocument",
    "KnowledgePassage",
    "Membership",
    "Message",
    "ModelBudget",
    "ModelConnection",
    "ModelUsage",
    "Organization",
    "OrganizationUsage",
    "ProposedCase",
    "Rating",
    "ReferenceEmbedding",
    "ResourceGrant",
    "ReviewDecision",
    "Run",
    "RunStep",
    "Score",
    "Skill",
    "StructuredResult",
    "TraceSource",
    "TraceSpan",
    "User",
    "UserSession",
    "VersionChange",
]
