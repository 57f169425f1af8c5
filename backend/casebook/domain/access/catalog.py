"""The permission catalog and each role's reach over it (spec: Access).

A role holds a permission at one of four reaches:

- ``all``: on every resource of the organization, private ones included;
- ``shared``: on resources shared with the member — visible to the organization,
  granted to them, or their own;
- ``own``: on resources they own or were granted;
- no entry: not at all, whatever a grant says (a grant widens access to one
  resource and never changes a role).

The dataset rows are the spec's table. The spec names the other permissions
without a table; their rows follow its rules: every role that reads runs holds
``datasets:run`` across the organization, and a Member does not read runs.
"""

from enum import StrEnum
from typing import Final


class Permission(StrEnum):
    DATASETS_VIEW = "datasets:view"
    DATASETS_EDIT = "datasets:edit"
    DATASETS_RUN = "datasets:run"
    RUNS_VIEW = "runs:view"
    AGENTS_VIEW = "agents:view"
    AGENTS_EDIT = "agents:edit"
    AGENTS_RUN = "agents:run"
    CONNECTIONS_MANAGE = "connections:manage"
    # Organization administration: members, API keys of others, the audit log.
    ORGANIZATION_MANAGE = "organization:manage"


class Role(StrEnum):
    OWNER = "owner"
    ADMIN = "admin"
    BUILDER = "builder"
    OPERATOR = "operator"
    MEMBER = "member"
    VIEWER = "viewer"


class Reach(StrEnum):
    ALL = "all"
    SHARED = "shared"
    OWN = "own"


_P = Permission
_R = Role
ALL, SHARED, OWN = Reach.ALL, Reach.SHARED, Reach.OWN

ROLE_REACH: Final[dict[Role, dict[Permission, Reach]]] = {
    _R.OWNER: {p: ALL for p in Permission},
    _R.ADMIN: {p: ALL for p in Permission},
    _R.BUILDER: {
        _P.DATASETS_VIEW: ALL,
        _P.DATASETS_EDIT: SHARED,
        _P.DATASETS_RUN: ALL,
        _P.RUNS_VIEW: ALL,
        _P.AGENTS_VIEW: ALL,
        _P.AGENTS_EDIT: SHARED,
        _P.AGENTS_RUN: ALL,
    },
    _R.OPERATOR: {
        _P.DATASETS_VIEW: ALL,
        _P.DATASETS_RUN: ALL,
        _P.RUNS_VIEW: ALL,
        _P.AGENTS_VIEW: ALL,
        _P.AGENTS_RUN: ALL,
    },
    _R.MEMBER: {
        _P.DATASETS_VIEW: SHARED,
        _P.DATASETS_EDIT: OWN,
        _P.DATASETS_RUN: SHARED,
        _P.AGENTS_VIEW: SHARED,
        _P.AGENTS_EDIT: OWN,
        _P.AGENTS_RUN: SHARED,
    },
    _R.VIEWER: {
        _P.DATASETS_VIEW: SHARED,
        _P.AGENTS_VIEW: SHARED,
    },
}


class GrantLevel(StrEnum):
    READ = "read"
    EDIT = "edit"
    # Stored and listed, gives nothing: no longer offered (spec: Access).
    USE = "use"


OFFERED_GRANT_LEVELS: Final = (GrantLevel.READ, GrantLevel.EDIT)

# What each grant level gives on the resource it is on, per resource kind prefix.
GRANT_GIVES: Final[dict[GrantLevel, frozenset[str]]] = {
    GrantLevel.READ: frozenset({"view"}),
    GrantLevel.EDIT: frozenset({"view", "edit"}),
    GrantLevel.USE: frozenset(),
}


class Visibility(StrEnum):
    ORGANIZATION = "organization"
    PRIVATE = "private"
