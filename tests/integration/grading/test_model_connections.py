"""Model connections: added with connections:manage, keys encrypted and never read back."""

from sqlalchemy import select

from casebook.db.models import AuditEntry, ModelConnection
from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.grading.helpers import ADD_CONNECTION, API_KEY, JUDGE_MODEL, add_connection
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

LIST = "{ modelConnections { id name provider baseUrl models keyHint } }"


async def test_a_key_is_stored_encrypted_and_only_its_masked_hint_is_ever_shown(
    owner: Api, model_server: ModelServer, sessionmaker
) -> None:
    connection_id = await add_connection(owner, model_server)
    listed = (await owner(LIST))["modelConnections"]
    assert listed == [
        {
            "id": connection_id,
            "name": "Scripted",
            "provider": "OPENAI",
            "baseUrl": model_server.openai_base_url,
            "models": [JUDGE_MODEL],
            "keyHint": "sk-…CRET",
        }
    ]
    node = await owner(
        "query($id: ID!) { node(id: $id) { ... on ModelConnection { keyHint } } }",
        {"id": connection_id},
    )
    assert node["node"] == {"keyHint": "sk-…CRET"}
    async with sessionmaker() as session:
        row = (await session.execute(select(ModelConnection))).scalar_one()
        audit = (await session.execute(select(AuditEntry.summary))).scalars().all()
    assert row.key_ciphertext and API_KEY not in row.key_ciphertext
    assert all(API_KEY not in str(summary) for summary in audit)


async def test_adding_needs_connections_manage_and_every_member_lists_them(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    builder = await member_as(Role.BUILDER)
    refused = await builder.errors(
        ADD_CONNECTION, {"i": {"name": "x", "provider": "OPENAI", "models": ["m"]}}
    )
    assert refused.codes == ["FORBIDDEN"]
    await add_connection(owner, model_server)
    viewer = await member_as(Role.VIEWER)
    assert [c["name"] for c in (await viewer(LIST))["modelConnections"]] == ["Scripted"]


async def test_a_connection_is_refused_by_the_field_at_fault(
    owner: Api, model_server: ModelServer
) -> None:
    bad = {"name": " ", "provider": "ANTHROPIC", "models": [], "baseUrl": "ftp://x"}
    errors = await owner.errors(ADD_CONNECTION, {"i": bad})
    assert errors.codes == ["BAD_USER_INPUT"]
    paths = [f["path"] for f in errors.errors[0]["extensions"]["fields"]]
    assert paths == ["name", "baseUrl", "models", "apiKey"]
    await add_connection(owner, model_server)
    twin = await owner.errors(
        ADD_CONNECTION, {"i": {"name": "Scripted", "provider": "OPENAI", "models": ["m"]}}
    )
    assert twin.codes == ["CONFLICT"]


async def test_a_provider_left_blank_is_its_own_api_and_a_local_server_needs_no_key(
    owner: Api,
) -> None:
    data = await owner(
        ADD_CONNECTION,
        {
            "i": {
                "name": "Claude",
                "provider": "ANTHROPIC",
                "models": ["claude-3-5-haiku-latest"],
                "apiKey": "sk-ant-api03-abcdefghijklmnop",
            }
        },
    )
    assert data["addModelConnection"]["connection"]["baseUrl"] == "https://api.anthropic.com"
    local = await owner(
        ADD_CONNECTION,
        {
            "i": {
                "name": "Ollama",
                "provider": "OPENAI",
                "models": ["llama3"],
                "baseUrl": "http://127.0.0.1:11434/v1/",
            }
        },
    )
    assert local["addModelConnection"]["connection"]["keyHint"] is None
    assert local["addModelConnection"]["connection"]["baseUrl"] == "http://127.0.0.1:11434/v1"


async def test_deleting_needs_connections_manage(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    connection_id = await add_connection(owner, model_server)
    delete = "mutation($id: ID!) { deleteModelConnection(id: $id) { deletedId } }"
    operator = await member_as(Role.OPERATOR)
    assert (await operator.errors(delete, {"id": connection_id})).codes == ["FORBIDDEN"]
    await owner(delete, {"id": connection_id})
    assert (await owner(LIST))["modelConnections"] == []
    assert (await owner.errors(delete, {"id": connection_id})).codes == ["NOT_FOUND"]
