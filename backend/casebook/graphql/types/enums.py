"""Domain enums registered as GraphQL enums; annotate fields with the domain classes."""

import strawberry

from casebook.domain.access.catalog import GrantLevel, Role, Visibility

strawberry.enum(Role, name="Role", description="The six built-in roles.")
strawberry.enum(
    GrantLevel,
    name="GrantLevel",
    description="read and edit are offered; a legacy use grant is listed and does nothing.",
)
strawberry.enum(Visibility, name="Visibility")

__all__ = ["GrantLevel", "Role", "Visibility"]
