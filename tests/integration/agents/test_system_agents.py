"""The case generator "is a system agent seeded in every organization": it exists as soon
as its organization does, before anything is generated, and nobody may rename, reconfigure
or delete it - an Owner neither."""

from typing import Any

from sqlalchemy import text

from casebook.graphql.ids import encode_id
from tests.integration.agents.helpers import AGENT_MODEL
from tests.integration.conftest import Org
from tests.integration.grading.helpers import add_connection
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

RENAME = """mutation($i: UpdateAgentDetailsInput!) { updateAgentDetails(input: $i) {
  agent { name } } }"""
DELETE = "mutation($id: ID!) { deleteAgent(id: $id) { deletedId } }"
CONFIGURE = """mutation($i: ConfigureModelAgentInput!) { configureModelAgent(input: $i) {
  version { number } } }"""
AGENT = "query($id: ID!) { agent(id: $id) { name } }"


async def _generators(sessionmaker: Any, organization_id: int) -> list[Any]:
    async with sessionmaker() as session:
        found = await session.execute(
            text(
                "SELECT id, name, visibility, latest_version FROM agents "
                "WHERE organization_id = :o AND system_role = 'generator'"
            ),
            {"o": organization_id},
        )
        return list(found.all())


async def test_the_generator_is_seeded_with_its_organization(org: Org, sessionmaker: Any) -> None:
    [generator] = await _generators(sessionmaker, org.id)
    assert (generator.name, generator.visibility, generator.latest_version) == (
        "Case generator",
        "organization",
        0,
    )
    async with sessionmaker() as session:
        generations = await session.execute(text("SELECT count(*) FROM generations"))
        assert generations.scalar_one() == 0  # nothing was generated to make it


async def test_the_generator_cannot_be_renamed_reconfigured_or_deleted(
    owner: Api, org: Org, sessionmaker: Any, model_server: ModelServer
) -> None:
    [generator] = await _generators(sessionmaker, org.id)
    agent_id = str(encode_id("Agent", generator.id))
    renamed = await owner.errors(RENAME, {"i": {"id": agent_id, "name": "My generator"}})
    assert renamed.codes == ["CONFLICT"]
    assert "cannot be renamed" in renamed.errors[0]["message"]
    connection = await add_connection(owner, model_server, models=[AGENT_MODEL])
    configured = await owner.errors(
        CONFIGURE,
        {"i": {"id": agent_id, "config": {"connectionId": connection, "model": AGENT_MODEL}}},
    )
    assert configured.codes == ["CONFLICT"]
    deleted = await owner.errors(DELETE, {"id": agent_id})
    assert deleted.codes == ["CONFLICT"]
    assert "cannot be deleted" in deleted.errors[0]["message"]
    assert (await owner(AGENT, {"id": agent_id}))["agent"]["name"] == "Case generator"
    [kept] = await _generators(sessionmaker, org.id)
    assert (kept.id, kept.latest_version) == (generator.id, 0)
