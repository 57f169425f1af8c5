"""The one access policy. Services ask it; nothing else decides access."""

from collections.abc import Iterable
from dataclasses import dataclass

from casebook.domain.access.catalog import (
    REACH_ROUTES,
    ROLE_REACH,
    GrantLevel,
    Permission,
    Reach,
    Role,
    Route,
    Visibility,
    action_of,
    grant_levels_giving,
)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is acting, in which organization, with which role and key scopes.

    ``scopes`` is None for a console session (the whole role) and the key's
    scopes for an API key: they only ever narrow the issuer's role.
    """

    user_id: int
    organization_id: int
    role: Role
    scopes: frozenset[Permission] | None = None
    api_key_id: int | None = None


@dataclass(frozen=True, slots=True)
class SharedResource:
    """What the policy needs to know about one shared resource."""

    organization_id: int
    owner_user_id: int | None
    visibility: Visibility
    grant_levels: frozenset[GrantLevel] = frozenset()


def reach(actor: Actor, permission: Permission) -> Reach | None:
    if actor.scopes is not None and permission not in actor.scopes:
        return None
    return ROLE_REACH[actor.role].get(permission)


def holds(actor: Actor, permission: Permission) -> bool:
    """Whether the actor holds the permission anywhere in its organization."""
    return reach(actor, permission) is not None


def changes_something(permission: Permission) -> bool:
    """Whether the permission lets its holder change something (any action but ``view``)."""
    return action_of(permission) != "view"


# Every permission that changes something: "any of these" is what a change that no single
# permission governs (queueing a ping, minting a key) asks of an API key.
CHANGING_PERMISSIONS: frozenset[Permission] = frozenset(
    p for p in Permission if changes_something(p)
)


def key_may_change(actor: Actor, needs_one_of: frozenset[Permission]) -> bool:
    """Whether the actor may perform a change whose key scopes are ``needs_one_of``.

    A console session (no scopes) always passes here: its role is checked where the change
    is made. An API key must hold one of them, within its issuer's current role; an empty
    set is a change no key may make (signing in or out, switching organization).
    """
    if actor.scopes is None:
        return True
    return any(holds(actor, permission) for permission in needs_one_of)


def effective_permissions(actor: Actor) -> list[Permission]:
    return [p for p in Permission if holds(actor, p)]


def may_issue_api_keys(actor: Actor) -> bool:
    """Whether the actor may mint API keys: only one who may do more than read. A key
    scoped only to reading mints none (a leaked read key must not outlive its revocation
    by minting another), and neither does a Viewer, whose whole role is reading."""
    return any(action_of(p) != "view" for p in effective_permissions(actor))


def routes(actor: Actor, permission: Permission) -> frozenset[Route]:
    """The routes by which the actor reaches a resource with this permission (none: never)."""
    level = reach(actor, permission)
    return frozenset() if level is None else REACH_ROUTES[level]


def _takes(route: Route, actor: Actor, permission: Permission, resource: SharedResource) -> bool:
    if route is Route.IN_ORGANIZATION:
        return True
    if route is Route.VISIBLE_TO_ORGANIZATION:
        return resource.visibility is Visibility.ORGANIZATION
    if route is Route.OWNED:
        return resource.owner_user_id is not None and resource.owner_user_id == actor.user_id
    giving = grant_levels_giving(permission)
    return any(level in giving for level in resource.grant_levels)


def allows(actor: Actor, permission: Permission, resource: SharedResource) -> bool:
    """Whether the actor may do ``permission`` on this one resource."""
    if resource.organization_id != actor.organization_id:
        return False
    return any(_takes(route, actor, permission, resource) for route in routes(actor, permission))


def narrow_scopes(role: Role, requested: Iterable[str]) -> frozenset[Permission]:
    """The scopes a new API key may carry: known permissions its issuer's role holds.

    Raises ValueError naming an unknown scope, or one the role does not hold.
    """
    scopes: set[Permission] = set()
    for raw in requested:
        try:
            permission = Permission(raw)
        except ValueError:
            raise ValueError(f"unknown scope {raw!r}") from None
        if permission not in ROLE_REACH[role]:
            raise ValueError(f"scope {raw!r} is beyond the issuer's role")
        scopes.add(permission)
    return frozenset(scopes)
