"""Names people type are stored with credentials redacted, as case text is (spec:
"Credentials are redacted"): a model connection's, an API key's, a member's, an agent's,
a dataset's - and a skill's and a knowledge base's, which are named the same way. A name
is listed to others, exported and kept in the audit log, so a key pasted into one must
not be kept."""

from typing import Any

from sqlalchemy import text

from tests.integration.agents.helpers import webhook_agent
from tests.integration.grading.helpers import add_connection
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

KEY = "sk-" + "proj-" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2"
NAME = f"Prod {KEY} copy"
REDACTED = "Prod [redacted:openai_key] copy"

STORED = {
    "model_connections": "SELECT name FROM model_connections WHERE name LIKE 'Prod%'",
    "api_keys": "SELECT name FROM api_keys",
    "users": "SELECT name FROM users WHERE email = 'pasted@acme.test'",
    "agents": "SELECT name FROM agents WHERE system_role IS NULL",
    "datasets": "SELECT name FROM datasets",
    "skills": "SELECT name FROM skills",
    "knowledge_bases": "SELECT name FROM knowledge_bases",
}


async def _name_everything(owner: Api, server: ModelServer) -> None:
    await add_connection(owner, server, name=NAME)
    await owner(
        """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }""",
        {"i": {"name": NAME, "scopes": ["datasets:view"]}},
    )
    await owner(
        """mutation($i: AddMemberInput!) { addMember(input: $i) { member { role } } }""",
        {
            "i": {
                "email": "pasted@acme.test",
                "name": NAME,
                "role": "VIEWER",
                "password": "correct horse battery",
            }
        },
    )
    await webhook_agent(owner, "https://a.example.com/hook", name=NAME, tools=[])
    await owner(
        """mutation($i: CreateDatasetInput!) { createDataset(input: $i) { dataset { id } } }""",
        {"i": {"name": NAME}},
    )
    await owner(
        """mutation($i: CreateSkillInput!) { createSkill(input: $i) { skill { id } } }""",
        {"i": {"name": NAME, "instructions": "Be brief."}},
    )
    await owner(
        """mutation($i: CreateKnowledgeBaseInput!) {
          createKnowledgeBase(input: $i) { knowledgeBase { id } } }""",
        {"i": {"name": NAME}},
    )


async def test_a_credential_in_a_name_is_redacted_before_it_is_stored(
    owner: Api,
    model_server: ModelServer,  # noqa: F811
    sessionmaker: Any,
) -> None:
    await _name_everything(owner, model_server)
    async with sessionmaker() as session:
        stored = {
            table: [row[0] for row in await session.execute(text(query))]
            for table, query in STORED.items()
        }
        audit = (await session.execute(text("SELECT summary::text FROM audit_entries"))).all()
    assert stored == {table: [REDACTED] for table in STORED}, stored
    assert not any(KEY in row[0] for row in audit)
    listed = await owner(
        "{ modelConnections { name } apiKeys { edges { node { name } } }"
        " datasets { edges { node { name } } } }"
    )
    assert KEY not in repr(listed) and REDACTED in repr(listed)
