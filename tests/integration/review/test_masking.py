"""Review evidence needs runs:view and access to the answering agent (spec: Access):
without either, the outcome, status and decision stay and the answer, reasons, rules,
quotes and the reviewer's note are removed - through the schema's @requires directive."""

from typing import Any

from sqlalchemy import text

from casebook.domain.access.catalog import Role
from tests.integration.agents.helpers import webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.review.helpers import (
    DECIDE,
    checked_case,
    checked_dataset,
    db_id,
    score,
)
from tests.support.graphql_client import Api

READ = """query($s: ID!) { score(id: $s) { outcome finalOutcome evidenceMasked answer outcomeReason
  toolCalls { name } answeringAgentId
  results { status reason parts { status reason } }
  review { state decision { outcome note overrulesScorers } } } }"""
KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""


async def _answered_by(sessionmaker: Any, score_id: str, agent_id: str | None) -> None:
    async with sessionmaker() as session, session.begin():
        await session.execute(
            text("UPDATE scores SET agent_id = :a WHERE id = :s"),
            {"a": db_id(agent_id) if agent_id else None, "s": db_id(score_id)},
        )


async def _decided_score(owner: Api, sessionmaker: Any, agent_id: str | None) -> str:
    dataset = await checked_dataset(owner)
    failed = await score(owner, await checked_case(owner, dataset))
    await _answered_by(sessionmaker, failed, agent_id)
    given = {"scoreId": failed, "outcome": "PASS", "note": "the judge missed the refund"}
    await owner(DECIDE, {"i": given})
    return failed


def _masked(found: dict[str, Any]) -> bool:
    parts = [p for r in found["results"] for p in r["parts"]]
    return (
        found["evidenceMasked"] is True
        and found["answer"] is None
        and found["outcomeReason"] is None
        and found["toolCalls"] is None
        and all(r["reason"] is None for r in found["results"])
        and all(p["reason"] is None for p in parts)
        and found["review"]["decision"]["note"] is None
    )


def _kept(found: dict[str, Any]) -> None:
    """What stays visible to every reader of the dataset."""
    assert found["outcome"] == "FAIL" and found["finalOutcome"] == "PASS"
    assert found["review"]["state"] == "DECIDED"
    assert found["review"]["decision"]["outcome"] == "PASS"
    assert found["review"]["decision"]["overrulesScorers"] is True
    assert found["results"][0]["status"] == "FAIL"


async def test_a_reader_with_runs_view_and_the_agent_sees_the_evidence(
    owner: Api, sessionmaker: Any
) -> None:
    agent = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    failed = await _decided_score(owner, sessionmaker, agent)
    found = (await owner(READ, {"s": failed}))["score"]
    _kept(found)
    assert found["evidenceMasked"] is False
    assert found["answer"] == "Sure, send it back."
    assert found["review"]["decision"]["note"] == "the judge missed the refund"
    assert found["answeringAgentId"] == agent


async def test_without_runs_view_the_evidence_is_removed(
    owner: Api, sessionmaker: Any, member_as: MemberFactory
) -> None:
    agent = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    failed = await _decided_score(owner, sessionmaker, agent)
    for role in (Role.MEMBER, Role.VIEWER):
        reader = await member_as(role)
        found = (await reader(READ, {"s": failed}))["score"]
        _kept(found)
        assert _masked(found), (role, found)


async def test_without_access_to_the_answering_agent_the_evidence_is_removed(
    owner: Api, sessionmaker: Any
) -> None:
    agent = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    failed = await _decided_score(owner, sessionmaker, agent)
    # A key that reads runs and datasets, but not agents.
    secret = (
        await owner(KEY, {"i": {"name": "reports", "scopes": ["datasets:view", "runs:view"]}})
    )["createApiKey"]["secret"]
    found = (await owner.with_key(secret)(READ, {"s": failed}))["score"]
    _kept(found)
    assert _masked(found), found
    # An agent since deleted is one nobody has access to.
    await owner("mutation($a: ID!) { deleteAgent(id: $a) { deletedId } }", {"a": agent})
    found = (await owner(READ, {"s": failed}))["score"]
    _kept(found)
    assert _masked(found), found


async def test_a_score_with_no_recorded_agent_needs_runs_view_alone(
    owner: Api, sessionmaker: Any
) -> None:
    failed = await _decided_score(owner, sessionmaker, None)
    secret = (
        await owner(KEY, {"i": {"name": "reports", "scopes": ["datasets:view", "runs:view"]}})
    )["createApiKey"]["secret"]
    found = (await owner.with_key(secret)(READ, {"s": failed}))["score"]
    assert found["evidenceMasked"] is False and found["answer"] == "Sure, send it back."


def test_every_evidence_field_declares_the_rule_in_the_schema() -> None:
    from strawberry.printer import print_schema

    from casebook.graphql.schema import schema

    sdl = print_schema(schema)
    rule = "@requires(permission: RUNS_VIEW, onDenied: NULL, alsoNeeds: ANSWERING_AGENT)"
    for field in (
        "answer: String",
        "outcomeReason: String",
        "toolCalls: [MadeToolCall!]",
        "rule: String",
        "quotes: [Quote!]",
        "note: String",
    ):
        assert any(line.strip().startswith(field) and rule in line for line in sdl.splitlines()), (
            field
        )
