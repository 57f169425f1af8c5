"""Each role's reach over datasets, table-driven from the spec's role table (Access).

| | Owner | Admin | Builder | Operator | Member | Viewer |
| datasets:view | all | all | all | all | shared | shared |
| datasets:edit | all | all | shared | - | own | - |
| datasets:run | all | all | all | all | shared | - |

"shared" reaches what is visible to the organization or granted, "own" what the
member owns or was granted, "all" everything, private ones included.
"""

import pytest

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import CREATE, create_dataset
from tests.support.graphql_client import Api

CAN = "query($d: ID!) { dataset(id: $d) { viewerCan { view edit run } } }"

# role: (on another's organization-visible dataset, on another's private dataset, may create its own)
REACH = {
    Role.ADMIN: (
        {"view": True, "edit": True, "run": True},
        {"view": True, "edit": True, "run": True},
        True,
    ),
    Role.BUILDER: (
        {"view": True, "edit": True, "run": True},
        {"view": True, "edit": False, "run": True},
        True,
    ),
    Role.OPERATOR: (
        {"view": True, "edit": False, "run": True},
        {"view": True, "edit": False, "run": True},
        False,
    ),
    Role.MEMBER: ({"view": True, "edit": False, "run": True}, None, True),
    Role.VIEWER: ({"view": True, "edit": False, "run": False}, None, False),
}


@pytest.mark.parametrize("role", list(REACH))
async def test_each_roles_reach_over_datasets(
    role: Role, owner: Api, member_as: MemberFactory
) -> None:
    shared_id = await create_dataset(owner, "Shared with the organization")
    private_id = await create_dataset(owner, "Private to its owner", private=True)
    on_shared, on_private, creates = REACH[role]
    api = await member_as(role)
    assert (await api(CAN, {"d": shared_id}))["dataset"]["viewerCan"] == on_shared
    if on_private is None:
        assert (await api.errors(CAN, {"d": private_id})).codes == ["NOT_FOUND"]
    else:
        assert (await api(CAN, {"d": private_id}))["dataset"]["viewerCan"] == on_private
    if creates:
        own_id = (await api(CREATE, {"i": {"name": "Mine"}}))["createDataset"]["dataset"]["id"]
        assert (await api(CAN, {"d": own_id}))["dataset"]["viewerCan"]["edit"] is True
    else:
        assert (await api.errors(CREATE, {"i": {"name": "Mine"}})).codes == ["FORBIDDEN"]


async def test_a_grant_widens_a_shared_or_own_reach_to_one_dataset_but_never_a_role(
    owner: Api, member_as: MemberFactory
) -> None:
    private_id = await create_dataset(owner, "Granted", private=True)
    share = "mutation($d: ID!, $u: ID!, $l: GrantLevel!) { shareDataset(id: $d, userId: $u, level: $l) { grant { level } } }"
    for role, expected in (
        (Role.MEMBER, {"view": True, "edit": True, "run": True}),
        (Role.VIEWER, {"view": True, "edit": False, "run": False}),
    ):
        api = await member_as(role)
        user_id = (await api("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
        await owner(share, {"d": private_id, "u": user_id, "l": "EDIT"})
        assert (await api(CAN, {"d": private_id}))["dataset"]["viewerCan"] == expected
