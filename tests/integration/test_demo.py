"""The demo `make run` seeds on an empty database: an organization, its admin, a sample dataset."""

from casebook.services.demo import SAMPLE_CASES, seed_demo_if_empty
from tests.support.graphql_client import Api


async def test_an_empty_database_gets_the_demo_once_and_its_admin_signs_in(
    sessionmaker, settings, http
) -> None:
    created = await seed_demo_if_empty(sessionmaker, settings)
    assert created is not None and len(created.password) >= 12
    assert await seed_demo_if_empty(sessionmaker, settings) is None
    api = Api(http)
    viewer = await api.login(created.email, created.password)
    assert viewer["organization"]["name"] == "Demo organization" and viewer["role"] == "OWNER"
    listed = await api("{ datasets { edges { node { name caseCount latestVersion } } } }")
    node = listed["datasets"]["edges"][0]["node"]
    assert node == {
        "name": "Shop assistant (sample)",
        "caseCount": len(SAMPLE_CASES),
        "latestVersion": len(SAMPLE_CASES),
    }
