"""Field-level rules: one ``@requires`` directive in the schema, one extension enforcing it.

Every field that needs a permission says so with ``requires(...)``; the
directive appears in ``schema.graphql`` as
``@requires(permission: RUNS_VIEW, onDenied: MASK)``, its argument an enum of
the catalog (``RequiredPermission``). When the rule fails the
field is refused (an error coded FORBIDDEN or UNAUTHENTICATED), answered with
null, or answered with a mask placeholder — as the field declares.

Besides catalog permissions, two pseudo-permissions exist: ``public`` (anyone,
signed in or not) and ``authenticated`` (any signed-in actor). Every root
field — query, mutation and subscription — declares one of them or a real
permission; a test enforces it. That makes this extension the one gate every
operation passes, so it also refuses requests whose credentials were presented
and rejected (a revoked key never reads as anonymous) and console mutations
without their CSRF token.

It is also where an API key's scopes meet every mutation. Each mutation has key
scopes: the permission it declares when that one changes something, else the
ones it names (``key_scopes=``; printed as ``keyScopes`` beside the permission).
A key holding none of them is refused before the mutation runs, whatever its
issuer's role would allow; an empty set is a console action no key performs.
Key scopes are changing permissions only, so a key scoped to reading is refused
every mutation, and the schema is not built while a mutation has none
(``refuse_mutations_without_key_scopes``).
"""

import inspect
from collections.abc import Awaitable, Callable, Iterable
from enum import Enum
from typing import Any

import strawberry
from graphql import OperationType
from strawberry.extensions import FieldExtension
from strawberry.schema_directive import Location
from strawberry.types.field import StrawberryField

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import (
    CHANGING_PERMISSIONS,
    changes_something,
    holds,
    key_may_change,
)
from casebook.domain.cases.masking import MASKED_TEXT
from casebook.graphql.live import held
from casebook.services.kernel.errors import Forbidden, Unauthenticated

PUBLIC = "public"
AUTHENTICATED = "authenticated"
MASK_PLACEHOLDER = MASKED_TEXT


@strawberry.enum
class OnDenied(Enum):
    REFUSE = "REFUSE"
    NULL = "NULL"
    MASK = "MASK"


_REQUIRED = {p.name: p.value for p in Permission} | {
    "PUBLIC": PUBLIC,
    "AUTHENTICATED": AUTHENTICATED,
}
# Built from the catalog, so a permission added there is one the directive takes.
RequiredPermission: Any = strawberry.enum(
    Enum("RequiredPermission", _REQUIRED),  # type: ignore[call-overload]
    description="What a field needs: a permission of the catalog, AUTHENTICATED (any "
    "signed-in actor) or PUBLIC (anyone).",
)


@strawberry.enum(
    description="What a field needs besides its permission: ANSWERING_AGENT - access "
    "(agents:view) to the agent that gave the answer, when the score records one."
)
class AlsoNeeds(Enum):
    ANSWERING_AGENT = "ANSWERING_AGENT"


@strawberry.schema_directive(locations=[Location.FIELD_DEFINITION], name="requires")
class RequiresDirective:
    permission: RequiredPermission
    on_denied: OnDenied = OnDenied.REFUSE
    # UNSET, not None: a field that needs nothing more prints no alsoNeeds at all.
    also_needs: AlsoNeeds | None = strawberry.UNSET
    # Printed only where a mutation names them: elsewhere they are its permission.
    key_scopes: list[RequiredPermission] | None = strawberry.UNSET


# A predicate that can grant access field by field from what the parent already
# holds (e.g. "this case's text came from a conversation the reader may open").
AllowIf = Callable[[Any, Any], bool]
# A condition that must hold as well as the permission, read through the request's
# loaders (e.g. "the reader may open the agent that answered").
AlsoIf = Callable[[Any, Any], Awaitable[bool]]


class Requires(FieldExtension):
    def __init__(
        self,
        permission: str | Permission,
        on_denied: OnDenied = OnDenied.REFUSE,
        *,
        allow_if: AllowIf | None = None,
        mask: Any = MASK_PLACEHOLDER,
        also: tuple[AlsoNeeds, AlsoIf] | None = None,
        key_scopes: Iterable[Permission] | None = None,
    ) -> None:
        self.permission = permission.value if isinstance(permission, Permission) else permission
        self.also = also
        # Unknown permission names fail at import time.
        self._needed = (
            None if self.permission in (PUBLIC, AUTHENTICATED) else Permission(self.permission)
        )
        self.on_denied = on_denied
        self.allow_if = allow_if
        self.mask = mask
        self._named_key_scopes = None if key_scopes is None else frozenset(key_scopes)
        self.key_scopes = self._key_scopes_of(self._named_key_scopes)

    def _key_scopes_of(self, named: frozenset[Permission] | None) -> frozenset[Permission] | None:
        """What an API key must hold one of to perform this field as a mutation: those
        named, else the permission itself when it changes something, else none declared."""
        if named is not None:
            reading = sorted(p.value for p in named if not changes_something(p))
            if reading:
                raise ValueError(f"a key scope of a change must change something: {reading}")
            return named
        if self._needed is not None and changes_something(self._needed):
            return frozenset({self._needed})
        return None

    def apply(self, field: StrawberryField) -> None:
        named = self._named_key_scopes
        field.directives.append(
            RequiresDirective(
                permission=RequiredPermission(self.permission),
                on_denied=self.on_denied,
                also_needs=self.also[0] if self.also is not None else strawberry.UNSET,
                key_scopes=strawberry.UNSET
                if named is None
                else [RequiredPermission(p.value) for p in sorted(named)],
            )
        )

    def _allowed(self, source: Any, info: Any) -> bool:
        if info.path.prev is None:
            # What holds for the whole request is checked where every operation passes,
            # at its root fields (each declares a permission); a page of cases then asks
            # no more of each of its hundreds of fields than the permission itself.
            _check_request(info)
            if info.operation.operation is OperationType.MUTATION:
                _check_key_scopes(info, self.key_scopes)
        if self.permission == PUBLIC:
            return True
        actor = info.context.actor
        if actor is None:
            if self.on_denied is OnDenied.REFUSE:
                raise Unauthenticated()
            return False
        if self._held_by(actor):
            return True
        return self.allow_if is not None and bool(self.allow_if(source, info))

    def _held_by(self, actor: Any) -> bool:
        return self._needed is None or holds(actor, self._needed)

    def passes_through(self, context: Any, *, at_root: bool) -> bool:
        """True when this rule lets the field's own value through for this reader without
        asking anything of the value (the reader holds the permission, below the root):
        ``lean_execution`` may then read the value directly. False leaves the decision,
        masking included, to the full path through ``resolve``."""
        if at_root:
            return False  # the root's full check also looks at the request as a whole
        if self.also is not None:
            return False  # the condition reads the value's parent: the full path asks it
        if self.permission == PUBLIC:
            return True
        actor = getattr(context, "actor", None)
        return actor is not None and self._held_by(actor)

    def _denied(self) -> Any:
        if self.on_denied is OnDenied.NULL:
            return None
        if self.on_denied is OnDenied.MASK:
            return self.mask
        raise Forbidden(f"this needs the {self.permission} permission")

    def resolve(self, next_: Callable[..., Any], source: Any, info: Any, **kwargs: Any) -> Any:
        if self.also is not None:
            raise TypeError("a field whose rule asks a condition as well must be async")
        if not self._allowed(source, info):
            return self._denied()
        return next_(source, info, **kwargs)

    async def resolve_async(
        self, next_: Callable[..., Awaitable[Any]], source: Any, info: Any, **kwargs: Any
    ) -> Any:
        if not self._allowed(source, info):
            return self._denied()
        if self.also is not None and not await self.also[1](source, info):
            return self._denied()
        result = next_(source, info, **kwargs)
        if inspect.isasyncgen(result):
            # A subscription: its principal is held to this rule for as long as it runs.
            return held(info.context, result, lambda: self._still_allowed(source, info))
        return await result if inspect.isawaitable(result) else result

    async def _still_allowed(self, source: Any, info: Any) -> None:
        if not self._allowed(source, info):
            self._denied()


def _check_request(info: Any) -> None:
    auth = getattr(info.context, "auth", None)
    if auth is None:
        return
    if auth.rejection is not None:
        raise auth.rejection
    is_mutation = info.operation.operation is OperationType.MUTATION
    if is_mutation and auth.via == "session" and not auth.csrf_ok:
        raise Forbidden("a console mutation needs the X-CSRF-Token header from viewer.csrfToken")


def _check_key_scopes(info: Any, key_scopes: frozenset[Permission] | None) -> None:
    """An API key performs a mutation only with one of its key scopes (see the module)."""
    actor = info.context.actor
    # A mutation that declares none (the schema refuses to build then) no key performs.
    if actor is None or key_may_change(actor, key_scopes or frozenset()):
        return
    if not key_scopes:
        raise Forbidden(f"{info.field_name} is for a console session: an API key cannot do it")
    needed = (
        "a scope that changes something, not only reading"
        if key_scopes == CHANGING_PERMISSIONS
        else " or ".join(sorted(p.value for p in key_scopes))
    )
    raise Forbidden(f"this API key's scopes do not allow {info.field_name}: it needs {needed}")


def requires(
    permission: str | Permission,
    on_denied: OnDenied = OnDenied.REFUSE,
    *,
    allow_if: AllowIf | None = None,
    mask: Any = MASK_PLACEHOLDER,
    also: tuple[AlsoNeeds, AlsoIf] | None = None,
    key_scopes: Iterable[Permission] | None = None,
) -> list[FieldExtension]:
    """``extensions=requires(...)`` on a field; ``also`` names a condition that must hold
    as well (the field must then be async); ``key_scopes`` what an API key must hold one
    of to perform a mutation whose permission changes nothing (see the module)."""
    return [
        Requires(
            permission, on_denied, allow_if=allow_if, mask=mask, also=also, key_scopes=key_scopes
        )
    ]


def declared_permission(field: StrawberryField) -> str | None:
    for extension in field.extensions:
        if isinstance(extension, Requires):
            return extension.permission
    return None


def declared_key_scopes(field: StrawberryField) -> frozenset[Permission] | None:
    for extension in field.extensions:
        if isinstance(extension, Requires):
            return extension.key_scopes
    return None


def refuse_mutations_without_key_scopes(mutation: type) -> None:
    """The schema is not built while a mutation says nothing of what an API key needs."""
    undeclared = [
        field.name
        for field in mutation.__strawberry_definition__.fields  # type: ignore[attr-defined]
        if declared_key_scopes(field) is None
    ]
    if undeclared:
        raise TypeError(
            "every mutation needs key scopes (a permission that changes something, or "
            f"requires(..., key_scopes=...)): {', '.join(sorted(undeclared))}"
        )
