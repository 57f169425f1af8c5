"""Every table, imported so that SQLModel.metadata knows them all."""

from casebook.db.models.audit import AuditEntry
from casebook.db.models.identity import ApiKey, Membership, Organization, User, UserSession
from casebook.db.models.jobs import Job
from casebook.db.models.sharing import ResourceGrant

__all__ = [
    "ApiKey",
    "AuditEntry",
    "Job",
    "Membership",
    "Organization",
    "ResourceGrant",
    "User",
    "UserSession",
]
