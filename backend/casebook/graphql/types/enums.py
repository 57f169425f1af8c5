"""Enums of the domain exposed as GraphQL enums (one definition, reused)."""

import strawberry

from casebook.domain.access.catalog import GrantLevel, Role, Visibility

RoleEnum = strawberry.enum(Role, name="Role", description="The six built-in roles.")
GrantLevelEnum = strawberry.enum(
    GrantLevel, name="GrantLevel", description="read and edit are offered; a legacy use grant does nothing."
)
VisibilityEnum = strawberry.enum(Visibility, name="Visibility")
