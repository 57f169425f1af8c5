"""The generator's model in a dataset's Settings names its connection by the global id
ModelConnection.id gives, as every other setting does; an id that is not one, or names
another organization's connection, is refused by name."""

import pytest

from tests.integration.datasets.helpers import create_dataset
from tests.integration.generation.helpers import AGENT_MODEL, SET_MODEL
from tests.integration.grading.helpers import add_connection
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

READ = "query($d: ID!) { dataset(id: $d) { generatorModel { modelConnectionId model } } }"


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
