"""The generator's model in a dataset's Settings names its connection by the global id
ModelConnection.id gives, as every other setting does; an id that is not one, or names
another organization's connection, is refused by name."""

from collections.abc import Awaitable, Callable

import pytest

from tests.integration.datasets.helpers import create_dataset
from tests.integration.generation.helpers import (
    AGENT_MODEL,
    SET_MODEL,
    estimate_and_start,
    generator_replying,
    setup,
)
from tests.integration.grading.helpers import add_connection
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

READ = "query($d: ID!) { dataset(id: $d) { generatorModel { modelConnectionId model } } }"
QUEUED_WITH = """query($id: ID!) { generation(id: $id) { status
  generatorModel { modelConnectionId model } } }"""


async def test_the_chosen_connection_is_its_global_id_both_ways(
    owner: Api, model_server: ModelServer
) -> None:
    connection = await add_connection(owner, model_server, name="Gen", models=[AGENT_MODEL])
    dataset = await create_dataset(owner, "Orders")
    chosen = await owner(SET_MODEL, {"d": dataset, "c": connection, "m": AGENT_MODEL})
    expected = {"modelConnectionId": connection, "model": AGENT_MODEL}
    assert chosen["setGeneratorModel"]["dataset"]["generatorModel"] == expected
    assert (await owner(READ, {"d": dataset}))["dataset"]["generatorModel"] == expected
    cleared = await owner(SET_MODEL, {"d": dataset, "c": None, "m": None})
    assert cleared["setGeneratorModel"]["dataset"]["generatorModel"] is None


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("1", "is not an id this API gave out"),
        ("bad id", "is not an id this API gave out"),
        ("RGF0YXNldDox", "names a Dataset, not a ModelConnection"),
    ],
    ids=["database id", "malformed", "another type"],
)
async def test_an_id_that_names_no_connection_is_refused_by_name(
    owner: Api, given: str, message: str
) -> None:
    dataset = await create_dataset(owner, "Orders")
    refused = await owner.errors(SET_MODEL, {"d": dataset, "c": given, "m": AGENT_MODEL})
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"] == [
        {"path": "modelConnectionId", "message": message}
    ]


async def test_another_organizations_connection_is_not_a_saved_model(
    owner: Api, other_curator: Api, model_server: ModelServer
) -> None:
    theirs = await add_connection(other_curator, model_server, name="Theirs", models=[AGENT_MODEL])
    dataset = await create_dataset(owner, "Orders")
    refused = await owner.errors(SET_MODEL, {"d": dataset, "c": theirs, "m": AGENT_MODEL})
    assert refused.errors[0]["extensions"]["fields"] == [
        {"path": "modelConnectionId", "message": "is not a saved model of this organization"}
    ]


async def test_a_queued_generation_keeps_the_generator_model_it_started_with(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    """Spec: "A queued task keeps the configuration it started with" - a generation records
    the generator model it was queued with, and its job calls that one after Settings chose
    another."""
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    generation_id = await estimate_and_start(owner, s, ["agent"], 1)
    other = await add_connection(owner, model_server, name="Later", models=["later-model"])
    await owner(SET_MODEL, {"d": s.dataset, "c": other, "m": "later-model"})

    await run_worker()

    [request] = model_server.chat_requests
    assert request.body["model"] == AGENT_MODEL
    done = (await owner(QUEUED_WITH, {"id": generation_id}))["generation"]
    assert done["status"] == "succeeded"
    assert done["generatorModel"] == {"modelConnectionId": s.connection, "model": AGENT_MODEL}
