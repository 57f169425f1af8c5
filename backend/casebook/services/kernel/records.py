"""The stored records services hand to the API layer, and the shapes of their pages.

Service functions return rows; the GraphQL layer reads their fields and never
queries. It imports them from here, so it depends on what services promise
rather than on the database package (a `make lint` contract).
"""

from casebook.db.models import (
    Agent,
    AgentVersion,
    ApiKey,
    AuditEntry,
    Conversation,
    Dataset,
    DatasetVersion,
    EvalRun,
    EvalRunAgent,
    Generation,
    Job,
    KnowledgeBase,
    KnowledgeDocument,
    KnowledgePassage,
    Message,
    ModelConnection,
    Organization,
    ProposedCase,
    Rating,
    Run,
    RunStep,
    Score,
    Skill,
    StructuredResult,
    User,
)
from casebook.db.pagination import MAX_PAGE_SIZE, Page
from casebook.db.queries.cases_at_version import CaseFilter

__all__ = [
    "MAX_PAGE_SIZE",
    "Agent",
    "AgentVersion",
    "ApiKey",
    "AuditEntry",
    "CaseFilter",
    "Conversation",
    "Dataset",
    "DatasetVersion",
    "EvalRun",
    "EvalRunAgent",
    "Generation",
    "Job",
    "KnowledgeBase",
    "KnowledgeDocument",
    "KnowledgePassage",
    "Message",
    "ModelConnection",
    "Organization",
    "Page",
    "ProposedCase",
    "Rating",
    "Run",
    "RunStep",
    "Score",
    "Skill",
    "StructuredResult",
    "User",
]
