"""What a run would answer: the dataset version, its cases, the agents at their versions.

Estimating and starting read the same plan, so the estimate describes exactly the run
that starts. A local agent named with a version label answers with the version of that
label, or - a label not seen before - with a new version its start records
(``agents.version_for_label``); the estimate counts the label and the configuration it
would carry, so a start after another run recorded the same new label still matches. Access is decided in the order the spec gives: ``runs:view`` before
anything (the caller), then ``datasets:run`` on the dataset, then ``agents:run`` on
each agent. The cases are those the version holds, narrowed to those carrying at
least one of the tags; cases marked anonymised after erasure are left out and counted.
"""

import hashlib
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import ColumnElement, Select, literal, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.types import Text

from casebook.db.models import Agent, AgentVersion, CaseRevision, Dataset, DatasetCase, EvalRun
from casebook.db.queries.cases_at_version import CaseFilter, latest_changes
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.agents.model import AgentConfig, answered_by_clients, config_from_json
from casebook.domain.evals.inputs import EvalRunRequest
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.domain.jsonvalue import JSONObject
from casebook.services.agents.agents import KIND as AGENT_KIND
from casebook.services.agents.agents import label_choice, version_of
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.evals.runs import load_run
from casebook.services.kernel import sharing
from casebook.services.kernel.errors import BadUserInput, ServiceError

_changes_revisions = CaseRevision.__table__.c  # type: ignore[attr-defined]
_cases = DatasetCase.__table__.c  # type: ignore[attr-defined]


@dataclass(frozen=True)
class PlannedAgent:
    agent: Agent
    # The version it answers with; for a new label, the newest, which the new one copies.
    version: AgentVersion
    config: AgentConfig
    # A local agent's version label, and whether starting records it as a new version.
    label: str | None = None
    new_label: bool = False

    @property
    def number(self) -> int:
        """The version number it answers with (a new label's: the next, if nothing else
        records a version first)."""
        return self.agent.latest_version + 1 if self.new_label else self.version.version

    def fingerprint(self) -> list[Any]:
        if self.label is None:
            return [self.version.agent_id, self.version.version]
        return [self.version.agent_id, "label", self.label, _digest(self.version.config)]


def _digest(value: Any) -> str:
    return hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


@dataclass(frozen=True)
class PlannedCase:
    case_id: int
    revision_id: int
    revision: int
    content: dict[str, Any]


@dataclass(frozen=True)
class Plan:
    dataset: Dataset
    version: int
    scoring: JSONObject
    agents: list[PlannedAgent]
    cases: list[PlannedCase]
    anonymised_left_out: int
    baseline: EvalRun | None

    @property
    def answers(self) -> int:
        return len(self.cases) * len(self.agents)

    def fingerprint(self) -> dict[str, Any]:
        """What must not move between the estimate and the start."""
        return {
            "version": self.version,
            "agents": [a.fingerprint() for a in self.agents],
            "scoring": _digest(self.scoring),
        }


def tag_filter(tags: tuple[str, ...] | None) -> list[ColumnElement[bool]]:
    if tags is None:
        return []
    return [_changes_revisions.tags.op("&&")(literal(list(tags), ARRAY(Text)))]


def version_cases(dataset_id: int, version: int, tags: tuple[str, ...] | None) -> Select[Any]:
    """(case id, revision id, revision, content, anonymised) of the version's cases with
    the tag filter applied, ordered by case."""
    latest = latest_changes(dataset_id, version, CaseFilter())
    return (
        select(
            latest.c.case_id,
            _changes_revisions.id,
            _changes_revisions.revision,
            _changes_revisions.content,
            _cases.anonymised_at.is_not(None).label("anonymised"),
        )
        .select_from(latest)
        .join(CaseRevision.__table__, _changes_revisions.id == latest.c.revision_id)  # type: ignore[attr-defined]
        .join(DatasetCase.__table__, _cases.id == latest.c.case_id)  # type: ignore[attr-defined]
        .where(latest.c.revision_id.is_not(None), *tag_filter(tags))
        .order_by(latest.c.case_id)
    )


def snapshot_select(
    run_id: int, dataset_id: int, version: int, tags: tuple[str, ...] | None
) -> Select[Any]:
    """The rows of ``eval_run_cases`` for a run: ``INSERT … SELECT`` of this."""
    latest = latest_changes(dataset_id, version, CaseFilter())
    return (
        select(
            literal(run_id).label("run_id"),
            latest.c.case_id,
            _changes_revisions.id,
            _changes_revisions.revision,
        )
        .select_from(latest)
        .join(CaseRevision.__table__, _changes_revisions.id == latest.c.revision_id)  # type: ignore[attr-defined]
        .join(DatasetCase.__table__, _cases.id == latest.c.case_id)  # type: ignore[attr-defined]
        .where(
            latest.c.revision_id.is_not(None),
            _cases.anonymised_at.is_(None),
            *tag_filter(tags),
        )
    )


async def _agents(
    session: AsyncSession, actor: Actor, agent_ids: tuple[int, ...], label: str | None
) -> list[PlannedAgent]:
    found = await sharing.authorize_many(
        session, actor, AGENT_KIND, agent_ids, Permission.AGENTS_RUN
    )
    planned: list[PlannedAgent] = []
    for index, agent_id in enumerate(agent_ids):
        agent = found[agent_id]
        if isinstance(agent, ServiceError):
            raise agent
        if agent.latest_version < 1:
            raise BadUserInput.at(f"input.agentIds.{index}", "this agent has no version to run")
        planned.append(await _planned(session, agent, label))
    if label is not None and not any(a.label is not None for a in planned):
        raise BadUserInput.at(
            "input.versionLabel",
            "names the version of a local agent, and no agent of this run is one: Casebook "
            "knows the versions of the agents it calls",
        )
    return planned


async def _planned(session: AsyncSession, agent: Agent, label: str | None) -> PlannedAgent:
    assert agent.id is not None
    if label is None or not answered_by_clients(agent.kind):
        version = await version_of(session, agent.id, agent.latest_version)
        return PlannedAgent(agent, version, config_from_json(version.config))
    choice = await label_choice(session, agent, label)
    return PlannedAgent(
        agent,
        choice.version,
        config_from_json(choice.version.config),
        label,
        new_label=choice.kind == "new",
    )


async def plan_run(
    session: AsyncSession, actor: Actor, request: EvalRunRequest, *, lock: bool = False
) -> Plan:
    """The run a checked request describes; ``runs:view`` is the caller's to check first."""
    dataset: Dataset = await sharing.load_authorized(
        session, actor, DATASET_KIND, request.dataset_id, Permission.DATASETS_RUN, for_update=lock
    )
    if dataset.latest_version < 1:
        raise BadUserInput.at("input.datasetId", "this dataset has no case yet")
    version = request.version if request.version is not None else dataset.latest_version
    if version > dataset.latest_version:
        raise BadUserInput.at(
            "input.version", f"this dataset has versions 1 to {dataset.latest_version}"
        )
    agents = await _agents(session, actor, request.agent_ids, request.version_label)
    baseline = None
    if request.baseline_run_id is not None:
        baseline = await load_run(session, actor, request.baseline_run_id, Permission.DATASETS_VIEW)
        if baseline.dataset_id != dataset.id:
            raise BadUserInput.at(
                "input.baselineRunId", "must be an earlier run of the same dataset"
            )
    assert dataset.id is not None
    cases: list[PlannedCase] = []
    anonymised = 0
    for case_id, revision_id, revision, content, is_anonymised in await session.execute(
        version_cases(dataset.id, version, request.tags)
    ):
        if is_anonymised:
            anonymised += 1
        else:
            cases.append(PlannedCase(case_id, revision_id, revision, content))
    if not cases:
        where = "input.tags" if request.tags else "input.datasetId"
        raise BadUserInput.at(
            where,
            f"version {version} holds no case to answer"
            + (" with these tags" if request.tags else ""),
        )
    scoring = read_scoring_config(dataset.scoring).to_json()
    return Plan(dataset, version, scoring, agents, cases, anonymised, baseline)
