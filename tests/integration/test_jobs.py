"""The worker: a ping job end to end, job records, and a job whose worker died."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update

from casebook.db.models import Job
from casebook.services.kernel import job_runs, jobs
from tests.support.graphql_client import Api

JOB = "query($id: ID!) { node(id: $id) { ... on Job { status result error attempts } } }"


async def test_a_ping_job_runs_on_the_real_worker_and_its_result_reads_back(
    owner: Api, run_worker
) -> None:
    job = (await owner('mutation { ping(message: "hello") { job { id status } } }'))["ping"]["job"]
    assert job["status"] == "queued"
    await run_worker()
    done = (await owner(JOB, {"id": job["id"]}))["node"]
    assert done["status"] == "succeeded"
    assert done["result"]["pong"] == "hello"
    assert done["attempts"] == 1


async def test_a_job_whose_worker_died_is_marked_failed(owner: Api, sessionmaker, app) -> None:
    job = (await owner('mutation { ping(message: "x") { job { id } } }'))["ping"]["job"]
    stale = datetime.now(UTC) - timedelta(minutes=5)
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job).values(status=jobs.RUNNING, heartbeat_at=stale, worker_id="gone:1")
        )
    # Short enough that the test server started longer ago than that.
    reaped = await job_runs.reap_stale_jobs(sessionmaker, app.state.casebook.redis, stale_after=0.5)
    assert len(reaped) == 1
    failed = (await owner(JOB, {"id": job["id"]}))["node"]
    assert failed["status"] == "failed"
    assert failed["error"] == jobs.DIED_MESSAGE


async def test_a_job_with_a_fresh_heartbeat_is_left_running(owner: Api, sessionmaker, app) -> None:
    await owner('mutation { ping(message: "x") { job { id } } }')
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(Job).values(status=jobs.RUNNING, heartbeat_at=datetime.now(UTC))
        )
    assert (
        await job_runs.reap_stale_jobs(sessionmaker, app.state.casebook.redis, stale_after=0.5)
        == []
    )
    async with sessionmaker() as session:
        assert (await session.execute(select(Job.status))).scalar_one() == jobs.RUNNING


async def test_finished_jobs_are_not_run_twice(owner: Api, run_worker, sessionmaker, app) -> None:
    job = (await owner('mutation { ping(message: "once") { job { id } } }'))["ping"]["job"]
    await run_worker()
    async with sessionmaker() as session:
        row = (await session.execute(select(Job))).scalar_one()
    outcome = await job_runs.execute(
        sessionmaker,
        app.state.casebook.redis,
        row.id,
        worker_id="again",
        heartbeat_every=1,
        stale_after=60,
    )
    assert outcome.status == job_runs.SKIPPED
    assert (await owner(JOB, {"id": job["id"]}))["node"]["attempts"] == 1
