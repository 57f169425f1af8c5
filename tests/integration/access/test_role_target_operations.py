"""Every role performs every operation on datasets it owns, sees, is granted or cannot see,
and each answer is what the spec's Access table says (``spec_table``).

Targets: its own (private), one visible to the organization, a private one, private with
a read grant, with an edit grant, with a legacy use grant, and another organization's.
"""

import pytest

from casebook.domain.access.catalog import Role
from tests.integration.access.conftest import SubjectFactory
from tests.integration.access.operations import OPERATIONS
from tests.integration.access.spec_table import FORBIDDEN, OK, Target, expected
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import CREATE
from tests.support.graphql_client import Api

ROLES = list(Role)


@pytest.mark.parametrize("role", ROLES, ids=[r.value for r in ROLES])
async def test_each_role_on_each_target_gets_what_the_table_says(
    role: Role, member_as: MemberFactory, subject_for: SubjectFactory
) -> None:
    actor = await member_as(role)
    mismatches: list[str] = []
    performed = 0
    for target in Target:
        subject = await subject_for(target, actor)
        for name, needs, perform in OPERATIONS:
            got = await perform(subject)
            want = expected(role, target, needs)
            performed += 1
            if got != want:
                mismatches.append(f"{role.value} / {target.value} / {name}: {got}, not {want}")
    print(f"\n{role.value}: {performed} operations performed over {len(Target)} targets")
    assert performed == len(Target) * len(OPERATIONS)
    assert mismatches == []


async def test_creating_a_dataset_needs_datasets_edit_somewhere(member_as: MemberFactory) -> None:
    for role in Role:
        api: Api = await member_as(role)
        body = await api.raw(CREATE, {"i": {"name": f"{role.value}'s own"}})
        creates = role not in (Role.OPERATOR, Role.VIEWER)
        got = OK if not body.get("errors") else body["errors"][0]["extensions"]["code"]
        assert got == (OK if creates else FORBIDDEN), role
