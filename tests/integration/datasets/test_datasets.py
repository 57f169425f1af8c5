"""Datasets: create, list, rename/describe without a version, delete, share, visibility."""

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.support.graphql_client import Api

LIST = "{ datasets { totalCount edges { node { name visibility ownedByViewer } } } }"
DETAILS = "mutation($i: UpdateDatasetDetailsInput!) { updateDatasetDetails(input: $i) { dataset { name description latestVersion } } }"


async def test_a_new_dataset_is_visible_to_the_organization_and_records_its_owner(
    owner: Api, member_as: MemberFactory
) -> None:
    await create_dataset(owner, "Returns")
    viewer = await member_as(Role.VIEWER)
    listed = (await viewer(LIST))["datasets"]
    assert listed["totalCount"] == 1
    assert listed["edges"][0]["node"] == {
        "name": "Returns",
        "visibility": "ORGANIZATION",
        "ownedByViewer": False,
    }
    assert (await owner(LIST))["datasets"]["edges"][0]["node"]["ownedByViewer"] is True


async def test_a_private_dataset_is_not_found_without_a_grant_and_visible_with_one(
    owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner, "Secret", private=True)
    member = await member_as(Role.MEMBER)
    assert (await member(LIST))["datasets"]["totalCount"] == 0
    query = "query($id: ID!) { dataset(id: $id) { name } }"
    errors = await member.errors(query, {"id": dataset_id})
    assert errors.codes == ["NOT_FOUND"]
    # The same answer on every path: reading cases, exporting, editing, adding.
    assert (await member("query($id: ID!) { node(id: $id) { id } }", {"id": dataset_id}))[
        "node"
    ] is None
    assert (await member.errors(DETAILS, {"i": {"id": dataset_id, "name": "x"}})).codes == [
        "NOT_FOUND"
    ]
    errors = await member.errors(
        'mutation($d: ID!) { addCase(datasetId: $d, case: {input: "q", referenceAnswer: "a"}) { version } }',
        {"d": dataset_id},
    )
    assert errors.codes == ["NOT_FOUND"]
    member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    await owner(
        "mutation($d: ID!, $u: ID!) { shareDataset(id: $d, userId: $u, level: READ) { grant { level } } }",
        {"d": dataset_id, "u": member_id},
    )
    assert (await member(query, {"id": dataset_id}))["dataset"]["name"] == "Secret"
    # read does not let them edit: now that they may see it, the refusal says so.
    assert (await member.errors(DETAILS, {"i": {"id": dataset_id, "name": "x"}})).codes == [
        "FORBIDDEN"
    ]


async def test_rename_and_describe_create_no_version(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id)
    data = await owner(
        DETAILS,
        {"i": {"id": dataset_id, "name": "  Support   bot v2 ", "description": "For the chat"}},
    )
    assert data["updateDatasetDetails"]["dataset"] == {
        "name": "Support bot v2",
        "description": "For the chat",
        "latestVersion": 1,
    }
    errors = await owner.errors(DETAILS, {"i": {"id": dataset_id, "name": "   "}})
    assert errors.errors[0]["extensions"]["fields"] == [
        {"path": "name", "message": "a dataset needs a name"}
    ]


async def test_delete_removes_the_dataset_and_frees_its_revisions(owner: Api, sessionmaker) -> None:
    from sqlalchemy import select

    from casebook.db.models import CaseRevision, OrganizationUsage

    dataset_id = await create_dataset(owner)
    await add_case(owner, dataset_id)
    await add_case(owner, dataset_id, {"input": "Another", "counterExample": "No"})
    async with sessionmaker() as session:
        assert (await session.execute(select(OrganizationUsage.case_revisions))).scalar_one() == 2
    await owner("mutation($id: ID!) { deleteDataset(id: $id) { deletedId } }", {"id": dataset_id})
    assert (
        await owner.errors("query($id: ID!) { dataset(id: $id) { name } }", {"id": dataset_id})
    ).codes == ["NOT_FOUND"]
    async with sessionmaker() as session:
        assert (await session.execute(select(OrganizationUsage.case_revisions))).scalar_one() == 0
        assert (await session.execute(select(CaseRevision))).first() is None


async def test_sharing_offers_read_and_edit_and_lists_a_legacy_use_grant_as_doing_nothing(
    owner: Api, member_as: MemberFactory, sessionmaker
) -> None:
    from casebook.db.models import ResourceGrant

    dataset_id = await create_dataset(owner, "Shared", private=True)
    member = await member_as(Role.MEMBER)
    member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    share = "mutation($d: ID!, $u: ID!, $l: GrantLevel!) { shareDataset(id: $d, userId: $u, level: $l) { grant { level doesNothing } } }"
    errors = await owner.errors(share, {"d": dataset_id, "u": member_id, "l": "USE"})
    assert errors.codes == ["BAD_USER_INPUT"]
    # A use grant made before is kept, listed as doing nothing, and gives nothing.
    from casebook.graphql.ids import decode_id

    async with sessionmaker() as session, session.begin():
        session.add(
            ResourceGrant(
                organization_id=1,
                resource_type="dataset",
                resource_id=decode_id(dataset_id, "Dataset"),
                grantee_user_id=decode_id(member_id, "User"),
                level="use",
            )
        )
    grants = await owner(
        "query($d: ID!) { dataset(id: $d) { grants { level doesNothing } } }", {"d": dataset_id}
    )
    assert grants["dataset"]["grants"] == [{"level": "USE", "doesNothing": True}]
    assert (
        await member.errors("query($d: ID!) { dataset(id: $d) { name } }", {"d": dataset_id})
    ).codes == ["NOT_FOUND"]
    edit = (await owner(share, {"d": dataset_id, "u": member_id, "l": "EDIT"}))["shareDataset"][
        "grant"
    ]
    assert edit == {"level": "EDIT", "doesNothing": False}
    await add_case(member, dataset_id)  # an edit grant lets a Member change cases
    await owner(
        "mutation($d: ID!, $u: ID!) { revokeDatasetGrant(id: $d, userId: $u) { dataset { name } } }",
        {"d": dataset_id, "u": member_id},
    )
    assert (
        await member.errors("query($d: ID!) { dataset(id: $d) { name } }", {"d": dataset_id})
    ).codes == ["NOT_FOUND"]


async def test_visibility_changes_later(owner: Api, member_as: MemberFactory) -> None:
    dataset_id = await create_dataset(owner, "Later", private=True)
    viewer = await member_as(Role.VIEWER)
    assert (await viewer(LIST))["datasets"]["totalCount"] == 0
    await owner(
        "mutation($d: ID!) { setDatasetVisibility(id: $d, visibility: ORGANIZATION) { dataset { visibility } } }",
        {"d": dataset_id},
    )
    assert (await viewer(LIST))["datasets"]["totalCount"] == 1
