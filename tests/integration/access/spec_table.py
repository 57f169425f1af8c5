"""The spec's Access table, written out here and not read from the code, and what it implies
for one role on one target.

| | Owner | Admin | Builder | Operator | Member | Viewer |
|---|---|---|---|---|---|---|
| `datasets:view` | all | all | all | all | shared | shared |
| `datasets:edit` | all | all | shared | - | own | - |
| `datasets:run` | all | all | all | all | shared | - |

A grant gives its level's permission on one resource (``read`` gives view, ``edit`` view
and edit, a legacy ``use`` nothing) and never changes a role: ``shared`` reaches what is
visible to the organization, one's own, or a grant that gives that very permission;
``own`` one's own or such a grant; ``all`` everything of the organization. Starting
anything that is paid for needs ``runs:view`` before anything else, which every role but
Member and Viewer holds.
"""

from dataclasses import dataclass
from enum import Enum

from casebook.domain.access.catalog import Role

OW, A, B, OP, M, V = (
    Role.OWNER,
    Role.ADMIN,
    Role.BUILDER,
    Role.OPERATOR,
    Role.MEMBER,
    Role.VIEWER,
)

TABLE: dict[str, dict[Role, str | None]] = {
    "datasets:view": {OW: "all", A: "all", B: "all", OP: "all", M: "shared", V: "shared"},
    "datasets:edit": {OW: "all", A: "all", B: "shared", OP: None, M: "own", V: None},
    "datasets:run": {OW: "all", A: "all", B: "all", OP: "all", M: "shared", V: None},
    # docs/agents.md, "Permissions": the same logic as the datasets rows. Skills follow the
    # agents:view and agents:edit rows.
    "agents:view": {OW: "all", A: "all", B: "all", OP: "all", M: "shared", V: "shared"},
    "agents:edit": {OW: "all", A: "all", B: "shared", OP: None, M: "own", V: None},
    "agents:run": {OW: "all", A: "all", B: "all", OP: "all", M: "shared", V: None},
    # Administration of the organization: members, the audit log, and personal data -
    # erasing a person, a person's data export, conversation retention.
    "organization:manage": {OW: "all", A: "all", B: None, OP: None, M: None, V: None},
}
READS_RUNS = {OW, A, B, OP}
GRANT_LEVEL_GIVES = {"read": {"view"}, "edit": {"view", "edit"}, "use": set()}


class Target(Enum):
    OWN = "own (private)"
    ORGANIZATION_VISIBLE = "organization-visible"
    PRIVATE = "private"
    PRIVATE_READ = "private + read grant"
    PRIVATE_EDIT = "private + edit grant"
    PRIVATE_USE = "private + legacy use grant"
    OTHER_ORGANIZATION = "another organization's"

    @property
    def grant(self) -> str | None:
        return {
            Target.PRIVATE_READ: "read",
            Target.PRIVATE_EDIT: "edit",
            Target.PRIVATE_USE: "use",
        }.get(self)


OK, NOT_FOUND, FORBIDDEN = "ok", "NOT_FOUND", "FORBIDDEN"


def may(role: Role, target: Target, permission: str) -> bool:
    """What the table and the grant rule say of one role doing ``permission`` on one target."""
    reach = TABLE[permission][role]
    if reach is None or target is Target.OTHER_ORGANIZATION:
        return False
    if reach == "all":
        return True
    granted = (
        target.grant is not None and permission.split(":")[1] in GRANT_LEVEL_GIVES[target.grant]
    )
    if reach == "shared":
        return target in (Target.OWN, Target.ORGANIZATION_VISIBLE) or granted
    return target is Target.OWN or granted


@dataclass(frozen=True)
class Needs:
    permission: str
    reads_runs: bool = False
    # A field of the resource (``dataset(id) { proposedCases }``): the resource is looked up
    # first, so one the role may not see is not found before the field is refused.
    field_of_resource: bool = False


def expected(role: Role, target: Target, needs: Needs) -> str:
    """Refused outright when the role holds the permission nowhere (or does not read runs,
    for what is paid for); not found when it may not see the target - whatever its role
    allows elsewhere, and before anything else for a field of the target; forbidden when it
    may see it but not do the thing."""
    family = needs.permission.split(":")[0]
    if needs.field_of_resource and not may(role, target, f"{family}:view"):
        return NOT_FOUND
    if TABLE[needs.permission][role] is None or (needs.reads_runs and role not in READS_RUNS):
        return FORBIDDEN
    if not may(role, target, f"{family}:view"):
        return NOT_FOUND
    return OK if may(role, target, needs.permission) else FORBIDDEN
