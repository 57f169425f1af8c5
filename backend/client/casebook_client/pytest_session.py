"""What the pytest plugin does against the API: one eval run per marked dataset and agent,
its cases as test items, each test's answers submitted and graded, the confirmation reruns
answered by calling the last test again, and the gate once the run has ended."""

import asyncio
import inspect
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from casebook_client import gate
from casebook_client.answers import answer_input, exception_text, failure_input
from casebook_client.api.fragments import WorkItemFields, WorkScoreFieldsScore
from casebook_client.api.input_types import EvalAnswerInput, EvalRunInput
from casebook_client.cases import CONFIRM, EvalCase
from casebook_client.clients import Casebook
from casebook_client.connection import ApiError, MissingApiKey, Unreachable
from casebook_client.progress import ENDED
from casebook_client.pytest_plugin import CaseFailed
from casebook_client.report import comparison_lines
from casebook_client.runs import verdict_of
from casebook_client.version_label import default_version_label

ID_CHARS = 60
CLAIM_WAIT_SECONDS = 5.0
LEASE_SECONDS = 900.0
POLL_SECONDS = 0.25
ITEMS_KEY = pytest.StashKey[list[WorkItemFields]]()


def _test_id(question: str, case_id: str) -> str:
    words = " ".join(question.split()) or case_id
    return words if len(words) <= ID_CHARS else words[: ID_CHARS - 1] + "…"


@dataclass
class Group:
    """One marker's dataset and agent (and options): one eval run."""

    dataset_id: str
    agent_id: str
    tags: tuple[str, ...] | None
    repetitions: int
    version: int
    baseline: str | None
    min_pass_rate: float | None
    case_ids: list[str]
    test_ids: list[str]
    run_id: str | None = None
    nodeids: list[str] = field(default_factory=list)
    answered: set[str] = field(default_factory=set)
    report: list[str] = field(default_factory=list)
    gate_failed: bool = False


class Session:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.groups: dict[tuple[Any, ...], Group] = {}
        self._client: Casebook | None = None
        self.timeout: float = config.getoption("casebook_grade_timeout")

    # --- the API ----------------------------------------------------------------------

    @property
    def client(self) -> Casebook:
        if self._client is None:
            try:
                self._client = Casebook(self.config.getoption("casebook_url") or None)
            except (MissingApiKey, ValueError) as error:
                raise pytest.UsageError(f"casebook: {error}") from None
        return self._client

    def _call(self, what: str, call: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except (ApiError, Unreachable) as error:
            raise pytest.UsageError(f"casebook: {what}: {error}") from None

    # --- collection -------------------------------------------------------------------

    def group(self, marker: pytest.Mark) -> Group:
        options = dict(marker.kwargs)
        unknown = set(options) - {
            "dataset", "agent", "tags", "repetitions", "version", "baseline", "min_pass_rate",
        }  # fmt: skip
        if unknown or "dataset" not in options or "agent" not in options:
            raise pytest.UsageError(
                "casebook: @pytest.mark.casebook(dataset=…, agent=…) takes tags, repetitions, "
                f"version, baseline and min_pass_rate{'; not ' + ', '.join(sorted(unknown)) if unknown else ''}"
            )
        tags = tuple(options["tags"]) if options.get("tags") else None
        key = (
            options["dataset"], options["agent"], tags, options.get("repetitions", 1),
            options.get("version"),
        )  # fmt: skip
        if key in self.groups:
            return self.groups[key]
        dataset = self._call("reading the dataset", self.client.get_dataset, id=options["dataset"])
        version = options.get("version") or dataset.dataset.latest_version
        cases = [
            case
            for case in self._call(
                "reading the dataset's cases", list, self.client.cases(options["dataset"], version)
            )
            if case.anonymised_at is None and (tags is None or set(case.tags) & set(tags))
        ]
        rate = options.get("min_pass_rate") or self.config.getoption("casebook_min_pass_rate")
        group = Group(
            dataset_id=options["dataset"],
            agent_id=options["agent"],
            tags=tags,
            repetitions=int(options.get("repetitions", 1)),
            version=version,
            baseline=options.get("baseline") or self.config.getoption("casebook_baseline"),
            min_pass_rate=gate.parse_pass_rate(str(rate)) if rate is not None else None,
            case_ids=[case.id for case in cases],
            test_ids=[_test_id(case.input, case.id) for case in cases],
        )
        self.groups[key] = group
        return group

    def collected(self, items: Sequence[pytest.Item]) -> None:
        for item in items:
            marker = item.get_closest_marker("casebook")
            if marker is not None:
                self.group(marker).nodeids.append(item.nodeid)

    # --- the run ----------------------------------------------------------------------

    def _started(self, group: Group) -> str:
        if group.run_id is not None:
            return group.run_id
        baseline = group.baseline
        if baseline == "last":
            baseline = self._last_run(group)
        label = self.config.getoption("casebook_version_label") or default_version_label(
            Path(str(self.config.rootpath))
        )
        run_input = EvalRunInput(
            dataset_id=group.dataset_id,
            agent_ids=[group.agent_id],
            version=group.version,
            repetitions=group.repetitions,
            tags=list(group.tags) if group.tags else None,
            concurrency=max(8, group.repetitions),
            baseline_run_id=baseline,
            version_label=label,
        )
        estimate = self._call("estimating the run", self.client.estimate_eval_run, input=run_input)
        started = self._call(
            "starting the run",
            self.client.start_eval_run,
            input=run_input,
            confirmation=estimate.estimate_eval_run.confirmation,
        )
        group.run_id = started.start_eval_run.id
        group.report.append(f"eval run {group.run_id}, version {label!r}")
        return group.run_id

    def _last_run(self, group: Group) -> str | None:
        runs = self.client.last_eval_runs(dataset_id=group.dataset_id, first=50).eval_runs.edges
        for edge in runs:
            answered = {a.agent_id for a in edge.node.agents} | {
                a.agent.id for a in edge.node.agents if a.agent is not None
            }
            if edge.node.status.value == "FINISHED" and group.agent_id in answered:
                return edge.node.id
        return None

    def claim(self, node: pytest.Item, marker: pytest.Mark, case_id: str) -> EvalCase:
        """The test's case, claimed from the run: every repetition of it."""
        group = self.group(marker)
        run_id = self._started(group)
        deadline = time.monotonic() + self.timeout
        while True:
            claimed = self._call(
                "claiming the case",
                self.client.claim_eval_work,
                run_id=run_id,
                max=min(64, group.repetitions),
                wait_seconds=CLAIM_WAIT_SECONDS,
                lease_seconds=LEASE_SECONDS,
                case_ids=[case_id],
            ).claim_eval_work
            if claimed.items or claimed.status.value in ENDED or time.monotonic() > deadline:
                break
        if not claimed.items:
            pytest.skip(
                f"the run handed out no work for this case ({claimed.status.value.lower()})"
            )
        node.stash[ITEMS_KEY] = list(claimed.items)
        return EvalCase.from_item(claimed.items[0])

    def _call_test(
        self, function: pytest.Function, case: EvalCase, item: WorkItemFields
    ) -> tuple[EvalAnswerInput, Exception | None]:
        """The test function called with this case: the answer, and what it raised."""
        arguments = {
            name: function.funcargs[name]
            for name in inspect.signature(function.obj).parameters
            if name in function.funcargs
        }
        arguments["casebook_case"] = case
        started = time.perf_counter()
        try:
            returned = function.obj(**arguments)
            if inspect.isawaitable(returned):
                returned = asyncio.run(_awaited(returned))
        except Exception as error:
            took = (time.perf_counter() - started) * 1000
            return failure_input(item.id, item.lease_token, exception_text(error), took), error
        took = (time.perf_counter() - started) * 1000
        return answer_input(item.id, item.lease_token, returned, took), None

    def _submit(
        self, run_id: str, answers: list[EvalAnswerInput]
    ) -> dict[str, WorkScoreFieldsScore]:
        """Submit and wait for every answer's grade (a judge's comes from the run's worker)."""
        submitted = self._call(
            "submitting the answers", self.client.submit_eval_answers_scored,
            run_id=run_id, answers=answers,
        ).submit_eval_answers  # fmt: skip
        refused = {r.item_id: r.reason for r in submitted.refused}
        if refused:
            pytest.fail("the run refused the answer: " + "; ".join(refused.values()), pytrace=False)
        scores = {found.item_id: found.score for found in submitted.scores}
        wanted = [a.item_id for a in answers if a.item_id not in scores]
        deadline = time.monotonic() + self.timeout
        while wanted:
            read = self._call(
                "reading the grades", self.client.eval_work_scores, run_id=run_id, item_ids=wanted
            ).eval_run
            scores.update({found.item_id: found.score for found in read.work_scores})
            wanted = [item_id for item_id in wanted if item_id not in scores]
            if wanted and (read.status.value in ENDED or time.monotonic() > deadline):
                pytest.fail(f"not graded before the run ended or {self.timeout:g} s passed",
                            pytrace=False)  # fmt: skip
            if wanted:
                time.sleep(POLL_SECONDS)
        return scores

    def answer(self, function: pytest.Function) -> None:
        """The test called once per repetition of its case, answers submitted and graded;
        the item's outcome is theirs."""
        marker = function.get_closest_marker("casebook")
        assert marker is not None
        group = self.group(marker)
        items = function.stash.get(ITEMS_KEY, [])
        run_id = self._started(group)
        called = [self._call_test(function, EvalCase.from_item(item), item) for item in items]
        scores = self._submit(run_id, [answer for answer, _ in called])
        group.answered.update(item.case_id for item in items)
        if group.nodeids and function.nodeid == group.nodeids[-1]:
            self._confirm(group, function)
        raised = next((error for _, error in called if error is not None), None)
        if raised is not None:
            raise raised  # the test's own failure, with its traceback; its answer is the error
        failed = [s for s in scores.values() if s.outcome.value == "FAIL"]
        if failed:
            raise CaseFailed(failed[0].outcome_reason or "failed")
        not_graded = [s for s in scores.values() if s.outcome.value == "NOT_GRADED"]
        if not_graded:
            pytest.skip(
                f"not graded: {not_graded[0].outcome_reason or 'no scorer reached a verdict'}"
            )

    def _confirm(self, group: Group, function: pytest.Function) -> None:
        """The last test: the reruns of flipped cases, once every answer is graded, answered
        by calling the test again with each, until the run ends."""
        assert group.run_id is not None
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            try:
                claimed = self.client.claim_eval_work(
                    run_id=group.run_id, max=8, wait_seconds=CLAIM_WAIT_SECONDS,
                    lease_seconds=LEASE_SECONDS,
                ).claim_eval_work  # fmt: skip
            except ApiError as error:
                if "CONFLICT" in error.codes:
                    return  # the run has ended
                raise
            if claimed.status.value in ENDED:
                return
            reruns = [item for item in claimed.items if item.purpose.value.lower() == CONFIRM]
            if reruns:
                answers = [self._call_test(function, EvalCase.from_item(i), i)[0] for i in reruns]
                self.client.submit_eval_answers(run_id=group.run_id, answers=answers)
            elif claimed.items:  # an answer of a case no test ran (its lease ran out elsewhere)
                self.client.release_eval_work(
                    run_id=group.run_id, lease_tokens=[claimed.lease_token]
                )
                return

    # --- the end ----------------------------------------------------------------------

    def finish(self) -> bool:
        """Each run's gate, once it has ended; True when one failed. A run some of whose
        cases were not run (deselected, interrupted) is cancelled, without a gate."""
        failed = False
        for group in self.groups.values():
            if group.run_id is None:
                continue
            missing = len(set(group.case_ids) - group.answered)
            if missing:
                self.client.cancel_eval_run(id=group.run_id)
                group.report.append(
                    f"cancelled: {missing} of {len(group.case_ids)} cases were not answered "
                    "(deselected or not run); no gate"
                )
                continue
            run = self._ended(group.run_id)
            verdict = verdict_of(run, group.min_pass_rate)
            agents = run.summary.agents
            for agent in agents:
                rate = "-" if agent.pass_rate is None else f"{agent.pass_rate:.1%}"
                group.report.append(
                    f"{agent.agent_name} (version {agent.agent_version}): {agent.passed} passed, "
                    f"{agent.failed} failed, {agent.not_graded} not graded; pass rate {rate}"
                )
            group.report.extend(
                comparison_lines(run.model_dump(by_alias=True, mode="json")["comparison"])
            )
            group.report.extend(f"gate: {reason}" for reason in verdict.reasons)
            group.gate_failed = verdict.exit_code != gate.PASSED
            group.report.append("gate: failed" if group.gate_failed else "gate: passed")
            failed = failed or group.gate_failed
        if self._client is not None:
            self._client.close()
        return failed

    def _ended(self, run_id: str) -> Any:
        deadline = time.monotonic() + self.timeout
        while True:
            run = self.client.eval_run_summary(id=run_id).eval_run
            if run.status.value in ENDED or time.monotonic() > deadline:
                return run
            time.sleep(POLL_SECONDS)

    def report(self) -> list[str]:
        return [line for group in self.groups.values() for line in group.report]


async def _awaited(awaitable: Any) -> Any:
    return await awaitable
