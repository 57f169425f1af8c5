"""Targets for the access tests: datasets a role owns, sees, is granted, or cannot see."""

from collections.abc import AsyncIterator, Awaitable, Callable
from itertools import count
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from casebook.services.identity.members import create_organization_with_owner
from tests.integration.access.operations import Subject
from tests.integration.access.spec_table import Target
from tests.integration.activity.helpers import conversation, record, turn_pair
from tests.integration.agents.helpers import webhook_agent
from tests.integration.conftest import PASSWORD
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.integration.evals.local_helpers import local_agent
from tests.support.graphql_client import Api

ADD_MEMBER = """mutation($i: AddMemberInput!) { addMember(input: $i) { member { user { id } } } }"""
SHARE = """mutation($d: ID!, $u: ID!, $l: GrantLevel!) {
  shareDataset(id: $d, userId: $u, level: $l) { grant { level } } }"""
SCORE = "mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id } } }"


def db_id(global_id: str) -> int:
    from strawberry import relay

    return int(relay.GlobalID.from_id(global_id).node_id)


async def user_id_of(api: Api) -> str:
    return str((await api("{ viewer { user { id } } }"))["viewer"]["user"]["id"])


async def add_bystander(curator: Api, email: str) -> str:
    given = {"email": email, "name": "Bystander", "role": "VIEWER", "password": PASSWORD}
    data = await curator(ADD_MEMBER, {"i": given})
    return str(data["addMember"]["member"]["user"]["id"])


@pytest.fixture
async def other_curator(app: Any, sessionmaker: Any) -> AsyncIterator[Api]:
    """The owner of another organization, signed in on a client of its own."""
    await create_organization_with_owner(
        sessionmaker,
        organization_name="Elsewhere",
        email="owner@elsewhere.test",
        name="Else Owner",
        password=PASSWORD,
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://api.test"
    ) as client:
        api = Api(client)
        await api.login("owner@elsewhere.test", PASSWORD)
        yield api


_runs = count(1)


async def _started_eval_run(curator: Api, dataset_id: str, agent_id: str, **fields: Any) -> str:
    given = {"datasetId": dataset_id, "agentIds": [agent_id], **fields}
    estimated = await curator(
        "mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { confirmation } }", {"i": given}
    )
    started = await curator(
        "mutation($i: EvalRunInput!, $c: String!) { startEvalRun(input: $i, confirmation: $c) "
        "{ id } }",
        {"i": given, "c": estimated["estimateEvalRun"]["confirmation"]},
    )
    return str(started["startEvalRun"]["id"])


SubjectFactory = Callable[[Target, Api], Awaitable[Subject]]


@pytest.fixture
async def subject_for(owner: Api, other_curator: Api, sessionmaker: Any) -> SubjectFactory:
    """A fresh target dataset with two cases and a score, set up by its curator."""
    bystanders: dict[int, str] = {}
    agents: list[str] = []

    async def own_run(actor: Api, actor_id: str) -> str:
        """A reply in the actor's own conversation, recorded in the actor's organization."""
        if not agents:
            agents.append((await webhook_agent(owner, "https://a.example.com"))["agent"]["id"])
        turns = turn_pair(1, "Where is my parcel?", "On its way.")
        given = conversation(f"own-{next(_runs)}", agents[0], turns, member_id=actor_id)
        return str((await record(owner, given))[0]["turns"][1]["runId"])

    async def make(target: Target, actor: Api) -> Subject:
        curator = other_curator if target is Target.OTHER_ORGANIZATION else owner
        if id(curator) not in bystanders:
            bystanders[id(curator)] = await add_bystander(
                curator, f"bystander{len(bystanders)}@{id(curator)}.test"
            )
        private = target is not Target.ORGANIZATION_VISIBLE
        dataset_id = await create_dataset(curator, f"{target.value} dataset", private=private)
        checked = {"contains": {"value": "unused"}}
        first = await add_case(
            curator,
            dataset_id,
            {"input": "Can I return a used kettle?", "referenceAnswer": "No.", "checks": [checked]},
        )
        spare = await add_case(
            curator, dataset_id, {"input": "Where is my parcel?", "referenceAnswer": "On its way."}
        )
        case_id = first["case"]["id"]
        score = await curator(SCORE, {"i": {"caseId": case_id, "answer": "Only unused items."}})
        actor_id = await user_id_of(actor)
        if target.grant in ("read", "edit"):
            await curator(SHARE, {"d": dataset_id, "u": actor_id, "l": target.grant.upper()})
        async with sessionmaker() as session, session.begin():
            if target is Target.PRIVATE_USE:
                # No longer offered, so only a grant made before exists: written as it was.
                await session.execute(
                    text(
                        """INSERT INTO resource_grants
                           (organization_id, resource_type, resource_id, grantee_user_id, level)
                           SELECT organization_id, 'dataset', id, :u, 'use'
                           FROM datasets WHERE id = :d"""
                    ),
                    {"u": db_id(actor_id), "d": db_id(dataset_id)},
                )
            if target is Target.OWN:
                await session.execute(
                    text("UPDATE datasets SET owner_user_id = :u WHERE id = :d"),
                    {"u": db_id(actor_id), "d": db_id(dataset_id)},
                )
        agent = await webhook_agent(curator, "https://evals.example.com", name="Eval bot")
        agent_id = str(agent["agent"]["id"])
        eval_run_id = await _started_eval_run(curator, dataset_id, agent_id)
        local_agent_id = await local_agent(curator, "Local eval bot")
        local_run_id = await _started_eval_run(
            curator, dataset_id, local_agent_id, repetitions=3, versionLabel="v1"
        )
        return Subject(
            api=actor,
            curator=curator,
            dataset_id=dataset_id,
            case_id=case_id,
            spare_case_id=spare["case"]["id"],
            score_id=score["scoreAnswer"]["score"]["id"],
            bystander_id=bystanders[id(curator)],
            own_run_id=await own_run(actor, actor_id),
            agent_id=agent_id,
            eval_run_id=eval_run_id,
            local_run_id=local_run_id,
        )

    return make
