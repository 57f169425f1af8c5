import strawberry

from casebook.domain.access.catalog import ROLE_REACH, Permission
from casebook.graphql.types.enums import Role


@strawberry.type(name="RolePermission", description="One permission a role holds, and how far.")
class RolePermissionType:
    permission: str
    reach: str = strawberry.field(
        description="all: every resource of the organization; shared: those visible to it, "
        "their own, or granted; own: their own, or granted."
    )


@strawberry.type(name="RoleDescription", description="What one of the six roles may do.")
class RoleDescriptionType:
    role: Role
    permissions: list[RolePermissionType] = strawberry.field(
        description="In catalog order; a permission left out is not held at all."
    )

    @classmethod
    def catalog(cls) -> list["RoleDescriptionType"]:
        return [
            cls(
                role=role,
                permissions=[
                    RolePermissionType(permission=p.value, reach=reaches[p].value)
                    for p in Permission
                    if p in reaches
                ],
            )
            for role, reaches in ROLE_REACH.items()
        ]
