"""Every table, imported so that SQLModel.metadata knows them all."""

from casebook.db.models.audit import AuditEntry
from casebook.db.models.datasets import (
    CaseRevision,
    Dataset,
    DatasetCase,
    DatasetVersion,
    OrganizationUsage,
    VersionChange,
)
from casebook.db.models.grading import ModelBudget, ModelConnection, ModelUsage, Score
from casebook.db.models.identity import ApiKey, Membership, Organization, User, UserSession
from casebook.db.models.jobs import Job
from casebook.db.models.sharing import ResourceGrant
from casebook.db.models.structured import ReferenceEmbedding, StructuredResult

__all__ = [
    "ApiKey",
    "AuditEntry",
    "CaseRevision",
    "Dataset",
    "DatasetCase",
    "DatasetVersion",
    "Job",
    "Membership",
    "ModelBudget",
    "ModelConnection",
    "ModelUsage",
    "Organization",
    "OrganizationUsage",
    "ReferenceEmbedding",
    "ResourceGrant",
    "Score",
    "StructuredResult",
    "User",
    "UserSession",
    "VersionChange",
]
