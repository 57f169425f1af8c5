"""A member of several organizations acts in one per request, and sees only its resources."""

from casebook.services.identity.members import create_organization_with_owner
from tests.integration.conftest import PASSWORD, Org
from tests.integration.datasets.helpers import create_dataset
from tests.support.graphql_client import Api

VIEWER = "{ viewer { organization { id name } role memberships { organization { name } role } } }"


async def test_switching_organization_changes_what_every_request_acts_in(
    owner: Api, org: Org, sessionmaker
) -> None:
    other, _ = await create_organization_with_owner(
        sessionmaker,
        organization_name="Beta",
        email=org.owner_email,
        name="Olive Owner",
        password=PASSWORD,
    )
    acme_dataset = await create_dataset(owner, "Acme only")
    viewer = (await owner(VIEWER))["viewer"]
    assert viewer["organization"]["name"] == "Acme"
    assert sorted(m["organization"]["name"] for m in viewer["memberships"]) == ["Acme", "Beta"]
    from casebook.graphql.ids import encode_id

    beta_id = str(encode_id("Organization", other.id))
    switched = await owner(
        "mutation($o: ID!) { switchOrganization(organizationId: $o) { viewer { organization { name } } } }",
        {"o": beta_id},
    )
    assert switched["switchOrganization"]["viewer"]["organization"]["name"] == "Beta"
    assert (await owner(VIEWER))["viewer"]["organization"]["name"] == "Beta"
    # Acme's dataset does not exist from inside Beta, on any path.
    assert (await owner("{ datasets { totalCount } }"))["datasets"]["totalCount"] == 0
    errors = await owner.errors("query($d: ID!) { dataset(id: $d) { name } }", {"d": acme_dataset})
    assert errors.codes == ["NOT_FOUND"]
    # One request may name the organization it acts in, among the member's own.
    owner.headers["x-casebook-organization"] = org.global_id
    assert (await owner("{ datasets { totalCount } }"))["datasets"]["totalCount"] == 1


async def test_a_request_naming_an_organization_the_member_is_not_in_is_refused(
    owner: Api, sessionmaker
) -> None:
    stranger, _ = await create_organization_with_owner(
        sessionmaker, organization_name="Gamma", email="g@gamma.test", name="G", password=PASSWORD
    )
    from casebook.graphql.ids import encode_id

    owner.headers["x-casebook-organization"] = str(encode_id("Organization", stranger.id))
    errors = await owner.errors("{ datasets { totalCount } }")
    assert errors.codes == ["FORBIDDEN"]
    errors = await owner.errors(
        "mutation($o: ID!) { switchOrganization(organizationId: $o) { viewer { role } } }",
        {"o": str(encode_id("Organization", stranger.id))},
    )
    assert errors.codes == ["FORBIDDEN"]
