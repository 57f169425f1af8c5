"""The permission catalog and each role's reach over it (spec: Access).

A role holds a permission at one of four reaches, and each reach is the set of
routes (``REACH_ROUTES``) by which a member reaches one resource with it:

- ``all``: every resource of the organization, private ones included;
- ``shared``: a resource visible to the organization, their own, or one they
  hold a grant on that gives this very permission;
- ``own``: their own, or one they hold a grant on that gives this very permission;
- no entry: not at all, whatever a grant says (a grant widens access to one
  resource and never changes a role).

A grant gives exactly its level's actions (``GRANT_GIVES``) on the one
resource it is on - ``read`` views, ``edit`` views and edits, a legacy ``use``
gives nothing - and only where the member's role reaches that permission at
all. The same data decides one resource in Python (``policy.allows``) and a
list in SQL (``services/kernel/sharing.visible_clause``).

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


class Route(StrEnum):
    """One way a member reaches one resource with a permission."""

    IN_ORGANIZATION = "in_organization"  # any resource of the member's organization
    VISIBLE_TO_ORGANIZATION = "visible_to_organization"
    OWNED = "owned"
    GRANTED = "granted"  # a grant on it whose level gives this very permission


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


REACH_ROUTES: Final[dict[Reach, frozenset[Route]]] = {
    Reach.ALL: frozenset({Route.IN_ORGANIZATION}),
    Reach.SHARED: frozenset({Route.VISIBLE_TO_ORGANIZATION, Route.OWNED, Route.GRANTED}),
    Reach.OWN: frozenset({Route.OWNED, Route.GRANTED}),
}


class GrantLevel(StrEnum):
    READ = "read"
    EDIT = "edit"
    # Stored and listed, gives nothing: no longer offered (spec: Access).
    USE = "use"


OFFERED_GRANT_LEVELS: Final = (GrantLevel.READ, GrantLevel.EDIT)

# The actions each grant level gives on the one resource it is on, whatever its kind:
# a read grant on an agent gives agents:view as one on a dataset gives datasets:view.
GRANT_GIVES: Final[dict[GrantLevel, frozenset[str]]] = {
    GrantLevel.READ: frozenset({"view"}),
    GrantLevel.EDIT: frozenset({"view", "edit"}),
    GrantLevel.USE: frozenset(),
}


def action_of(permission: Permission) -> str:
    """``datasets:edit`` -> ``edit``."""
    return permission.value.split(":", 1)[1]


def grant_levels_giving(permission: Permission) -> tuple[GrantLevel, ...]:
    """The grant levels that give this very permission on the resource they are on."""
    action = action_of(permission)
    return tuple(level for level, gives in GRANT_GIVES.items() if action in gives)


class Visibility(StrEnum):
    ORGANIZATION = "organization"
    PRIVATE = "private"
