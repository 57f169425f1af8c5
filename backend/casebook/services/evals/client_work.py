"""A local agent's eval run, answered by its clients (DESIGN: "Agents that run elsewhere").

Casebook cannot call a local agent: its code runs where its clients are. So the run's
work items of such an agent - its answers, repetitions and confirmation reruns - wait to
be *claimed*: a client claims up to a number of them under a lease, with the same
``FOR UPDATE SKIP LOCKED``, the same bounds (the run's concurrency, the organization's)
and the same leases a worker takes (``leases``); it answers each where the code is,
renews its lease while it works, and submits the answers in batches. A claim may wait a
short time for work, so confirmation reruns reach a client that keeps asking.

What is stored is what a worker stores: each answer recorded in Activity (a run flagged
eval and isolated), graded with the configuration the run started with against the case
revision it pinned - at once when no model grades it, else by the run's worker, which
scores answered items nobody holds - with the same progress events, budget, cancel,
confirmation, comparison and review. The API process that stores a run's last answers
settles the run itself (``settling``).

A client that dies leaves its items to the next claimer once its lease runs out; an
answer stored is never handed out again; an answer submitted for an item whose lease
passed to another claim is refused, named, and changes nothing.

Access: ``runs:view``, then ``datasets:run`` on the run's dataset and ``agents:run`` on
each of its local agents - what starting it needs - on this run only.
"""

import asyncio
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from casebook.db.case_content import content_from_json
from casebook.db.models import AgentVersion, CaseRevision, EvalItem, EvalRun, EvalRunAgent
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.activity.model import Reply
from casebook.domain.agents.model import (
    CLIENT_ANSWERED_KINDS,
    ToolSpec,
    config_from_json,
)
from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import ValidationFailed
from casebook.domain.evals.client_answers import (
    ANSWERS_PER_SUBMISSION_MAX,
    SubmittedAnswer,
    check_submission,
    reply_of,
)
from casebook.domain.evals.progress import (
    ACTIVE,
    ANSWERED,
    ANSWERING,
    DROPPED,
    FAILED,
    PENDING,
    QUEUED,
    SCORED,
)
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.grading.structured_scorer import structured_settings
from casebook.llm.errors import BudgetExhausted
from casebook.llm.metering import MeteredCall
from casebook.llm.protocol import Usage
from casebook.services.activity.batch_recording import ask_many
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.evals import channels, leases, settling
from casebook.services.evals.grading import Graded, grade_answer, graded_offline
from casebook.services.evals.resume import wake_worker
from casebook.services.evals.runs import load_run
from casebook.services.evals.storing import (
    NewAnswer,
    Tally,
    advance_after,
    count_stored,
    over_budget,
    question_of,
    store_answers,
)
from casebook.services.grading.structured.staleness import CaseReference, references_at
from casebook.services.identity.secrets import new_token
from casebook.services.kernel import jobs, sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict, ServiceError
from casebook.services.models import metering

CLAIM_MAX = 64
# clients_seen_at is written at most this often, not at every claim.
SEEN_EVERY_SECONDS = 2.0
WAIT_SECONDS_MAX = 20.0
LEASE_SECONDS_MIN, LEASE_SECONDS_MAX = 1.0, 3600.0
LEASE_TOKEN_PREFIX = "client:"
# A lease token a client chooses: long and random enough that nobody else holds the same.
CHOSEN_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
FIRST_PAUSE_SECONDS, LONGEST_PAUSE_SECONDS = 0.02, 0.25

NOT_HELD = {
    ANSWERING: "its lease ran out and passed to another claim; that claim answers it",
    PENDING: "its lease ran out and it waits to be claimed again",
    ANSWERED: "it was answered by another claim",
    SCORED: "it was answered by another claim",
    DROPPED: "the run stopped before it was answered",
}
NOT_AN_ITEM = "is not a work item of this run"


@dataclass(frozen=True)
class ClientRun:
    """A run as a client acting on it sees it: its local agents and the tools they declare."""

    run: EvalRun
    agents: dict[int, EvalRunAgent]
    tools: dict[int, tuple[ToolSpec, ...]]
    # The id of the version each answers with, as Activity records it.
    version_ids: dict[int, int]

    @property
    def answering(self) -> set[int]:
        return set(self.tools)


@dataclass(frozen=True)
class WorkItem:
    """One item handed to a client: what to answer, as the run pinned it."""

    item: EvalItem
    agent: EvalRunAgent
    tools: tuple[ToolSpec, ...]
    content: CaseContent
    revision: int


@dataclass(frozen=True)
class ClaimedWork:
    status: str
    lease_token: str
    items: list[WorkItem]


@dataclass(frozen=True)
class Refusal:
    item_id: int
    reason: str


@dataclass(frozen=True)
class Submitted:
    accepted: list[int]
    refused: list[Refusal]
    run: EvalRun
    # The next items, when the submission asked to claim some.
    claimed: ClaimedWork | None = None


@dataclass
class _Candidate:
    given: SubmittedAnswer
    item: EvalItem
    reply: Reply
    graded: Graded | None = None
    stored: bool = field(default=False)


def _holder(run: EvalRun, token: str, lease_seconds: float) -> leases.Holder:
    assert run.id is not None
    return leases.Holder(run.id, run.organization_id, token, timedelta(seconds=lease_seconds))


def _lease_seconds(ctx: ServiceContext, given: float | None) -> float:
    if given is None:
        return ctx.settings.eval_lease_seconds
    if not LEASE_SECONDS_MIN <= given <= LEASE_SECONDS_MAX:
        raise BadUserInput.at(
            "leaseSeconds", f"must be {LEASE_SECONDS_MIN:g} to {LEASE_SECONDS_MAX:g} seconds"
        )
    return given


async def _client_run(session: AsyncSession, actor: Actor, run_id: int) -> ClientRun:
    """The run when the actor may answer it: datasets:run on its dataset, agents:run on
    each local agent; not found / forbidden as starting it would be."""
    run = await load_run(session, actor, run_id, Permission.DATASETS_RUN)
    rows = (
        await session.execute(
            select(EvalRunAgent, AgentVersion)
            .outerjoin(
                AgentVersion,
                and_(
                    col(AgentVersion.agent_id) == col(EvalRunAgent.agent_id),
                    col(AgentVersion.version) == col(EvalRunAgent.agent_version),
                ),
            )
            .where(
                EvalRunAgent.run_id == run_id,
                col(EvalRunAgent.agent_kind).in_(CLIENT_ANSWERED_KINDS),
            )
            .order_by(col(EvalRunAgent.position))
        )
    ).all()
    if not rows:
        raise BadUserInput.at(
            "runId", "this run's agents are called by Casebook itself: no work waits for a client"
        )
    for agent, _ in rows:
        if agent.agent_id is None:
            raise Conflict(f"the agent {agent.agent_name} was deleted; its work is not answered")
    found = await sharing.authorize_many(
        session,
        actor,
        AGENT_KIND,
        [agent.agent_id for agent, _ in rows if agent.agent_id is not None],
        Permission.AGENTS_RUN,
    )
    for refused in found.values():
        if isinstance(refused, ServiceError):
            raise refused
    tools: dict[int, tuple[ToolSpec, ...]] = {}
    version_ids: dict[int, int] = {}
    for agent, version in rows:
        assert agent.id is not None
        tools[agent.id] = config_from_json(version.config).tools if version is not None else ()
        if version is not None and version.id is not None:
            version_ids[agent.id] = version.id
    local = [agent for agent, _ in rows]
    return ClientRun(run, {a.id: a for a in local if a.id is not None}, tools, version_ids)


async def _readable_run(ctx: ServiceContext, run_id: int) -> ClientRun:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        return await _client_run(session, actor, run_id)


def _ended(run: EvalRun) -> Conflict:
    reason = f": {run.status_reason}" if run.status_reason else ""
    return Conflict(
        f"this eval run has ended ({run.status.upper()}{reason}); it hands out no more work"
    )


async def _contents(
    session: AsyncSession, revision_ids: list[int]
) -> dict[int, tuple[int, CaseContent]]:
    """Each case revision's number and content, by its id."""
    rows = await session.execute(
        select(col(CaseRevision.id), col(CaseRevision.revision), col(CaseRevision.content)).where(
            col(CaseRevision.id).in_(revision_ids)
        )
    )
    return {row_id: (number, content_from_json(content)) for row_id, number, content in rows}


async def _cases_to_grade(
    session: AsyncSession, run: EvalRun, items: list[EvalItem]
) -> dict[int, CaseReference]:
    """The cases the items pinned, as grading reads them. Only the structured scorer reads
    which revision brought a case's reference in; without it the revisions the items pinned
    are read as they are, in one plain statement."""
    if structured_settings(read_scoring_config(run.scoring)) is not None:
        wanted = {item.case_id for item in items}
        return await references_at(session, run.dataset_id, run.dataset_version, wanted)
    contents = await _contents(session, sorted({item.revision_id for item in items}))
    return {
        item.case_id: CaseReference(
            item.case_id, item.revision_id, number, item.revision_id, content
        )
        for item in items
        for number, content in [contents[item.revision_id]]
    }


async def _budget_spent(ctx: ServiceContext, organization_id: int) -> str | None:
    """The reason the organization's ``agent`` budget stops answers, or None - checked once
    a claim, as a worker checks it once a batch of webhook questions."""
    try:
        await metering.DatabaseMeteringSink(ctx.sessionmaker).check(
            organization_id, metering.AGENT_HELPER
        )
    except BudgetExhausted as spent:
        return spent.reason
    return None


def _claim_bounds(
    limit: int, wait_seconds: float, case_ids: Sequence[int] | None, path: str
) -> None:
    if not 1 <= limit <= CLAIM_MAX:
        raise BadUserInput.at(path, f"must be 1 to {CLAIM_MAX}")
    if not 0 <= wait_seconds <= WAIT_SECONDS_MAX:
        raise BadUserInput.at("waitSeconds", f"must be 0 to {WAIT_SECONDS_MAX:g} seconds")
    if case_ids is not None and not 1 <= len(case_ids) <= CLAIM_MAX:
        raise BadUserInput.at("caseIds", f"must name 1 to {CLAIM_MAX} cases")


async def claim_work(
    ctx: ServiceContext,
    run_id: int,
    *,
    limit: int,
    wait_seconds: float = 0.0,
    lease_seconds: float | None = None,
    case_ids: Sequence[int] | None = None,
    lease_token: str | None = None,
    gone: Callable[[], Awaitable[bool]] | None = None,
) -> ClaimedWork:
    """Up to ``limit`` items to answer (of ``case_ids`` only, when given), leased to a new
    claim - or to the client's own ``lease_token``; waits up to ``wait_seconds`` for some
    while the run has none to hand out, unless the client is ``gone`` (it hung up: what
    the wait would claim it would never hear of). An ended run is refused."""
    _claim_bounds(limit, wait_seconds, case_ids, "max")
    token = _token(lease_token, "leaseToken")
    lease = _lease_seconds(ctx, lease_seconds)
    client_run = await _readable_run(ctx, run_id)
    if client_run.run.status not in ACTIVE:
        raise _ended(client_run.run)
    return await _claim(ctx, client_run, limit, wait_seconds, lease, case_ids, token, gone)


def _token(chosen: str | None, path: str) -> str:
    """The lease token of a claim: the client's own when it gives one (so it can renew and
    give back all it holds with it, even what a claim it never heard back from took), else
    a new one."""
    if chosen is None:
        return LEASE_TOKEN_PREFIX + new_token(18)
    if not CHOSEN_TOKEN.match(chosen):
        raise BadUserInput.at(path, "must be 22 to 64 letters, digits, _ or -, chosen at random")
    # Kept as it is: without a colon it is never a token this API makes, nor a worker's.
    return chosen


async def _claim(
    ctx: ServiceContext,
    client_run: ClientRun,
    limit: int,
    wait_seconds: float,
    lease: float,
    case_ids: Sequence[int] | None,
    token: str,
    gone: Callable[[], Awaitable[bool]] | None = None,
) -> ClaimedWork:
    run = client_run.run
    holder = _holder(run, token, lease)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_seconds
    pause = FIRST_PAUSE_SECONDS
    while True:
        claimed, contents = await _claim_once(ctx, client_run, holder, limit, case_ids)
        if claimed.to_answer or claimed.status not in ACTIVE or loop.time() >= deadline:
            break
        await asyncio.sleep(min(pause, max(0.0, deadline - loop.time())))
        pause = min(pause * 2, LONGEST_PAUSE_SECONDS)
        if gone is not None and await gone():
            break
    spent = await _budget_spent(ctx, run.organization_id) if claimed.to_answer else None
    if spent is not None:
        # A spent budget answers what was claimed with the reason, as it does a worker's.
        failures = [
            SubmittedAnswer(item.id or 0, holder.owner, error=spent) for item in claimed.to_answer
        ]
        await _store(ctx, client_run, failures)
        return ClaimedWork(claimed.status, holder.owner, [])
    items = [
        WorkItem(
            item,
            client_run.agents[item.run_agent_id],
            client_run.tools[item.run_agent_id],
            contents[item.revision_id][1],
            contents[item.revision_id][0],
        )
        for item in claimed.to_answer
    ]
    return ClaimedWork(claimed.status, holder.owner, items)


async def _claim_once(
    ctx: ServiceContext,
    client_run: ClientRun,
    holder: leases.Holder,
    limit: int,
    case_ids: Sequence[int] | None,
) -> tuple[leases.Claimed, dict[int, tuple[int, CaseContent]]]:
    """One claim in one transaction: the items leased and the questions of those handed
    out; then, apart, the run started when they are its first."""
    run = client_run.run
    async with ctx.transaction() as session:
        claimed = await leases.claim(
            session,
            holder,
            concurrency=run.concurrency,
            per_organization=ctx.settings.eval_concurrency_per_organization,
            rescore=False,
            answering=client_run.answering,
            limit=limit,
            ready=ACTIVE,
            cases=case_ids,
        )
        contents = (
            await _contents(session, sorted({i.revision_id for i in claimed.to_answer}))
            if claimed.to_answer
            else {}
        )
    # The run's row is written after the claim has committed, never in it: a claim holds
    # items a cancel or a stored answer may wait for, and they take the run's row next.
    started = settling.Settled()
    starting = bool(claimed.to_answer) and claimed.status == QUEUED
    if starting or _stale_seen(run):
        async with ctx.transaction() as session:
            await _seen(session, run)
            if starting:
                started = await settling.begin(session, holder.run_id)
    await settling.publish_settled(ctx.redis, started)
    if started.moved is not None:
        claimed = replace(claimed, status=started.moved.status)
    return claimed, contents


def _stale_seen(run: EvalRun) -> bool:
    """Whether the run read for this request was last seen at work long enough ago to note
    it again."""
    every = timedelta(seconds=SEEN_EVERY_SECONDS)
    return run.clients_seen_at is None or datetime.now(UTC) - run.clients_seen_at >= every


async def _seen(session: AsyncSession, run: EvalRun) -> None:
    """Note that a client is at work on the run (a few seconds apart at most)."""
    if not _stale_seen(run):
        return
    recent = func.now() - timedelta(seconds=SEEN_EVERY_SECONDS)
    await session.execute(
        update(EvalRun)
        .where(
            col(EvalRun.id) == run.id,
            or_(col(EvalRun.clients_seen_at).is_(None), col(EvalRun.clients_seen_at) < recent),
        )
        .values(clients_seen_at=func.now())
        .execution_options(synchronize_session=False)
    )


@dataclass(frozen=True)
class ClientProgress:
    """A local agent's part of a run: items waiting for a claim, items held by one, and
    when a client last claimed or answered."""

    waiting: int
    held: int
    last_seen_at: datetime | None


async def client_progress(
    ctx: ServiceContext, runs: Sequence[EvalRun]
) -> list[ClientProgress | None]:
    """For runs already read under access: each one's client work, None for a run none of
    whose agents is local; one statement."""
    run_ids = [run.id for run in runs if run.id is not None]
    if not run_ids:
        return [None for _ in runs]
    live = col(EvalItem.lease_expires_at) > func.now()
    status = col(EvalItem.status)
    async with ctx.reading() as session:
        rows = await session.execute(
            select(
                col(EvalRunAgent.run_id),
                func.count(EvalItem.id).filter(
                    or_(status == PENDING, and_(status == ANSWERING, ~live))
                ),
                func.count(EvalItem.id).filter(status == ANSWERING, live),
            )
            .select_from(EvalRunAgent)
            .outerjoin(EvalItem, col(EvalItem.run_agent_id) == col(EvalRunAgent.id))
            .where(
                col(EvalRunAgent.run_id).in_(run_ids),
                col(EvalRunAgent.agent_kind).in_(CLIENT_ANSWERED_KINDS),
            )
            .group_by(col(EvalRunAgent.run_id))
        )
        counts = {run_id: (int(waiting), int(held)) for run_id, waiting, held in rows}
    return [
        ClientProgress(*counts[run.id], run.clients_seen_at) if run.id in counts else None
        for run in runs
    ]


async def work_scores(
    ctx: ServiceContext, run_id: int, item_ids: Sequence[int]
) -> list[tuple[int, int]]:
    """(item id, score id) of those of the run's items that are graded, in the order asked:
    how a client learns what its answers scored. Reading a run: runs:view, datasets:view."""
    if len(item_ids) > ANSWERS_PER_SUBMISSION_MAX:
        raise BadUserInput.at("itemIds", f"must name at most {ANSWERS_PER_SUBMISSION_MAX} items")
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    async with ctx.reading() as session:
        await load_run(session, actor, run_id, Permission.DATASETS_VIEW)
        rows = await session.execute(
            select(col(EvalItem.id), col(EvalItem.score_id)).where(
                EvalItem.run_id == run_id,
                col(EvalItem.id).in_(list(item_ids)),
                EvalItem.status == SCORED,
                col(EvalItem.score_id).is_not(None),
            )
        )
        found = {item_id: score_id for item_id, score_id in rows if score_id is not None}
    return [(item_id, found[item_id]) for item_id in dict.fromkeys(item_ids) if item_id in found]


async def renew_work(
    ctx: ServiceContext, run_id: int, lease_tokens: Sequence[str], lease_seconds: float | None
) -> datetime | None:
    """Extend the leases of the items these claims still hold; when they now run out
    (None when none is held any more)."""
    if not 1 <= len(lease_tokens) <= CLAIM_MAX:
        raise BadUserInput.at("leaseTokens", f"must hold 1 to {CLAIM_MAX} lease tokens")
    lease = _lease_seconds(ctx, lease_seconds)
    run = (await _readable_run(ctx, run_id)).run
    async with ctx.transaction() as session:
        renewed = (
            await session.execute(
                update(EvalItem)
                .where(
                    EvalItem.run_id == run_id,
                    col(EvalItem.lease_owner).in_(list(dict.fromkeys(lease_tokens))),
                    EvalItem.status == ANSWERING,
                )
                .values(lease_expires_at=_holder(run, "", lease).expires)
                .returning(col(EvalItem.lease_expires_at))
            )
        ).scalars()
        return max((when for when in renewed if when is not None), default=None)


async def release_work(ctx: ServiceContext, run_id: int, lease_tokens: Sequence[str]) -> int:
    """Give back what these claims hold unanswered, so another claim takes it at once
    rather than once the lease runs out; how many items were given back."""
    if not 1 <= len(lease_tokens) <= CLAIM_MAX:
        raise BadUserInput.at("leaseTokens", f"must hold 1 to {CLAIM_MAX} lease tokens")
    await _readable_run(ctx, run_id)
    async with ctx.transaction() as session:
        released = await session.execute(
            update(EvalItem)
            .where(
                EvalItem.run_id == run_id,
                col(EvalItem.lease_owner).in_(list(dict.fromkeys(lease_tokens))),
                EvalItem.status == ANSWERING,
            )
            .values(status=PENDING, lease_owner=None, lease_expires_at=None)
            .returning(col(EvalItem.id))
        )
        return len(released.all())


async def submit_answers(
    ctx: ServiceContext,
    run_id: int,
    answers: Sequence[SubmittedAnswer],
    *,
    claim_next: int = 0,
    lease_seconds: float | None = None,
    claim_token: str | None = None,
) -> Submitted:
    """Store the answers of items their claims still hold, graded as a worker grades them;
    the others are refused by name. A malformed batch is refused whole. With
    ``claim_next``, also claim up to that many items more - the next work of a client
    answering as it goes, in the same request."""
    ctx.require_permission(Permission.RUNS_VIEW)
    if claim_next:
        _claim_bounds(claim_next, 0.0, None, "claimNext")
    token = _token(claim_token, "claimLeaseToken")
    lease = _lease_seconds(ctx, lease_seconds)
    try:
        check_submission(answers)
    except ValidationFailed as refused:
        raise BadUserInput(refused.errors) from None
    client_run = await _readable_run(ctx, run_id)
    submitted = await _store(ctx, client_run, answers)
    if claim_next and submitted.run.status in ACTIVE:
        moved_on = replace(client_run, run=submitted.run)
        claimed = await _claim(ctx, moved_on, claim_next, 0.0, lease, None, token)
        return replace(submitted, claimed=claimed)
    return submitted


def _why_not(item: EvalItem | None, given: SubmittedAnswer, client_run: ClientRun) -> str | None:
    """Why the answer cannot be stored, or None when its claim holds the item."""
    if item is None or item.run_agent_id not in client_run.tools:
        return NOT_AN_ITEM
    if item.status == ANSWERING and item.lease_owner == given.lease_token:
        return None
    return NOT_HELD.get(item.status, NOT_AN_ITEM)


async def _store(
    ctx: ServiceContext, client_run: ClientRun, answers: Sequence[SubmittedAnswer]
) -> Submitted:
    run = client_run.run
    assert run.id is not None
    actor = ctx.require_actor()
    async with ctx.reading() as session:
        items = {
            item.id: item
            for item in (
                await session.execute(
                    select(EvalItem).where(
                        EvalItem.run_id == run.id,
                        col(EvalItem.id).in_([a.item_id for a in answers]),
                    )
                )
            ).scalars()
        }
        cases = await _cases_to_grade(session, run, list(items.values()))
    accepted: list[int] = []
    refused: list[Refusal] = []
    candidates: list[_Candidate] = []
    for given in answers:
        item = items.get(given.item_id)
        if (
            item is not None
            and item.lease_owner == given.lease_token
            and item.status in (ANSWERED, SCORED)
        ):
            accepted.append(given.item_id)  # sent again (a reply lost on the way): stored once
            continue
        reason = _why_not(item, given, client_run)
        if reason is not None or item is None:
            refused.append(Refusal(given.item_id, reason or NOT_AN_ITEM))
            continue
        reply = reply_of(given, client_run.tools[item.run_agent_id], isolated=True)
        candidates.append(_Candidate(given, item, reply))
    config = read_scoring_config(run.scoring)
    for candidate in candidates:
        case = cases[candidate.item.case_id]
        if candidate.reply.error or graded_offline(config, case):
            agent = client_run.agents[candidate.item.run_agent_id]
            candidate.graded = await grade_answer(
                ctx, run, config, agent, candidate.item, case, candidate.reply
            )
    row, left = await _record(ctx, client_run, actor, candidates, cases)
    for candidate in candidates:
        if candidate.stored:
            accepted.append(candidate.given.item_id)
        else:
            refused.append(Refusal(candidate.given.item_id, NOT_HELD[ANSWERING]))
    if row is None:
        return Submitted(accepted, refused, run)
    await channels.publish_progress(ctx.redis, channels.progress_payload(row))
    return Submitted(accepted, refused, await _move_on(ctx, row, left))


async def _record(
    ctx: ServiceContext,
    client_run: ClientRun,
    actor: Actor,
    candidates: list[_Candidate],
    cases: dict[int, CaseReference],
) -> tuple[EvalRun | None, int | None]:
    """One transaction: the questions and answers in Activity, the items answered (scored
    when graded already), the reported costs metered, the run's counters advanced. Items
    whose answer still needs a model to grade are let go, for the run's worker to score -
    handed a new job when its last one ended. The run as it is then, and how many of its
    items are left."""
    run = client_run.run
    assert run.id is not None
    if not candidates:
        return None, None
    by_token: dict[str, list[_Candidate]] = {}
    for candidate in candidates:
        by_token.setdefault(candidate.given.lease_token, []).append(candidate)
    woken: int | None = None
    to_grade = False
    async with ctx.transaction() as session:
        tallies: list[Tally] = []
        for token, held_by in by_token.items():
            holder = _holder(run, token, ctx.settings.eval_lease_seconds)
            held = await leases.still_held(
                session, holder, [c.item.id or 0 for c in held_by], ANSWERING
            )
            kept = [c for c in held_by if c.item.id in held]
            if not kept:
                continue
            questions = [
                question_of(client_run.agents[c.item.run_agent_id], cases[c.item.case_id])
                for c in kept
            ]
            asked = await ask_many(session, actor, questions)
            new_answers = [
                NewAnswer(
                    c.item,
                    where,
                    client_run.agents[c.item.run_agent_id],
                    client_run.version_ids.get(c.item.run_agent_id),
                    c.reply,
                    c.graded,
                )
                for c, where in zip(kept, asked, strict=True)
            ]
            stored, tally = await store_answers(session, actor, holder, new_answers, held=held)
            tallies.append(tally)
            count_stored(stored)
            for c in kept:
                c.stored = True
            ungraded = [c.item.id for c in kept if c.graded is None]
            if ungraded:
                await session.execute(
                    update(EvalItem)
                    .where(col(EvalItem.id).in_(ungraded))
                    .values(lease_owner=None, lease_expires_at=None)
                )
                to_grade = True
        metering.add_usage(
            session,
            run.organization_id,
            metering.AGENT_HELPER,
            [
                MeteredCall(
                    "chat",
                    c.reply.model or "local",
                    Usage(c.reply.input_tokens or 0, c.reply.output_tokens or 0),
                    c.reply.cost_usd or 0.0,
                    True,
                    c.reply.latency_ms or 0.0,
                )
                for c in candidates
                if c.stored and c.reply.cost_usd
            ],
        )
        # The run's row after its items, as every writer of both takes them.
        await _seen(session, run)
        if to_grade:
            woken = await wake_worker(session, run)
        row = await advance_after(session, run.id, *tallies) if tallies else None
        left = await leases.remaining(session, run.id) if row is not None else None
    if woken is not None:
        await jobs.hand_to_worker(ctx.redis, woken)
    return row, left


async def _move_on(ctx: ServiceContext, row: EvalRun, left: int | None) -> EvalRun:
    """After a batch: stop a run whose budget is spent, settle one with nothing ``left``;
    the run as it is then."""
    assert row.id is not None
    spent = over_budget(row)
    if spent is None and left != 0:
        return row
    async with ctx.transaction() as session:
        if spent is not None:
            moved = await settling.stop(session, row.id, FAILED, spent)
        else:
            moved = await settling.settle(session, row.id)
    await settling.publish_settled(ctx.redis, moved)
    return moved.moved or row
