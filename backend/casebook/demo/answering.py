"""The sample agent answering while `casebook dev` runs: every eval run of the demo's
local agent that is waiting for answers - one started in the console ("Run it again"), by
`casebook eval`, or by the API - is joined and answered by the shop assistant's code,
through the Python client as any client answers (docs/client-answered-runs.md).

Why a client-answered agent rather than a webhook the server calls: its identity is not an
address. A webhook agent would store this process's URL, and the port changes between
trials (the end-to-end tests pick free ones); a local agent is answered by whichever
client holds the key, so the demo answers on any port, and `casebook eval --task
shop_agent:answer` from docs/examples/support_agent answers it the same way.
"""

import asyncio
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from casebook.demo import sample_agent
from casebook_client import AsyncCasebook
from casebook_client.connection import ApiError, Unreachable
from casebook_client.evaluate import answer_run
from casebook_client.progress import progress_for

log = logging.getLogger("casebook.demo")
RETRY_SECONDS = 1.0
CONCURRENCY = 4
# Runs still taking answers: started, or rerunning what flipped.
ANSWERABLE = frozenset({"QUEUED", "RUNNING", "CONFIRMING"})
RUNS_QUERY = """query DemoRuns { evalRuns(first: 20) { edges { node {
  id status agents { agentId } } } } }"""
STARTED_SUBSCRIPTION = """subscription DemoStarted { organizationEvalRuns {
  kind run { id agents { agentId } } } }"""


@dataclass(frozen=True)
class AnsweringKey:
    """What seeding left for this process: the key it answers with and the agent it answers."""

    api_key: str
    agent_id: str

    def dump(self) -> str:
        return json.dumps({"apiKey": self.api_key, "agentId": self.agent_id})

    @classmethod
    def read(cls, path: Path) -> "AnsweringKey | None":
        try:
            given = json.loads(path.read_text())
            return cls(str(given["apiKey"]), str(given["agentId"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None


def answerable_runs(data: dict[str, Any], agent_id: str) -> list[str]:
    """The ids of the listed runs that the agent takes part in and that still take answers."""
    found = []
    for edge in data["evalRuns"]["edges"]:
        node = edge["node"]
        if node["status"] in ANSWERABLE and any(a["agentId"] == agent_id for a in node["agents"]):
            found.append(str(node["id"]))
    return found


async def _answer(api: AsyncCasebook, run_id: str) -> None:
    task = sample_agent.load().answer
    tally = await answer_run(
        api, run_id, task, concurrency=CONCURRENCY, progress=progress_for(sys.stderr, shown=False)
    )
    log.info("sample agent answered eval run %s: %s", run_id, tally)


class Answering:
    """The runs being answered, each joined once while it takes answers."""

    def __init__(self, api: AsyncCasebook, agent_id: str) -> None:
        self.api = api
        self.agent_id = agent_id
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def join(self, run_id: str) -> None:
        task = self.tasks.get(run_id)
        if task is not None and not task.done():
            return
        self.tasks[run_id] = asyncio.create_task(self._answer(run_id))

    async def _answer(self, run_id: str) -> None:
        try:
            await _answer(self.api, run_id)
        except (Unreachable, ApiError, OSError) as error:
            log.warning("sample agent: eval run %s: %s", run_id, error)

    async def join_listed(self) -> None:
        """Every answerable run now: those started while this process was not listening."""
        response = await self.api.execute(RUNS_QUERY, operation_name="DemoRuns")
        for run_id in answerable_runs(self.api.get_data(response), self.agent_id):
            self.join(run_id)

    async def join_started(self) -> None:
        """Each run of the agent as it starts, until the subscription ends."""
        async for data in self.api.execute_ws(STARTED_SUBSCRIPTION, operation_name="DemoStarted"):
            event = data["organizationEvalRuns"]
            run = event["run"]
            if event["kind"] == "STARTED" and any(
                a["agentId"] == self.agent_id for a in run["agents"]
            ):
                self.join(str(run["id"]))


async def answer_forever(url: str, key: AnsweringKey, retry_seconds: float = RETRY_SECONDS) -> None:
    """Answers the sample agent's runs as they start, until cancelled; an API that is not up
    yet, or restarts, is waited for."""
    async with AsyncCasebook(url, key.api_key, connections=8) as api:
        answering = Answering(api, key.agent_id)
        while True:
            try:
                await answering.join_listed()
                await answering.join_started()
            except Exception as error:
                log.info("sample agent: waiting for the API (%s)", error)
            await asyncio.sleep(retry_seconds)
