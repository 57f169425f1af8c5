"""Answering a local agent's eval run: claim its work, answer each item, submit the answers.

Four things go on at once, so that the API and the task are never idle waiting on each
other: claiming, answering (each item its own asyncio task, ``concurrency`` of them at once;
a sync task on a thread), submitting (whatever answers are ready, in one request of up to
500, two requests in flight at most) and renewing the leases of what is held. The client
holds up to ``hold`` items (twice the concurrency by default, as the run's own concurrency
allows) and claims what room it has: the next items wait claimed while the last are
answered, and each request carries up to 64 answers (the API's cost is mostly per request:
1,000 instant answers took 16 submissions of 64 and 2 s, against 32 of 32 and 5 s). A
submission claims the room its answers free in the same request (``claimNext``), so a
client answering as it goes pays one request per batch, not two. A claim that finds
nothing while this client holds nothing waits on the server for work, so the confirmation reruns that come once every answer is graded are answered too;
the loop ends when the run does. Stopped (KeyboardInterrupt, cancel), the client submits
what it has answered and gives back the rest, so another client takes it at once.

An answer the API refuses is counted, never retried: its item's lease passed to another
claim, which answers it. Answers are submitted once every item held is answered or 20 ms
after the first of them is ready, whichever comes first. A batch the API refuses whole for a malformed answer
(``answers.3.costUsd``) is sent again with that answer turned into the item's error.
"""

import asyncio
import contextlib
import functools
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from casebook_client.answers import exception_text, failure_input
from casebook_client.api.fragments import WorkItemFields, WorkScoreFieldsScore
from casebook_client.api.input_types import EvalAnswerInput
from casebook_client.cases import CONFIRM, EvalCase
from casebook_client.clients import AsyncCasebook
from casebook_client.connection import ApiError, Unreachable
from casebook_client.progress import ENDED, Progress, Silent

CLAIM_MAX = 64
SUBMIT_MAX = 500
SUBMITS_IN_FLIGHT = 2
# How long a ready answer waits for those still being worked out to join its batch: one
# request of 32 answers costs the API far less than 32 of one.
LINGER_SECONDS = 0.02
WAIT_SECONDS = 10.0
LEASE_SECONDS = 120.0
GIVE_BACK_SECONDS = 10.0
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0)
ANSWER_PATH = re.compile(r"^answers\.(\d+)(\.|$)")

T = TypeVar("T")
Answerer = Callable[[EvalCase, str], Awaitable[EvalAnswerInput]]


@dataclass
class Tally:
    """What this client did: items claimed, answers stored (errors among them), answers
    refused (with the reason) and confirmation reruns answered."""

    claimed: int = 0
    stored: int = 0
    errors: int = 0
    confirmations: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)
    scores: dict[str, WorkScoreFieldsScore] = field(default_factory=dict)


async def retrying(call: Callable[[], Awaitable[T]]) -> T:
    """The call, tried again after a pause while the API is unreachable or UNAVAILABLE."""
    for delay in (*RETRY_DELAYS, None):
        try:
            return await call()
        except Unreachable:
            if delay is None:
                raise
        except ApiError as error:
            if delay is None or "UNAVAILABLE" not in error.codes:
                raise
        await asyncio.sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover


def _refused_whole(error: ApiError, batch: Sequence[EvalAnswerInput]) -> list[EvalAnswerInput]:
    """The batch with each answer the API named as malformed turned into its item's error;
    re-raises when it named none."""
    named: dict[int, list[str]] = {}
    for found in error.fields:
        match = ANSWER_PATH.match(found["path"])
        if match and int(match.group(1)) < len(batch):
            named.setdefault(int(match.group(1)), []).append(f"{found['path']} {found['message']}")
    if "BAD_USER_INPUT" not in error.codes or not named:
        raise error
    return [
        failure_input(
            answer.item_id,
            answer.lease_token,
            "the API refused the answer: " + "; ".join(named[index]),
            answer.latency_ms,
        )
        if index in named
        else answer
        for index, answer in enumerate(batch)
    ]


class WorkLoop:
    def __init__(
        self,
        api: AsyncCasebook,
        run_id: str,
        answer: Answerer,
        *,
        concurrency: int,
        hold: int | None = None,
        progress: Progress | None = None,
        lease_seconds: float = LEASE_SECONDS,
        case_ids: Sequence[str] | None = None,
        wait_seconds: float = WAIT_SECONDS,
        scored: bool = False,
    ) -> None:
        self.api, self.run_id, self.answer = api, run_id, answer
        self.concurrency = concurrency
        self.hold = hold or 2 * concurrency
        self.slots = asyncio.Semaphore(concurrency)
        self.progress = progress or Silent()
        self.lease_seconds = lease_seconds
        self.case_ids = list(case_ids) if case_ids is not None else None
        self.wait_seconds = wait_seconds
        self.scored = scored  # read what each answer scored, where it is graded at once
        self.tally = Tally()
        # This client's own lease token, for every claim it makes: what it holds is renewed
        # and given back with it, even what a claim it never heard back from took (one
        # interrupted on its way).
        self.token = secrets.token_urlsafe(24)
        self.status: str | None = None
        self.held: dict[str, str] = {}  # item id → lease token, until its answer is settled
        self.ready: list[EvalAnswerInput] = []
        self.answering: set[asyncio.Task[None]] = set()
        self.unanswered = 0  # items being answered now
        # Room a submission in flight is claiming with it (``claimNext``).
        self.reserved = 0
        self.freed = asyncio.Event()
        self.queued = asyncio.Event()
        self.stopped = asyncio.Event()
        self.ended = False
        self.failure: BaseException | None = None

    # --- the loop ---------------------------------------------------------------------

    async def run(self) -> Tally:
        """Answer until the run ends; what this client did."""
        helpers = [
            asyncio.create_task(self._guarded(self._submit_loop()))
            for _ in range(SUBMITS_IN_FLIGHT)
        ]
        helpers.append(asyncio.create_task(self._guarded(self._renew_loop())))
        try:
            await self._claim_loop()
            if self.failure is None:
                await asyncio.gather(*helpers[:SUBMITS_IN_FLIGHT])
            if self.failure is not None:
                raise self.failure
            return self.tally
        except (asyncio.CancelledError, KeyboardInterrupt):
            await asyncio.shield(self._give_back())
            raise
        finally:
            self._end(self.status)
            for task in [*helpers, *self.answering]:
                task.cancel()
            await asyncio.gather(*helpers, *self.answering, return_exceptions=True)
            self.progress.close()

    async def _guarded(self, work: Awaitable[None]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if self.failure is None:
                self.failure = error
            self._end(self.status)

    def _end(self, status: str | None) -> None:
        self.status = status or self.status
        self.ended = True
        self.stopped.set()
        self.freed.set()
        self.queued.set()

    # --- claiming ---------------------------------------------------------------------

    async def _claim_loop(self) -> None:
        while not self.ended:
            free = self.hold - len(self.held) - self.reserved
            if free <= 0:
                await self._wait(self.freed)
                continue
            # Holding nothing, wait on the server for work (a rerun, another client's
            # item whose lease runs out); holding some, ask and come back once a submit
            # frees room.
            wait = 0.0 if self.held else self.wait_seconds
            self.freed.clear()
            try:
                claimed = await retrying(
                    functools.partial(
                        self.api.claim_eval_work,
                        run_id=self.run_id,
                        max=min(free, CLAIM_MAX),
                        wait_seconds=wait,
                        lease_seconds=self.lease_seconds,
                        case_ids=self.case_ids,
                        lease_token=self.token,
                    )
                )
            except ApiError as error:
                if "CONFLICT" in error.codes:  # the run has ended
                    self._end(None)
                    return
                raise
            claim = claimed.claim_eval_work
            for item in claim.items:
                self._start(item)
            if claim.status.value in ENDED:
                self._end(claim.status.value)
            elif not claim.items and self.held:
                await self._wait(self.freed)

    async def _wait(self, event: asyncio.Event) -> None:
        await event.wait()
        event.clear()

    def _start(self, item: WorkItemFields) -> None:
        self.held[item.id] = item.lease_token
        self.tally.claimed += 1
        if item.purpose.value.lower() == CONFIRM:
            self.tally.confirmations += 1
        self.unanswered += 1
        task = asyncio.create_task(self._answer(item))
        self.answering.add(task)
        task.add_done_callback(self.answering.discard)

    async def _answer(self, item: WorkItemFields) -> None:
        try:
            async with self.slots:
                given = await self.answer(EvalCase.from_item(item), item.lease_token)
        except Exception as error:  # the answerer turns the task's errors into answers already
            given = failure_input(item.id, item.lease_token, exception_text(error))
        self.unanswered -= 1
        self.ready.append(given)
        self.queued.set()

    # --- submitting -------------------------------------------------------------------

    async def _submit_loop(self) -> None:
        while True:
            while not self.ready:
                if self.ended:
                    return
                await self._wait(self.queued)
            await self._linger()
            if not self.ready:  # the other submitter took them
                continue
            if self.ended and self.status != "FINISHED" and self.status is not None:
                self.ready.clear()  # a run stopped refuses them all
                return
            batch = self.ready[:SUBMIT_MAX]
            del self.ready[:SUBMIT_MAX]
            if self.ready:
                self.queued.set()  # the other submitter takes the rest
            await self._submit(batch)

    async def _linger(self) -> None:
        """Until nothing is being answered, the batch is full, or LINGER_SECONDS passed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + LINGER_SECONDS
        while self.unanswered and len(self.ready) < SUBMIT_MAX and not self.ended:
            left = deadline - loop.time()
            if left <= 0:
                return
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wait(self.queued), left)

    def _claim_next(self, batch: list[EvalAnswerInput]) -> int:
        """How many items a submission of ``batch`` claims with it: the room its answers
        free. None when this client claims named cases (the pytest plugin's) or stops."""
        if self.scored or self.case_ids is not None or self.ended:
            return 0
        settled = sum(1 for answer in batch if answer.item_id in self.held)
        return max(0, min(CLAIM_MAX, self.hold - len(self.held) - self.reserved + settled))

    async def _send(self, batch: list[EvalAnswerInput], claim_next: int) -> Any:
        if self.scored:
            scored = await self.api.submit_eval_answers_scored(run_id=self.run_id, answers=batch)
            return scored.submit_eval_answers
        plain = await self.api.submit_eval_answers(
            run_id=self.run_id,
            answers=batch,
            claim_next=claim_next,
            lease_seconds=self.lease_seconds,
            claim_lease_token=self.token,
        )
        return plain.submit_eval_answers

    async def _submit(self, batch: list[EvalAnswerInput]) -> None:
        claim_next = self._claim_next(batch)
        self.reserved += claim_next
        try:
            while True:
                try:
                    result = await retrying(functools.partial(self._send, batch, claim_next))
                    break
                except ApiError as error:
                    batch = _refused_whole(error, batch)
        finally:
            self.reserved -= claim_next
        errors = {answer.item_id for answer in batch if answer.error is not None}
        for item_id in result.accepted:
            self.held.pop(item_id, None)
            self.tally.stored += 1
            self.tally.errors += item_id in errors
        for refusal in result.refused:
            self.held.pop(refusal.item_id, None)
            self.tally.refused.append((refusal.item_id, refusal.reason))
        for answer in batch:
            self.held.pop(answer.item_id, None)
        for found in getattr(result, "scores", ()):
            self.tally.scores[found.item_id] = found.score
        claimed = getattr(result, "claimed", None)
        for item in claimed.items if claimed is not None and not self.ended else ():
            self._start(item)
        progress = result.progress
        self.progress.update(progress.model_dump(by_alias=True, mode="json"))
        if progress.status.value in ENDED:
            self._end(progress.status.value)
        self.freed.set()

    # --- leases -----------------------------------------------------------------------

    async def _renew_loop(self) -> None:
        while not self.ended:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.stopped.wait(), self.lease_seconds / 3)
            if self.held:
                with contextlib.suppress(Unreachable, ApiError):
                    await self.api.renew_eval_work(
                        run_id=self.run_id,
                        lease_tokens=[self.token],
                        lease_seconds=self.lease_seconds,
                    )

    async def _give_back(self) -> None:
        """Stopping: submit what is answered, give back what is not (a few seconds at most)."""
        self.ended = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._flush_and_release(), GIVE_BACK_SECONDS)

    async def _flush_and_release(self) -> None:
        ready, self.ready = self.ready, []
        for start in range(0, len(ready), SUBMIT_MAX):
            with contextlib.suppress(Unreachable, ApiError):
                await self._submit(ready[start : start + SUBMIT_MAX])
        with contextlib.suppress(Unreachable, ApiError):
            await self.api.release_eval_work(run_id=self.run_id, lease_tokens=[self.token])
