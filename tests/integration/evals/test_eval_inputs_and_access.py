"""Every bound of an eval run's input refused at the edge naming its field, nothing started;
runs:view checked before anything; evalAccess tells the console why Run evals is disabled."""

import json
from typing import Any

import pytest
from sqlalchemy import func, select

from casebook.db.models import EvalRun, Job
from casebook.domain.access.catalog import Role
from casebook.graphql.ids import NOT_GIVEN_OUT, refusal
from tests.integration.conftest import MemberFactory
from tests.integration.evals.helpers import (
    ESTIMATE,
    EVAL_ACCESS,
    START,
    agent_at,
    dataset_with_cases,
    run_input,
    start,
)
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp

HOSTILE: list[tuple[dict[str, Any], str]] = [
    ({"agentIds": []}, "input.agentIds"),
    ({"repetitions": 0}, "input.repetitions"),
    ({"repetitions": 11}, "input.repetitions"),
    ({"concurrency": 0}, "input.concurrency"),
    ({"concurrency": 65}, "input.concurrency"),
    ({"confirmFlips": -1}, "input.confirmFlips"),
    ({"confirmFlips": 201}, "input.confirmFlips"),
    ({"budgetUsd": -0.01}, "input.budgetUsd"),
    ({"budgetUsd": 1e300}, "input.budgetUsd"),
    ({"version": 0}, "input.version"),
    ({"version": 2_000_000_000}, "input.version"),
    ({"tags": []}, "input.tags"),
    ({"tags": ["a\x00b"]}, "input.tags.0"),
    ({"tags": ["\ud800"]}, "input.tags.0"),
    ({"tags": ["x" * 101]}, "input.tags.0"),
    ({"tags": ["   "]}, "input.tags.0"),
    ({"tags": [f"t{i}" for i in range(51)]}, "input.tags"),
    ({"datasetId": "not-an-id"}, "input.datasetId"),
    ({"agentIds": ["RGF0YXNldDox"]}, "input.agentIds.0"),
    ({"baselineRunId": "QWdlbnQ6MQ=="}, "input.baselineRunId"),
]


@pytest.mark.parametrize(("change", "field"), HOSTILE, ids=[f for _, f in HOSTILE])
async def test_a_hostile_input_is_refused_naming_its_field_and_starts_nothing(
    owner: Api, endpoint: LoopbackHttp, sessionmaker: Any, change: dict[str, Any], field: str
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await agent_at(owner, endpoint)
    given = {**run_input(dataset_id, [agent]), **change}
    for query, variables in ((ESTIMATE, {"i": given}), (START, {"i": given, "c": "x"})):
        # Escaped JSON, so a lone surrogate travels as a client would send it.
        response = await owner.http.post(
            "/graphql",
            content=json.dumps({"query": query, "variables": variables}),
            headers={**owner.headers, "content-type": "application/json"},
        )
        errors = response.json()["errors"]
        assert [e["extensions"]["code"] for e in errors] == ["BAD_USER_INPUT"], errors
        assert field in errors[0]["message"], errors
    async with sessionmaker() as session:
        assert (await session.execute(select(func.count()).select_from(EvalRun))).scalar_one() == 0
        assert (await session.execute(select(func.count()).select_from(Job))).scalar_one() == 0


async def test_too_many_agents_and_an_agent_named_twice_are_refused(
    owner: Api, endpoint: LoopbackHttp
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agents = [await agent_at(owner, endpoint, name=f"A{i}") for i in range(6)]
    for ids in (agents, [agents[0], agents[0]]):
        refused = await owner.errors(ESTIMATE, {"i": run_input(dataset_id, ids)})
        assert refused.codes == ["BAD_USER_INPUT"]
        assert "input.agentIds" in refused.errors[0]["message"]
    five = await owner(ESTIMATE, {"i": run_input(dataset_id, agents[:5])})
    assert five["estimateEvalRun"]["answers"] == 5


async def test_a_baseline_must_be_a_run_of_the_same_dataset(
    owner: Api, endpoint: LoopbackHttp
) -> None:
    first, _ = await dataset_with_cases(owner, 1, name="First")
    second, _ = await dataset_with_cases(owner, 1, name="Second")
    agent = await agent_at(owner, endpoint)
    earlier = await start(owner, run_input(first, [agent]))
    refused = await owner.errors(
        ESTIMATE, {"i": run_input(second, [agent], baselineRunId=earlier["id"])}
    )
    assert (
        refused.codes == ["BAD_USER_INPUT"]
        and "input.baselineRunId" in refused.errors[0]["message"]
    )
    later = await start(owner, run_input(first, [agent], baselineRunId=earlier["id"]))
    assert later["baseline"]["id"] == earlier["id"]


async def test_runs_view_is_checked_before_the_dataset(
    owner: Api, endpoint: LoopbackHttp, member_as: MemberFactory
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1, private=True)
    agent = await agent_at(owner, endpoint)
    member = await member_as(Role.MEMBER)
    # A member may not see the private dataset, yet is told about runs:view, not "not found".
    refused = await member.errors(ESTIMATE, {"i": run_input(dataset_id, [agent])})
    assert refused.codes == ["FORBIDDEN"] and "runs:view" in refused.errors[0]["message"]


async def test_an_api_key_without_runs_view_starts_nothing(
    owner: Api, endpoint: LoopbackHttp
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await agent_at(owner, endpoint)
    key = await owner(
        """mutation { createApiKey(input: {name: "ci", scopes: ["datasets:run", "datasets:view",
             "agents:run"]}) { secret } }"""
    )
    api = owner.with_key(key["createApiKey"]["secret"])
    refused = await api.errors(ESTIMATE, {"i": run_input(dataset_id, [agent])})
    assert refused.codes == ["FORBIDDEN"] and "runs:view" in refused.errors[0]["message"]


@pytest.mark.parametrize(
    ("role", "can_start", "reason"),
    [
        (Role.OWNER, True, None),
        (Role.OPERATOR, True, None),
        (Role.MEMBER, False, "reading runs (runs:view) is needed to start an eval"),
        (Role.VIEWER, False, None),
    ],
)
async def test_eval_access_says_whether_and_why_not(
    owner: Api, member_as: MemberFactory, role: Role, can_start: bool, reason: str | None
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    api = owner if role is Role.OWNER else await member_as(role)
    access = (await api(EVAL_ACCESS, {"id": dataset_id}))["dataset"]["evalAccess"]
    assert access == {"canStart": can_start, "reason": reason}


UNREADABLE_IDS: list[tuple[str, str, str]] = [
    ("query($x: ID) { evalRuns(datasetId: $x) { totalCount } }", "datasetId", "Dataset"),
    (
        "query($r: ID!, $x: ID) { evalRun(id: $r) { comparison(with: $x) { note } } }",
        "with",
        "",
    ),
    (
        "query($r: ID!, $x: ID) { evalRun(id: $r) { results(agentId: $x) { totalCount } } }",
        "agentId",
        "Agent",
    ),
    (
        'query($r: ID!) { evalRun(id: $r) { results(agentId: "bad id") { totalCount } } }',
        "agentId",
        "Agent",
    ),
]


@pytest.mark.parametrize(
    ("query", "argument", "kind"), UNREADABLE_IDS, ids=[a for _, a, _ in UNREADABLE_IDS]
)
async def test_an_unreadable_id_is_refused_naming_its_argument_and_where_to_find_one(
    owner: Api, endpoint: LoopbackHttp, query: str, argument: str, kind: str
) -> None:
    dataset_id, _ = await dataset_with_cases(owner, 1)
    agent = await agent_at(owner, endpoint)
    run = await start(owner, run_input(dataset_id, [agent]))
    errors = (await owner.errors(query, {"r": run["id"], "x": "bad id"})).errors
    assert [e["extensions"]["code"] for e in errors] == ["BAD_USER_INPUT"], errors
    assert errors[0]["extensions"]["fields"] == [
        {"path": argument, "message": refusal(NOT_GIVEN_OUT, kind)}
    ]
    if kind:
        assert "from its page in the console" in refusal(NOT_GIVEN_OUT, kind)
