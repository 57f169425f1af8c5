"""The services keep the queue exactly as the domain's model does: random sequences of
sends, withdrawals, decisions, withdrawn decisions and undos are made through the
services against PostgreSQL and against ``domain.review.board.Board``, and after every
move each score's state, the waiting one per case and agent and each decision agree."""

import random
from datetime import UTC
from typing import Any

from sqlalchemy import text

from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.domain.review.board import Board, Decision
from casebook.domain.review.queue import Candidate, ReviewState, agent_key
from casebook.graphql.ids import decode_id
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import Conflict
from casebook.services.review import decisions, queue
from tests.integration.review.helpers import (
    PASSING,
    checked_case,
    checked_dataset,
    db_id,
    score,
    set_not_graded,
)
from tests.support.graphql_client import Api

SEQUENCES, MOVES = 15, 25


async def _ctx(app: Any, owner: Api) -> ServiceContext:
    me = await owner("{ viewer { user { id } organization { id } } }")
    actor = Actor(
        decode_id(me["viewer"]["user"]["id"], "User"),
        decode_id(me["viewer"]["organization"]["id"], "Organization"),
        Role.OWNER,
    )
    state = app.state.casebook
    return ServiceContext(state.sessionmaker, state.redis, state.settings, actor)


async def _stored(sessionmaker: Any, dataset_id: int) -> dict[int, tuple[str, str | None]]:
    async with sessionmaker() as session:
        rows = await session.execute(
            text(
                "SELECT s.id, s.review_state, d.outcome FROM scores s LEFT JOIN review_decisions d "
                "ON d.score_id = s.id AND d.ended_at IS NULL WHERE s.dataset_id = :d"
            ),
            {"d": dataset_id},
        )
        return {int(i): (str(state), outcome) for i, state, outcome in rows}


async def test_random_sequences_agree_with_the_model(
    app: Any, owner: Api, sessionmaker: Any
) -> None:
    ctx = await _ctx(app, owner)
    dataset = await checked_dataset(owner)
    dataset_id = db_id(dataset)
    cases = [await checked_case(owner, dataset, f"Question {n}?") for n in range(2)]
    made: list[str] = []
    for case in cases:
        for agent in ("a", "b"):
            made.append(await score(owner, case, agent=agent))
            made.append(await score(owner, case, answer=PASSING, agent=agent))
            made.append(await score(owner, case, agent=agent))
    for judge_error in made[::4]:
        await set_not_graded(sessionmaker, judge_error)
    ids = [db_id(m) for m in made]
    async with sessionmaker() as session:
        rows = await session.execute(
            text(
                "SELECT id, case_id, agent_id, agent_name, outcome, created_at FROM scores "
                "WHERE dataset_id = :d"
            ),
            {"d": dataset_id},
        )
        candidates = [
            Candidate(int(i), int(c), agent_key(a, n), str(o), t.astimezone(UTC))
            for i, c, a, n, o, t in rows
        ]
    chance = random.Random(20261201)
    for _ in range(SEQUENCES):
        async with sessionmaker() as session, session.begin():
            await session.execute(text("DELETE FROM review_decisions"))
            await session.execute(
                text(
                    "UPDATE scores SET review_state = 'not_queued', review_agent_key = NULL, "
                    "review_sent_by = NULL, review_waiting_since = NULL, decision = NULL"
                )
            )
        board = Board()
        for candidate in candidates:
            board.add(candidate)
        for _ in range(MOVES):
            move = chance.choice(
                ["send", "send", "withdraw", "decide", "withdraw_decision", "undo"]
            )
            some = chance.sample(ids, chance.randint(1, 4))
            target = some[0]
            if move == "send":
                await queue.send_to_review(ctx, dataset_id, some)
                board.send(some)
            elif move == "withdraw":
                await queue.withdraw_from_review(ctx, dataset_id, some)
                board.withdraw(some)
            elif move == "decide":
                outcome = chance.choice(["pass", "fail"])
                await decisions.decide(ctx, target, outcome, "")
                board.decide(target, Decision(outcome))
            else:
                held = board.decision(target) is not None
                change = (
                    decisions.withdraw_decision
                    if move == "withdraw_decision"
                    else decisions.undo_decision
                )
                try:
                    await change(ctx, target)
                    assert held
                except Conflict:
                    assert not held
                (board.withdraw_decision if move == "withdraw_decision" else board.undo)(target)
            stored = await _stored(sessionmaker, dataset_id)
            for score_id, candidate in board.scores.items():
                decision = board.decision(score_id)
                expected = (candidate.state.value, decision.outcome if decision else None)
                assert stored[score_id] == expected, (move, some, score_id)
            waiting = [s for s, (state, _) in stored.items() if state == ReviewState.WAITING.value]
            keys = [board.scores[s].key for s in waiting]
            assert len(keys) == len(set(keys))
