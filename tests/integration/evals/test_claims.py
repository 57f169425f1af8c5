"""A claim leases no more items than there is room for, whatever plan PostgreSQL picks."""

from datetime import timedelta
from typing import Any

from sqlalchemy import text, update

from casebook.db.models import EvalRun
from casebook.domain.evals.progress import RUNNING
from casebook.graphql.ids import decode_id
from casebook.services.evals import leases
from tests.integration.evals.helpers import (
    agent_at,
    answering_agent,
    dataset_with_cases,
    run_input,
    start,
)
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp


async def test_a_claim_leases_only_the_room_left_when_statistics_say_the_table_is_tiny(
    owner: Api, endpoint: LoopbackHttp, sessionmaker: Any
) -> None:
    # Statistics taken while the table held a single item lead PostgreSQL to a nested
    # loop that runs a locking subquery once per row: each run skips what it has just
    # leased, and a limit of 3 once leased all 12 items.
    endpoint.answer_with(answering_agent())
    agent = await agent_at(owner, endpoint)
    tiny, _ = await dataset_with_cases(owner, 1, name="Tiny")
    await start(owner, run_input(tiny, [agent]))
    async with sessionmaker() as session:
        await session.execute(text("ANALYZE eval_items"))
        await session.commit()
    dataset_id, _ = await dataset_with_cases(owner, 12)
    started = await start(owner, run_input(dataset_id, [agent], concurrency=3))
    run_id = decode_id(started["id"], "EvalRun")
    async with sessionmaker() as session, session.begin():
        await session.execute(update(EvalRun).where(EvalRun.id == run_id).values(status=RUNNING))
        run = await session.get(EvalRun, run_id)
        assert run is not None
        holder = leases.Holder(run_id, run.organization_id, "worker-a", timedelta(seconds=30))
        first = await leases.claim(session, holder, concurrency=3, per_organization=64)
        again = await leases.claim(session, holder, concurrency=3, per_organization=64)
    assert len(first.to_answer) == 3
    assert again.to_answer == []  # the room is taken until an answer comes back
