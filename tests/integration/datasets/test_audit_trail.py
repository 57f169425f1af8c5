"""Every change to a dataset, every grant and every export leaves an audit entry."""

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import REMOVE, UPDATE, add_case, create_dataset
from tests.integration.datasets.test_files import EXPORT, upload
from tests.support.graphql_client import Api

AUDIT = '{ auditLog(first: 100, resourceType: "dataset") { edges { node { action summary actorUserId } } } }'


async def test_each_dataset_change_is_audited_in_order(
    owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner, "Audited")
    await owner(
        "mutation($i: UpdateDatasetDetailsInput!) { updateDatasetDetails(input: $i) { dataset { name } } }",
        {"i": {"id": dataset_id, "description": "why"}},
    )
    await owner(
        "mutation($d: ID!) { setDatasetVisibility(id: $d, visibility: PRIVATE) { dataset { name } } }",
        {"d": dataset_id},
    )
    member = await member_as(Role.MEMBER)
    member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    await owner(
        "mutation($d: ID!, $u: ID!) { shareDataset(id: $d, userId: $u, level: READ) { grant { level } } }",
        {"d": dataset_id, "u": member_id},
    )
    await owner(
        "mutation($d: ID!, $u: ID!) { revokeDatasetGrant(id: $d, userId: $u) { dataset { name } } }",
        {"d": dataset_id, "u": member_id},
    )
    added = (await add_case(owner, dataset_id))["case"]
    await owner(UPDATE, {"id": added["id"], "base": 1, "c": {"note": "n"}})
    await upload(owner, dataset_id, b'{"input": "Q", "reference_answer": "A"}\n', "one.jsonl")
    await owner(EXPORT, {"d": dataset_id, "f": "csv"})
    await owner(REMOVE, {"id": added["id"], "base": 3})
    await owner("mutation($id: ID!) { deleteDataset(id: $id) { deletedId } }", {"id": dataset_id})
    actions = [e["node"]["action"] for e in (await owner(AUDIT))["auditLog"]["edges"]]
    assert actions == list(
        reversed(
            [
                "dataset.create",
                "dataset.update_details",
                "dataset.visibility",
                "dataset.grant",
                "dataset.revoke_grant",
                "case.add",
                "case.edit",
                "case.import",
                "dataset.export",
                "case.remove",
                "dataset.delete",
            ]
        )
    )
