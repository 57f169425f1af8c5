"""Each gate refused by name, "not found" for what one may not see, and a generation that runs
as its requester with their access as it is then: a key revoked after the start stops it
before any source is read. A generation whose worker died is failed with its job."""

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import update

from casebook.db.models import Job
from casebook.domain.access.catalog import Role
from casebook.services.kernel import job_runs, jobs
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import create_dataset
from tests.integration.generation.helpers import (
    ESTIMATE,
    GENERATION,
    START,
    Setup,
    estimate_and_start,
    setup,
    variables,
)
from tests.support.graphql_client import Api, GraphQLErrors
from tests.support.model_server import ModelServer

KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret apiKey { id } } }"""
REVOKE = "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { status } } }"
EVERY_GATE = ["datasets:view", "datasets:edit", "agents:view", "agents:run", "runs:view"]


def _fields(refused: GraphQLErrors) -> list[tuple[str, str]]:
    [error] = refused.errors
    return [(f["path"], f["message"]) for f in error["extensions"]["fields"]]


async def _key(owner: Api, scopes: list[str]) -> tuple[Api, str]:
    made = (await owner(KEY, {"i": {"name": "ci", "scopes": scopes}}))["createApiKey"]
    return owner.with_key(made["secret"]), made["apiKey"]["id"]


async def test_a_key_without_the_agent_permissions_is_refused_naming_each_gate(
    owner: Api, model_server: ModelServer
) -> None:
    s = await setup(owner, model_server)
    narrow, _ = await _key(owner, ["datasets:view", "datasets:edit"])
    refused = await narrow.errors(ESTIMATE, variables(s, ["agent", "chats"], 2))
    assert refused.codes == ["FORBIDDEN"]
    assert _fields(refused) == [
        ("agentId", "generating cases needs `agents:view` on the agent the cases test"),
        (
            "agentId",
            "generating cases needs `agents:run` on the case generator, because it spends the "
            "organization's money",
        ),
        (
            "sources",
            "the source `chats` needs `runs:view`, the permission Activity reads every run with",
        ),
    ]


async def test_a_member_is_refused_chats_and_a_dataset_it_may_not_edit_by_name(
    owner: Api, model_server: ModelServer, member_as: MemberFactory
) -> None:
    s = await setup(owner, model_server)
    member = await member_as(Role.MEMBER)
    refused = await member.errors(ESTIMATE, variables(s, ["chats"], 1))
    assert refused.codes == ["FORBIDDEN"]
    assert [path for path, _ in _fields(refused)] == ["datasetId", "sources"]
    own = await create_dataset(member, "Mine")
    mine = Setup(own, s.agent, s.connection, s.conversations)
    chats = await member.errors(ESTIMATE, variables(mine, ["chats"], 1))
    assert [path for path, _ in _fields(chats)] == ["sources"]
    estimate = (await member(ESTIMATE, variables(mine, ["agent"], 1)))["generationEstimate"]
    assert estimate["costText"].startswith("unknown: the case generator has no model")


async def test_what_one_may_not_see_is_not_found(
    owner: Api, model_server: ModelServer, member_as: MemberFactory, other_curator: Api
) -> None:
    s = await setup(owner, model_server)
    theirs = await create_dataset(other_curator, "Theirs")
    elsewhere = Setup(theirs, s.agent, s.connection, s.conversations)
    assert (await owner.errors(ESTIMATE, variables(elsewhere, ["agent"], 1))).codes == ["NOT_FOUND"]
    private = await create_dataset(owner, "Private", private=True)
    member = await member_as(Role.MEMBER)
    hidden = Setup(private, s.agent, s.connection, s.conversations)
    assert (await member.errors(ESTIMATE, variables(hidden, ["agent"], 1))).codes == ["NOT_FOUND"]


async def test_a_key_revoked_after_the_start_stops_the_queued_generation(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server)
    keyed, key_id = await _key(owner, EVERY_GATE)
    estimate = (await keyed(ESTIMATE, variables(s, ["agent", "chats"], 2)))["generationEstimate"]
    started = await keyed(START, variables(s, ["agent", "chats"], 2, f=estimate["fingerprint"]))
    generation_id = started["startGeneration"]["id"]
    await owner(REVOKE, {"id": key_id})
    await run_worker()
    stopped = (await owner(GENERATION, {"id": generation_id}))["generation"]
    assert stopped["status"] == "failed"
    assert stopped["error"] == "the API key this job was started with was revoked"
    assert stopped["job"]["error"] == stopped["error"]
    assert model_server.chat_requests == []


async def test_a_generation_whose_worker_died_is_failed_with_its_job(
    owner: Api, model_server: ModelServer, sessionmaker: Any, app: Any
) -> None:
    s = await setup(owner, model_server)
    generation_id = await estimate_and_start(owner, s, ["agent"], 1)
    stale = datetime.now(UTC) - timedelta(minutes=5)
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job).values(status=jobs.RUNNING, heartbeat_at=stale, worker_id="gone:1")
        )
    await job_runs.reap_stale_jobs(sessionmaker, app.state.casebook.redis, stale_after=0.5)
    died = (await owner(GENERATION, {"id": generation_id}))["generation"]
    assert (died["status"], died["error"]) == ("failed", jobs.DIED_MESSAGE)
