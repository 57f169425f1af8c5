"""Domain enums registered as GraphQL enums; annotate fields with the domain classes."""

import strawberry

from casebook.domain.access.catalog import GrantLevel, Role, Visibility
from casebook.services.kernel.errors import ErrorCode

strawberry.enum(Role, name="Role", description="The six built-in roles.")
strawberry.enum(
    GrantLevel,
    name="GrantLevel",
    description="read and edit are offered; a legacy use grant is listed and does nothing.",
)
strawberry.enum(Visibility, name="Visibility")
strawberry.enum(
    ErrorCode,
    name="ErrorCode",
    description="Every code an error answers with, in its extensions.code. BAD_USER_INPUT "
    "names the fields at fault in extensions.fields: [{path, message}], paths dotted in the "
    "API's spelling (checks.2.contains.value); LIMIT_EXCEEDED may name one too. A resource "
    "you may not see is NOT_FOUND, exactly as one that never existed. UNAVAILABLE (HTTP 503) "
    "is worth retrying; INTERNAL is logged with the request id.",
)

__all__ = ["ErrorCode", "GrantLevel", "Role", "Visibility"]
