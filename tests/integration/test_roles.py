"""Each role's reach over the permission catalog, table-driven from the spec's role table."""

import pytest

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory

# The spec's table (Access), plus runs:view as its text fixes it: every role that
# reads runs holds datasets:run across the organization; a Member does not read runs.
EXPECTED = {
    Role.ADMIN: {
        "datasets:view",
        "datasets:edit",
        "datasets:run",
        "runs:view",
        "agents:view",
        "agents:edit",
        "agents:run",
        "connections:manage",
        "organization:manage",
    },
    Role.BUILDER: {
        "datasets:view",
        "datasets:edit",
        "datasets:run",
        "runs:view",
        "agents:view",
        "agents:edit",
        "agents:run",
    },
    Role.OPERATOR: {"datasets:view", "datasets:run", "runs:view", "agents:view", "agents:run"},
    Role.MEMBER: {
        "datasets:view",
        "datasets:edit",
        "datasets:run",
        "agents:view",
        "agents:edit",
        "agents:run",
    },
    Role.VIEWER: {"datasets:view", "agents:view"},
}


@pytest.mark.parametrize("role", list(EXPECTED))
async def test_each_role_holds_exactly_its_catalog_permissions(
    role: Role, member_as: MemberFactory
) -> None:
    api = await member_as(role)
    viewer = (await api("{ viewer { role permissions } }"))["viewer"]
    assert viewer["role"] == role.name
    assert set(viewer["permissions"]) == EXPECTED[role]


@pytest.mark.parametrize("role", [Role.BUILDER, Role.OPERATOR, Role.MEMBER, Role.VIEWER])
async def test_only_organization_managers_read_the_audit_log_or_add_members(
    role: Role, member_as: MemberFactory
) -> None:
    api = await member_as(role)
    assert (await api.errors("{ auditLog { edges { node { action } } } }")).codes == ["FORBIDDEN"]
    errors = await api.errors(
        'mutation { addMember(input: {email: "x@acme.test", role: VIEWER, password: "0123456789"}) { member { role } } }'
    )
    assert errors.codes == ["FORBIDDEN"]


async def test_only_an_owner_makes_an_owner_and_the_last_owner_stays(
    member_as: MemberFactory, owner
) -> None:
    admin = await member_as(Role.ADMIN)
    errors = await admin.errors(
        'mutation { addMember(input: {email: "o2@acme.test", role: OWNER, password: "0123456789"}) { member { role } } }'
    )
    assert errors.codes == ["FORBIDDEN"]
    me = (await owner("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    errors = await owner.errors(
        "mutation($u: ID!) { changeMemberRole(userId: $u, role: ADMIN) { member { role } } }",
        {"u": me},
    )
    assert errors.codes == ["CONFLICT"]
