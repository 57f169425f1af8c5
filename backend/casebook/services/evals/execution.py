"""Executing an eval run: a job that answers and scores its work items (issue 12, 2-3).

A worker claims items in batches under a lease (``leases``), as many as the run's
concurrency and the organization's leave room for, and stores their questions in
Activity in the same transaction. Each question is asked through
``invocation.answer`` (isolated, as an eval, acting as the person who started the
run, the agent version the run pinned); the replies are recorded in batches
(``storing``), each item marked answered in the transaction that records its answer -
with its score when it is graded without a model call (checks, tool calls). An answer
the judge grades is stored first, then graded, then its score stored. So an item whose
answer is stored is scored again and never asked again; one whose answer was not stored
is asked again. Every answer is graded with the configuration the run started with,
against the case revision it pinned.

Progress is published on ``eval-run:<id>`` after each stored batch, with the next
sequence of the run's row; ``org-eval-runs:<org>`` hears when the run starts and ends. A
spent budget fails the run with the reason; a cancel stops it. Either way nothing more
is asked, and what is in flight finishes.

An answer is paid for once. While PostgreSQL is away the answers that arrive are held
(the writer tries their batch again with backoff) and stored when it is back, and the
run claims nothing until then; a worker that begins to stop (``JobRun.stopping``) claims
nothing more, stores the answers of the calls in flight, and hands the run back to the
queue (``WorkerStopping``). Only a worker killed outright leaves calls unanswered, and
their items are asked again; each webhook request carries the item's idempotency key
(``idempotency_key``), the same when it is asked again, so an agent can answer it from
its own record.
"""

import asyncio
import contextlib
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

import structlog
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.config import Settings, get_settings
from casebook.db.engine import SessionMaker, reading_session
from casebook.db.models import EvalItem, EvalRun, EvalRunAgent
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.domain.agents.model import ModelAgentConfig, answered_by_clients
from casebook.domain.evals.progress import (
    ACTIVE,
    CONFIRMING,
    FAILED,
    RUNNING,
)
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.llm.errors import BudgetExhausted
from casebook.services.activity.batch_recording import Asked, Question, ask_many
from casebook.services.agents.invocation import Runnable, answer, runnable
from casebook.services.agents.webhook_agent import WebhookClients
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.evals import channels, leases, settling
from casebook.services.evals.grading import Graded, grade_answer, graded_offline
from casebook.services.evals.start import JOB_KIND, RUN_FIELD
from casebook.services.evals.stored_answers import REMOVED, stored_replies
from casebook.services.evals.storing import (
    NewAnswer,
    advance_after,
    case_turns,
    count_stored,
    over_budget,
    question_of,
    store_answers,
    store_scores,
)
from casebook.services.grading.structured.staleness import CaseReference, references_at
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import ServiceError
from casebook.services.kernel.job_actor import actor_for_job
from casebook.services.kernel.jobs import JobRun, WorkerStopping, job_handler
from casebook.services.kernel.outages import Backoff, until_reachable
from casebook.services.kernel.public_ids import public_id
from casebook.services.models import metering

log = structlog.get_logger("casebook.evals")

WRITE_BATCH = 500
T = TypeVar("T")


def idempotency_key(run_id: int, item_id: int) -> str:
    """The key of one work item's request to its agent: the same each time the item is
    asked (a worker killed mid-call, its item asked again by the next), and different for
    every other item - another repetition, another agent, a confirmation rerun."""
    return f"{public_id('EvalRun', run_id)}/item-{item_id}"


def _warn_outage(run_id: int, step: str) -> Callable[[str, int], None]:
    def warn(system: str, attempt: int) -> None:
        if attempt == 1:  # once an outage, not once a try
            log.warning(
                "eval run waits for a system to come back", run_id=run_id, step=step, system=system
            )

    return warn


@dataclass
class _Work:
    """Work waiting for the writer: a new answer, or a score of an answered item. ``done``
    resolves once it is stored (True when the answer still needs grading by a model)."""

    answer: NewAnswer | None = None
    scored: tuple[EvalItem, Graded] | None = None
    done: asyncio.Future[bool] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class RunStopped(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Executor:
    """One worker's part in one run."""

    def __init__(self, job_run: JobRun, run: EvalRun, settings: Settings) -> None:
        assert run.id is not None
        self.sessionmaker: SessionMaker = job_run.sessionmaker
        self.redis = job_run.redis
        self.job_run = job_run
        self.settings = settings
        self.run = run
        self.run_id: int = run.id
        owner = f"{job_run.job.worker_id or 'worker'}/{uuid.uuid4().hex[:8]}"[:100]
        self.holder = leases.Holder(
            run.id, run.organization_id, owner, timedelta(seconds=settings.eval_lease_seconds)
        )
        self.poll = min(1.0, settings.eval_lease_seconds / 4)
        # Answered items nobody holds (their worker died) are looked for once a poll, not at
        # every claim - at the first claim of a run resumed, after a poll on a fresh one.
        self.next_rescore = 0.0 if run.executions else asyncio.get_running_loop().time() + self.poll
        self.config: ScoringConfig = read_scoring_config(run.scoring)
        self.ctx: ServiceContext | None = None
        self.actor: Actor | None = None
        self.agents: dict[int, tuple[EvalRunAgent, Runnable]] = {}
        # The run's agents this worker asks (a local agent's items wait for its clients).
        self.answering: set[int] = set()
        # The last look for answered items to score found none.
        self.nothing_to_score = False
        self.cases: dict[int, CaseReference] = {}
        self.in_flight: dict[int, asyncio.Task[None]] = {}
        # A webhook agent's calls reuse the run's connections, kept open between calls.
        self.clients = WebhookClients(run.concurrency)
        self.writes: asyncio.Queue[_Work] = asyncio.Queue()
        self.publish_lock = asyncio.Lock()
        # Items whose agent has replied, their answers not stored yet: their slot is free.
        self.in_hand: set[int] = set()
        self.slot_freed = asyncio.Event()

    # -- preparing ---------------------------------------------------------------------
    async def prepare(self) -> None:
        """Act as the person who started the run, with their access as it is now; load
        the agents at their pinned versions. The cases at their pinned revisions are read
        as their items are claimed (``_load_cases``), not all before the first."""
        try:
            actor = await actor_for_job(self.sessionmaker, self.job_run.job)
        except ServiceError as refused:
            raise RunStopped(refused.message) from None
        ctx = ServiceContext(self.sessionmaker, self.redis, self.settings, actor)
        self.ctx = ctx
        self.actor = actor
        if actor.scopes is not None and Permission.RUNS_VIEW not in actor.scopes:
            raise RunStopped("the person who started this run may no longer read runs")
        async with reading_session(self.sessionmaker) as session:
            try:
                ctx.require_permission(Permission.RUNS_VIEW)
                await sharing.load_authorized(
                    session, actor, DATASET_KIND, self.run.dataset_id, Permission.DATASETS_RUN
                )
            except ServiceError as refused:
                raise RunStopped(
                    f"the person who started this run may no longer run it ({refused.message})"
                ) from None
            agents = (
                await session.execute(
                    select(EvalRunAgent)
                    .where(EvalRunAgent.run_id == self.run_id)
                    .order_by(col(EvalRunAgent.position))
                )
            ).scalars()
            for agent in agents:
                assert agent.id is not None
                if agent.agent_id is None:
                    raise RunStopped(f"the agent {agent.agent_name} was deleted")
                try:
                    ready = await runnable(session, ctx, agent.agent_id, agent.agent_version)
                except ServiceError as refused:
                    raise RunStopped(
                        f"the agent {agent.agent_name} cannot be run any more ({refused.message})"
                    ) from None
                self.agents[agent.id] = (agent, ready)
                if not answered_by_clients(agent.agent_kind):
                    self.answering.add(agent.id)

    # -- moving the run on ---------------------------------------------------------------
    async def _publish(self, row: EvalRun) -> None:
        await channels.publish_progress(self.redis, channels.progress_payload(row))

    async def stop(self, status: str, reason: str) -> None:
        """End the run (failed or cancelled) unless it has ended; drop what was not asked."""
        await self._move(lambda session: settling.stop(session, self.run_id, status, reason))

    async def _move(self, move: Callable[[AsyncSession], Awaitable[settling.Settled]]) -> None:
        """One move of the run in its own transaction, published once it has committed."""
        async with self.publish_lock:
            async with self.sessionmaker() as session, session.begin():
                settled = await move(session)
            await settling.publish_settled(self.redis, settled)

    # -- claiming and asking -----------------------------------------------------------
    def _question(self, item: EvalItem) -> Question:
        agent, _ = self.agents[item.run_agent_id]
        return question_of(agent, self.cases[item.case_id])

    async def _claim(self, rescore: bool) -> tuple[leases.Claimed, list[Asked]]:
        """Items leased to this worker, and the questions of those to answer, stored in
        Activity in the same transaction."""
        assert self.actor is not None
        async with self.sessionmaker() as session, session.begin():
            claimed = await leases.claim(
                session,
                self.holder,
                concurrency=self.run.concurrency,
                per_organization=self.settings.eval_concurrency_per_organization,
                answered_in_hand=sorted(self.in_hand),
                rescore=rescore,
                answering=self.answering,
                busy=self.in_flight.keys(),
            )
            await self._load_cases(session, [*claimed.to_answer, *claimed.to_score])
            asked = await ask_many(
                session, self.actor, [self._question(i) for i in claimed.to_answer]
            )
        return claimed, asked

    async def _load_cases(self, session: AsyncSession, items: list[EvalItem]) -> None:
        """The cases of these items not read yet, at the revisions the run pinned."""
        missing = {item.case_id for item in items} - self.cases.keys()
        if missing:
            self.cases.update(
                await references_at(
                    session, self.run.dataset_id, self.run.dataset_version, sorted(missing)
                )
            )

    async def _agent_budget(self) -> str | None:
        """The ``agent`` helper's budget, checked once for a batch of webhook questions
        (a model agent's calls are checked each by its metered provider)."""
        assert self.actor is not None
        try:
            await metering.DatabaseMeteringSink(self.sessionmaker).check(
                self.actor.organization_id, metering.AGENT_HELPER
            )
        except BudgetExhausted as spent:
            return spent.reason
        return None

    async def _ask(self, item: EvalItem, asked: Asked, spent: str | None) -> None:
        assert self.ctx is not None
        agent, ready = self.agents[item.run_agent_id]
        case = self.cases[item.case_id]
        if spent is not None and not isinstance(ready.config, ModelAgentConfig):
            reply = Reply(steps=(), error=spent)
        else:
            reply = await answer(
                self.ctx,
                ready,
                history=case_turns(case),
                question=case.content.input,
                isolated=True,
                eval_run=True,
                conversation_id=asked.conversation_id,
                budget_checked=True,
                clients=self.clients,
                idempotency_key=idempotency_key(self.run_id, item.id or 0),
            )
        graded = None
        if reply.error or graded_offline(self.config, case):
            graded = await self._grade(item, reply)
        work = _Work(answer=NewAnswer(item, asked, agent, ready.version.id, reply, graded))
        assert item.id is not None
        self.in_hand.add(item.id)
        self.slot_freed.set()
        try:
            await self.writes.put(work)
            needs_grading = await work.done
        finally:
            self.in_hand.discard(item.id)
        if needs_grading:
            await self._score(item, reply)

    async def _rescore(self, item: EvalItem) -> None:
        run_id = item.activity_run_id
        assert run_id is not None

        async def read() -> dict[int, Reply]:
            async with self.sessionmaker() as session:
                return await stored_replies(session, [run_id])

        found = await self._through_outage(read, "read")
        reply = found.get(run_id) or Reply(steps=(), error=REMOVED)
        await self._score(item, reply)

    async def _grade(self, item: EvalItem, reply: Reply) -> Graded:
        """The item's grade; through an outage (what it reads or books waits for it)."""
        assert self.ctx is not None
        ctx = self.ctx
        agent, _ = self.agents[item.run_agent_id]
        case = self.cases[item.case_id]
        return await self._through_outage(
            lambda: grade_answer(ctx, self.run, self.config, agent, item, case, reply), "grade"
        )

    async def _score(self, item: EvalItem, reply: Reply) -> None:
        graded = await self._grade(item, reply)
        work = _Work(scored=(item, graded))
        await self.writes.put(work)
        await work.done

    # -- storing -----------------------------------------------------------------------
    async def _writer(self) -> None:
        """Stores what the workers produced in batches: one transaction and one progress
        event a batch. A batch PostgreSQL could not take is held and tried again with
        backoff until it can (``_store``): answers paid for are never dropped for an
        outage."""
        while True:
            batch = [await self.writes.get()]
            while not self.writes.empty() and len(batch) < WRITE_BATCH:
                batch.append(self.writes.get_nowait())
            try:
                needs_grading = await self._store(batch)
            except Exception as error:
                for work in batch:
                    if not work.done.done():
                        work.done.set_exception(error)
                continue
            for work in batch:
                if not work.done.done():
                    work.done.set_result(id(work) in needs_grading)

    async def _store(self, batch: list[_Work]) -> set[int]:
        """Store a batch; the works (by ``id``) whose answers still need a model to grade."""
        assert self.actor is not None
        answers = [w.answer for w in batch if w.answer is not None]
        scores = [w.scored for w in batch if w.scored is not None]
        actor = self.actor

        async def write() -> tuple[list[NewAnswer], EvalRun | None]:
            async with self.sessionmaker() as session, session.begin():
                kept, tally = await store_answers(session, actor, self.holder, answers)
                _, more = await store_scores(session, self.holder, scores)
                return kept, await advance_after(session, self.run_id, tally, more)

        async with self.publish_lock:
            kept, row = await self._through_outage(write, "store")
            assert row is not None
            await self._publish(row)
        count_stored(kept)
        if (spent := over_budget(row)) is not None:
            await self.stop(FAILED, spent)
        ungraded = {id(a) for a in kept if a.graded is None}
        return {id(w) for w in batch if w.answer is not None and id(w.answer) in ungraded}

    # -- the loop ----------------------------------------------------------------------
    def _start(self, item: EvalItem, work: Awaitable[None]) -> None:
        assert item.id is not None
        self.in_flight[item.id] = asyncio.create_task(work)

    async def _settle(self) -> None:
        """All items are done: rerun the flips once, else finish (``settling``)."""
        await self._move(lambda session: settling.settle(session, self.run_id))

    async def _heartbeat(self) -> None:
        every = max(0.05, self.settings.eval_lease_seconds / 3)
        while True:
            await asyncio.sleep(every)
            try:
                async with self.sessionmaker() as session, session.begin():
                    await leases.renew(session, self.holder)
            except Exception as error:  # the beat must outlive any one failure
                log.warning(
                    "eval lease renewal failed", run_id=self.run_id, error=type(error).__name__
                )

    async def _through_outage(self, step: Callable[[], Awaitable[T]], name: str) -> T:
        """``step``, tried again with backoff while PostgreSQL is away: the answers in
        flight meanwhile are held by the writer, not given up with the run."""
        return await until_reachable(
            step, on_outage=_warn_outage(self.run_id, name), backoff=Backoff(first=0.2, cap=2.0)
        )

    async def _remaining(self) -> int:
        async with self.sessionmaker() as session:
            return await leases.remaining(session, self.run_id)

    async def _round(self) -> str:
        """Claim what there is room for and set it going; the run's status."""
        now = asyncio.get_running_loop().time()
        rescore = now >= self.next_rescore
        if rescore:
            self.next_rescore = now + self.poll
        spent: str | None = None
        if self.answering:
            (claimed, asked), spent = await asyncio.gather(
                self._claim(rescore), self._agent_budget()
            )
        else:  # only a local agent's answers to score: no budget to check for asking
            claimed, asked = await self._claim(rescore)
        if rescore:
            self.nothing_to_score = not claimed.to_score
        for item in claimed.to_score:
            self._start(item, self._rescore(item))
        if claimed.to_answer:
            for item, question in zip(claimed.to_answer, asked, strict=True):
                self._start(item, self._ask(item, question, spent))
        return claimed.status

    async def execute(self) -> dict[str, Any]:
        # Running before its first claim, in a transaction of its own: a claim holds items
        # that a cancel or a stored answer takes before the run's row (``settling``).
        await self._move(lambda session: settling.begin(session, self.run_id))
        beat = asyncio.create_task(self._heartbeat())
        writer = asyncio.create_task(self._writer())
        try:
            while True:
                if self.job_run.stopping.is_set():
                    # The worker is stopping: nothing more is claimed; the calls in flight
                    # finish and their answers are stored, then the run goes back to the
                    # queue for the next worker.
                    if not self.in_flight:
                        raise WorkerStopping()
                    status = RUNNING
                else:
                    status = await self._through_outage(self._round, "claim")
                if not self.in_flight:
                    if status not in (RUNNING, CONFIRMING):
                        break
                    if await self._through_outage(self._remaining, "count") == 0:
                        await self._through_outage(self._settle, "settle")
                        continue
                    if not self.answering and self.nothing_to_score:
                        # Only a local agent's work is left, for its clients: the run's job
                        # ends rather than hold a worker's slot, and comes back when an
                        # answer needs a model to grade it (``client_work``).
                        break
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.job_run.stopping.wait(), self.poll)
                    continue
                # On until a task ends, an agent replies (its slot is free for the next) or
                # the worker begins to stop.
                freed = asyncio.create_task(self.slot_freed.wait())
                waiters = [freed]
                if not self.job_run.stopping.is_set():
                    waiters.append(asyncio.create_task(self.job_run.stopping.wait()))
                done, _ = await asyncio.wait(
                    [*self.in_flight.values(), *waiters],
                    timeout=self.poll,
                    return_when=asyncio.FIRST_COMPLETED,
                )
                for waiter in waiters:
                    waiter.cancel()
                self.slot_freed.clear()
                self.in_flight = {k: t for k, t in self.in_flight.items() if t not in done}
                # Every task that ended is looked at - not only up to the first that
                # failed: answers that failed together (a batch not stored) each end with
                # the error, and one left unread is logged as never retrieved.
                failed = [
                    error
                    for task in done
                    if task not in waiters
                    and not task.cancelled()
                    and (error := task.exception()) is not None
                ]
                if failed:
                    raise failed[0]
        except Exception:
            # Something failed unexpectedly: ask nothing more, but let the answers in flight
            # be stored (within a lease), so that the next worker asks them no more.
            if self.in_flight:
                await asyncio.wait(
                    self.in_flight.values(), timeout=self.settings.eval_lease_seconds
                )
            raise
        finally:
            for task in self.in_flight.values():
                task.cancel()
            await asyncio.gather(*self.in_flight.values(), return_exceptions=True)
            writer.cancel()
            beat.cancel()
            await asyncio.gather(writer, beat, return_exceptions=True)
            self.clients.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._let_go()), 3.0)

        async with self.sessionmaker() as session, session.begin():
            row = await session.get(EvalRun, self.run_id)
            assert row is not None
            if row.status not in ACTIVE:
                await leases.drop_unasked(session, self.run_id)
        return {RUN_FIELD: self.run_id, "status": row.status, "scored": row.scored}

    async def _let_go(self) -> None:
        async with self.sessionmaker() as session, session.begin():
            await leases.let_go(session, self.holder)


@job_handler(JOB_KIND)
async def execute_eval_run(job_run: JobRun) -> dict[str, Any]:
    """The job of an eval run: answer and score its items until none is left."""
    run_id = int(job_run.job.payload[RUN_FIELD])
    async with reading_session(job_run.sessionmaker) as session:
        run = await session.get(EvalRun, run_id)
    if run is None or run.status not in ACTIVE:
        return {RUN_FIELD: run_id, "status": run.status if run else "gone"}
    executor = Executor(job_run, run, job_run.settings or get_settings())
    try:
        await executor.prepare()
    except RunStopped as stopped:
        await executor.stop(FAILED, stopped.reason)
        return {RUN_FIELD: run_id, "status": FAILED}
    return await executor.execute()
