"""The estimate that comes before an eval run, and the confirmation it hands back.

``estimate_eval_run`` describes the run a request would start - answers to produce,
each agent's estimated cost and the judge's - and returns a confirmation: the dataset
version and agent versions it counted, signed with the server's secret over the
normalised request and the person asking. ``startEvalRun`` starts only with the
confirmation of an estimate of exactly that run, and refuses it when the dataset, an
agent or the grading configuration moved since.
"""

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

import orjson

from casebook.config import Settings
from casebook.db.case_content import content_from_json
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor
from casebook.domain.agents.model import LocalAgentConfig, ModelAgentConfig
from casebook.domain.errors import ValidationFailed
from casebook.domain.evals.estimate import (
    CaseSize,
    CostFigure,
    Price,
    judge_cost,
    local_agent_cost,
    model_agent_cost,
    total_cost_text,
    webhook_agent_cost,
)
from casebook.domain.evals.inputs import EvalRunRequest, check_request, normalised_json
from casebook.domain.grading.case_score import needs_judge
from casebook.domain.grading.config_merge import read_scoring_config
from casebook.llm.pricing import PriceTable
from casebook.services.evals.planning import Plan, PlannedAgent, plan_run
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, Conflict

TOKEN_VERSION = "e1"


@dataclass(frozen=True)
class AgentEstimate:
    planned: PlannedAgent
    cost: CostFigure


@dataclass(frozen=True)
class EvalEstimate:
    dataset_version: int
    cases: int
    anonymised_left_out: int
    answers: int
    agents: list[AgentEstimate]
    judge: CostFigure
    total_cost_text: str
    confirmation: str


def checked(request: EvalRunRequest) -> EvalRunRequest:
    try:
        return check_request(request)
    except ValidationFailed as refused:
        raise BadUserInput(refused.errors) from None


def _price(table: PriceTable, model: str | None) -> Price | None:
    found = table.price_of(model) if model else None
    return Price(found.input_per_million, found.output_per_million) if found else None


def _case_size(content: dict[str, Any], judged: bool) -> CaseSize:
    history = sum(len(turn.get("content") or "") for turn in content.get("history") or ())
    return CaseSize(len(content.get("input") or "") + history, judged)


def _agent_cost(
    table: PriceTable, planned: PlannedAgent, sizes: list[CaseSize], reps: int
) -> CostFigure:
    config = planned.config
    if isinstance(config, LocalAgentConfig):
        return local_agent_cost()
    if not isinstance(config, ModelAgentConfig):
        return webhook_agent_cost()
    return model_agent_cost(
        sizes,
        model=config.model,
        price=_price(table, config.model),
        instructions_chars=len(config.instructions),
        repetitions=reps,
    )


def _signature(settings: Settings, body: bytes) -> str:
    digest = hmac.new(settings.secret_key.encode(), body, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def _signed_body(actor: Actor, request: EvalRunRequest, fingerprint: dict[str, Any]) -> bytes:
    return orjson.dumps(
        {
            "user": actor.user_id,
            "org": actor.organization_id,
            "request": normalised_json(request),
            "counted": fingerprint,
        },
        option=orjson.OPT_SORT_KEYS,
    )


def confirmation_for(settings: Settings, actor: Actor, request: EvalRunRequest, plan: Plan) -> str:
    fingerprint = plan.fingerprint()
    counted = base64.urlsafe_b64encode(orjson.dumps(fingerprint)).decode().rstrip("=")
    signature = _signature(settings, _signed_body(actor, request, fingerprint))
    return f"{TOKEN_VERSION}.{counted}.{signature}"


NOT_AN_ESTIMATE = (
    "is not the confirmation of an estimate of this run: estimate it first "
    "(estimateEvalRun with the same input), then start it with the confirmation it returns"
)


def check_confirmation(
    settings: Settings, actor: Actor, request: EvalRunRequest, plan: Plan, confirmation: str
) -> None:
    """Refuse a start without an estimate of exactly this run, or one the versions moved past."""
    parts = confirmation.split(".") if len(confirmation) <= 2000 else []
    if len(parts) != 3 or parts[0] != TOKEN_VERSION:
        raise BadUserInput.at("confirmation", NOT_AN_ESTIMATE)
    try:
        padded = parts[1] + "=" * (-len(parts[1]) % 4)
        counted = orjson.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
    except (ValueError, UnicodeError, binascii.Error, orjson.JSONDecodeError):
        raise BadUserInput.at("confirmation", NOT_AN_ESTIMATE) from None
    expected = _signature(settings, _signed_body(actor, request, counted))
    if not hmac.compare_digest(expected, parts[2]):
        raise BadUserInput.at("confirmation", NOT_AN_ESTIMATE)
    now = plan.fingerprint()
    if counted == now:
        return
    moved: list[str] = []
    if counted.get("version") != now["version"]:
        moved.append(
            f"the dataset is at version {now['version']}, the estimate counted "
            f"version {counted.get('version')}"
        )
    if counted.get("agents") != now["agents"]:
        moved.append("an agent has a new version since the estimate")
    if counted.get("scoring") != now["scoring"]:
        moved.append("the dataset's grading configuration changed since the estimate")
    raise Conflict(
        "the estimate is out of date: " + "; ".join(moved) + ". Estimate the run again and "
        "confirm the new estimate"
    )


async def estimate_eval_run(ctx: ServiceContext, request: EvalRunRequest) -> EvalEstimate:
    actor = ctx.require_permission(Permission.RUNS_VIEW)
    request = checked(request)
    async with ctx.reading() as session:
        plan = await plan_run(session, actor, request)
    config = read_scoring_config(plan.scoring)
    sizes = [
        _case_size(case.content, needs_judge(config, content_from_json(case.content)))
        for case in plan.cases
    ]
    table = ctx.settings.price_table()
    agents = [
        AgentEstimate(planned, _agent_cost(table, planned, sizes, request.repetitions))
        for planned in plan.agents
    ]
    judge = judge_cost(
        sizes,
        model=config.judge.model,
        price=_price(table, config.judge.model),
        answers_per_case=len(plan.agents) * request.repetitions,
    )
    return EvalEstimate(
        dataset_version=plan.version,
        cases=len(plan.cases),
        anonymised_left_out=plan.anonymised_left_out,
        answers=plan.answers * request.repetitions,
        agents=agents,
        judge=judge,
        total_cost_text=total_cost_text([*(a.cost for a in agents), judge]),
        confirmation=confirmation_for(ctx.settings, actor, request, plan),
    )
