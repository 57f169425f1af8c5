"""An arq worker that waits out a Redis outage instead of exiting.

arq's own worker stops at the first Redis error of its polling loop (and
gives up connecting after five tries at start). This one keeps polling with
backoff until Redis is back; jobs already running carry on meanwhile (they
need PostgreSQL, not Redis), and what arq writes when a job ends waits until
Redis takes it. Whether a job's work is done is recorded in PostgreSQL, so a
job arq delivers twice still runs once (``job_runs.execute``).

It is also woken: ``jobs.hand_to_worker`` publishes on the queue's wake channel
after queueing a job, and a worker given ``wake_url`` listens there (one
subscription, through a ``LiveHub``: reconnected with backoff after an outage) and
polls at once instead of at the end of its ``poll_delay``. arq sleeps that delay
between two polls and nothing can cut its sleep short, so this worker hands arq a
delay of zero and waits the delay itself, until it passes or a wake comes. The
delay is still the fallback: a wake lost (Redis restarting, no one subscribed yet)
costs one delay, never a job. A wake with nothing due is one poll that finds nothing.

It stops gracefully: at SIGTERM or SIGINT it takes no new job, sets ``stopping`` (handed
to every job as ``JobRun.stopping``) and gives the jobs running ``drain_seconds`` to end
- an eval run stores the answers of the agent calls it has in flight and hands the rest
back to the queue - before it cancels what is left and exits, as arq does at once. A
second signal stops it at once.
"""

import asyncio
import contextlib
import signal
from typing import Any

import structlog
from arq.connections import create_pool
from arq.constants import in_progress_key_prefix
from arq.utils import timestamp_ms
from arq.worker import Worker
from redis.exceptions import ResponseError, WatchError

from casebook.observability import metrics
from casebook.services.kernel.errors import LimitExceededError
from casebook.services.kernel.jobs import wake_channel
from casebook.services.kernel.live_hub import LiveHub
from casebook.services.kernel.outages import REDIS_OUTAGE, Backoff, outage_of, until_reachable

log = structlog.get_logger("casebook.worker")


class ResilientWorker(Worker):
    def __init__(
        self,
        *args: Any,
        wake_url: str | None = None,
        drain_seconds: float = 0.0,
        **kwargs: Any,
    ) -> None:
        """``wake_url``: the Redis whose wake channel of this queue the worker listens to
        (none: it finds jobs at its polls alone). A burst worker, which ends once its
        queue is empty, listens to nothing. ``drain_seconds``: how long the jobs running
        at a SIGTERM are given to end (0: cancelled at once)."""
        super().__init__(*args, **kwargs)
        self.drain_seconds = drain_seconds
        self.stopping = asyncio.Event()
        self.ctx["stopping"] = self.stopping
        self._draining: asyncio.Task[None] | None = None
        self._redis_backoff = Backoff(first=0.2, cap=10.0)
        # arq's cron window is max(poll_delay, 0.5) s: unchanged for delays up to 0.5 s.
        self.poll_interval_s, self.poll_delay_s = self.poll_delay_s, 0.0
        self._next_poll = 0.0  # loop time; the first poll is at once
        self._woken = asyncio.Event()
        self._wakes = (
            LiveHub(wake_url, kind="wake", purpose="worker wakes")
            if wake_url and not self.burst
            else None
        )

    def handle_sig(self, signum: signal.Signals) -> None:
        """The first SIGTERM or SIGINT drains (``_drain``); any other stop is arq's."""
        graceful = signum in (signal.SIGTERM, signal.SIGINT) and self.drain_seconds > 0
        if not graceful or self.stopping.is_set():
            super().handle_sig(signum)
            return
        self.stopping.set()
        self.allow_pick_jobs = False
        log.info(
            "stopping: no new job is taken; the jobs running finish what they started",
            running=sum(not task.done() for task in self.tasks.values()),
            within_seconds=self.drain_seconds,
        )
        self._draining = self.loop.create_task(self._drain(signal.Signals(signum)))

    async def _drain(self, signum: signal.Signals) -> None:
        # No job starts from here on (``allow_pick_jobs``): those running are all there is.
        running = [task for task in self.tasks.values() if not task.done()]
        if running:
            await asyncio.wait(running, timeout=self.drain_seconds)
        left = sum(not task.done() for task in running)
        if left:
            log.warning("drain deadline passed; the jobs still running are cancelled", left=left)
        super().handle_sig(signum)

    @property
    def waiting_for_redis(self) -> bool:
        """True from the first failed poll until Redis answers again."""
        return self._redis_backoff.failures > 0

    async def _wait_out(self, error: Exception, step: str) -> None:
        if outage_of(error) is None:
            raise error
        if self._redis_backoff.failures == 0:
            metrics.worker_waiting_for_redis(True)
        REDIS_OUTAGE.lost(f"the worker's {step}", error)
        await self._redis_backoff.wait()

    def _back(self) -> None:
        if self._redis_backoff.failures:
            REDIS_OUTAGE.reached("the worker's poll")
            self._redis_backoff.reset()
            metrics.worker_waiting_for_redis(False)

    @property
    def wake_channel(self) -> str:
        return wake_channel(self.queue_name)

    @property
    def hears_wakes(self) -> bool:
        """True while Redis has confirmed the worker's subscription to its wake channel."""
        return self._wakes is not None and self._wakes.subscribed(self.wake_channel)

    async def _hear_wakes(self, wakes: LiveHub) -> None:
        while True:
            try:
                async with wakes.listen(self.wake_channel) as heard:
                    # A wake, or RESYNC (subscribed again after an outage, wakes may have
                    # been missed): either way, poll now.
                    async for _ in heard:
                        self._woken.set()
            except LimitExceededError:
                self._woken.set()  # wakes piled up unread and were dropped: poll anyway

    async def _until_next_poll(self) -> None:
        remaining = self._next_poll - asyncio.get_running_loop().time()
        if remaining > 0 and not self._woken.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(remaining):
                    await self._woken.wait()

    async def _connect(self) -> None:
        while self._pool is None:
            assert self.redis_settings is not None
            try:
                self._pool = await create_pool(
                    self.redis_settings,
                    retry=self.redis_settings.conn_retries,  # one try here; the loop retries
                    job_deserializer=self.job_deserializer,
                    job_serializer=self.job_serializer,
                    default_queue_name=self.queue_name,
                    expires_extra_ms=self.expires_extra_ms,
                )
            except Exception as error:
                await self._wait_out(error, "connect")
        self._back()

    async def main(self) -> None:
        wakes = self._wakes
        hearing = asyncio.create_task(self._hear_wakes(wakes)) if wakes is not None else None
        try:
            await self._connect()
            await super().main()
        finally:
            if hearing is not None and wakes is not None:
                hearing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await hearing
                await wakes.close()

    async def _poll_iteration(self) -> None:
        """arq's poll, once the poll delay has passed since the last or a wake came."""
        await self._until_next_poll()
        self._woken.clear()  # a wake from here on is for a job this poll may miss
        self._next_poll = asyncio.get_running_loop().time() + self.poll_interval_s
        try:
            await super()._poll_iteration()
        except Exception as error:
            await self._wait_out(error, "poll")
            self._next_poll = 0.0  # the backoff was the wait: poll again at once
            return
        self._back()

    async def start_jobs(self, job_ids: list[bytes]) -> None:
        """arq's start, with the job's slot given back when Redis fails half-way. A job
        this worker is running stays on the queue until it ends; it is passed over here
        rather than asked about again on Redis at every poll."""
        for raw_id in job_ids:
            running = self.tasks.get(raw_id.decode())
            if running is not None and not running.done():
                continue
            await self.sem.acquire()
            if self.job_counter >= self.max_jobs:
                self.sem.release()
                return
            self.job_counter += 1
            started = False
            try:
                started = await self._mark_in_progress(raw_id.decode())
            finally:
                if not started:
                    self._release_sem_dec_counter_on_complete()

    async def _mark_in_progress(self, job_id: str) -> bool:
        """Take the job unless another worker has it or it is not due; start it if taken."""
        in_progress = in_progress_key_prefix + job_id
        async with self.pool.pipeline(transaction=True) as pipe:
            await pipe.watch(in_progress)
            taken_elsewhere = await pipe.exists(in_progress)
            score = await pipe.zscore(self.queue_name, job_id)
            if taken_elsewhere or not score or score > timestamp_ms():
                return False
            pipe.multi()  # type: ignore[no-untyped-call]
            pipe.psetex(in_progress, int(self.in_progress_timeout_s * 1000), b"1")
            try:
                await pipe.execute()
            except (ResponseError, WatchError):
                return False  # another worker took it in between
        task = self.loop.create_task(self.run_job(job_id, int(score)))
        task.add_done_callback(lambda _: self._release_sem_dec_counter_on_complete())
        self.tasks[job_id] = task
        return True

    async def run_job(self, job_id: str, score: int) -> None:
        try:
            await super().run_job(job_id, score)
        except Exception as error:
            # Redis went away as the job was being started, before it ran: free it, so
            # it is picked up again at once rather than after arq's in-progress timeout.
            await self._wait_out(error, "start")
            await until_reachable(lambda: self.pool.delete(in_progress_key_prefix + job_id))

    async def finish_job(self, *args: Any, **kwargs: Any) -> None:
        await until_reachable(lambda: super(ResilientWorker, self).finish_job(*args, **kwargs))

    async def finish_failed_job(self, job_id: str, result_data: bytes | None) -> None:
        await until_reachable(
            lambda: super(ResilientWorker, self).finish_failed_job(job_id, result_data)
        )
