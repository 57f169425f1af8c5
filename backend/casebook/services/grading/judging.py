"""One run of the judge on one answer (spec: "The judge").

The judge is the code-defined evaluation helper: the prompt comes from
``domain.grading.judge_prompt``, the model from the dataset's judge settings
(a saved connection and one of its models). Every call is metered against the
organization and the ``judge`` helper.

Without a verdict the run says why and never invents one: no model set, a
connection deleted, a key the server cannot decrypt or a spent budget leave
the judge *skipped* (it was never called); a provider that is down, refuses,
or answers what cannot be read leave it *failed*.
"""

import re
from dataclasses import dataclass
from typing import Protocol

from casebook.config import Settings
from casebook.db.models import ModelConnection
from casebook.domain.cases.model import CaseContent
from casebook.domain.grading.answer import AnswerUnderTest
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.judge_prompt import build_judge_prompt
from casebook.domain.grading.judge_verdict import JudgeVerdict, parse_verdict, verdict_not_reached
from casebook.llm.errors import BudgetExhausted, ProviderError, ProviderRejected
from casebook.llm.factory import build_provider
from casebook.llm.http_json import RetryPolicy, Timeouts
from casebook.llm.protocol import ChatMessage, ChatRequest, ChatResult, ModelProvider
from casebook.llm.secrets import KeyDecryptionFailed
from casebook.services.kernel.context import ServiceContext
from casebook.services.models import metering
from casebook.services.models.connections import connection_spec, usable_connection

# Reasoning models take no temperature; a model not listed here that refuses one is
# asked again without it.
_NO_TEMPERATURE = re.compile(r"^(?:.*/)?(?:o\d(?:$|[-.])|gpt-5)", re.IGNORECASE)
NO_MODEL_REASON = "the judge has no model: choose one in the dataset's Settings"


@dataclass(frozen=True)
class JudgeRun:
    """``called``: a model call was made (whatever came of it); ``cost_usd`` what it cost."""

    verdict: JudgeVerdict
    called: bool
    cost_usd: float | None = None


def takes_temperature(model: str | None) -> bool:
    return model is None or not _NO_TEMPERATURE.match(model)


def provider_settings(settings: Settings) -> tuple[Timeouts, RetryPolicy]:
    return (
        Timeouts(read_s=settings.model_read_timeout_seconds),
        RetryPolicy(
            max_attempts=settings.model_max_attempts,
            base_delay_s=settings.model_retry_base_delay_seconds,
        ),
    )


async def _connection_or_reason(
    ctx: ServiceContext, organization_id: int, config: ScoringConfig
) -> ModelConnection | str:
    judge = config.judge
    if judge.model_connection_id is None or judge.model is None:
        return NO_MODEL_REASON
    return await usable_connection(
        ctx, organization_id, judge.model_connection_id, judge.model, whose="the judge's model"
    )


async def judge_has_no_model(
    ctx: ServiceContext, organization_id: int, config: ScoringConfig
) -> bool:
    """Whether the judge has no model it could call: none chosen, its connection deleted, or
    the model no longer on it (a budget or a key is another cause)."""
    return isinstance(await _connection_or_reason(ctx, organization_id, config), str)


async def judge_unavailable(
    ctx: ServiceContext, organization_id: int, config: ScoringConfig
) -> str | None:
    """Why the judge could not be called now - no model, its connection gone, its budget
    spent - or ``None``. Nothing is called."""
    found = await _connection_or_reason(ctx, organization_id, config)
    if isinstance(found, str):
        return found
    return await metering.budget_reason(ctx.sessionmaker, organization_id, metering.JUDGE_HELPER)


async def _provider_or_reason(
    ctx: ServiceContext, organization_id: int, config: ScoringConfig
) -> ModelProvider | str:
    row = await _connection_or_reason(ctx, organization_id, config)
    if isinstance(row, str):
        return row
    try:
        spec = connection_spec(ctx.settings, row)
    except KeyDecryptionFailed as failure:
        return str(failure)
    timeouts, retry = provider_settings(ctx.settings)
    inner = build_provider(spec, prices=ctx.settings.price_table(), timeouts=timeouts, retry=retry)
    return metering.metered(
        ctx.sessionmaker, inner, organization_id=organization_id, helper=metering.JUDGE_HELPER
    )


class GradingPrompt(Protocol):
    """What a judge is asked: the dataset's judge prompt, or the structured scorer's."""

    @property
    def system(self) -> str: ...

    @property
    def user(self) -> str: ...

    @property
    def temperature(self) -> float | None: ...


def _request(prompt: GradingPrompt, model: str, *, temperature: bool, as_json: bool) -> ChatRequest:
    return ChatRequest(
        model=model,
        messages=[
            ChatMessage(role="system", content=prompt.system),
            ChatMessage(role="user", content=prompt.user),
        ],
        temperature=prompt.temperature if temperature else None,
        json_response=as_json,
    )


async def ask_judge_model(provider: ModelProvider, prompt: GradingPrompt, model: str) -> ChatResult:
    """Asked at temperature 0 for JSON; a server that refuses either is asked without it."""
    try:
        return await provider.chat(_request(prompt, model, temperature=True, as_json=True))
    except ProviderRejected as refused:
        said = refused.message.lower()
        no_temperature = "temperature" in said and prompt.temperature is not None
        no_json_mode = "response_format" in said or "json" in said
        if refused.status != 400 or not (no_temperature or no_json_mode):
            raise
        return await provider.chat(
            _request(prompt, model, temperature=not no_temperature, as_json=not no_json_mode)
        )


async def run_judge(
    ctx: ServiceContext,
    organization_id: int,
    config: ScoringConfig,
    case: CaseContent,
    answer: AnswerUnderTest,
) -> JudgeRun:
    """The judge's verdict on the case's criteria; raises ``NothingToGrade`` when it has none."""
    model = config.judge.model
    prompt = build_judge_prompt(
        config, case, answer, model_takes_temperature=takes_temperature(model)
    )

    def without_verdict(reason: str, *, skipped: bool) -> JudgeVerdict:
        return verdict_not_reached(
            prompt, reason, answer.text, case.counter_example, skipped=skipped
        )

    provider = await _provider_or_reason(ctx, organization_id, config)
    if isinstance(provider, str):
        return JudgeRun(without_verdict(provider, skipped=True), called=False)
    assert model is not None
    try:
        result = await ask_judge_model(provider, prompt, model)
    except BudgetExhausted as spent:
        return JudgeRun(without_verdict(spent.reason, skipped=True), called=False)
    except ProviderError as failed:
        reason = f"the judge's run failed: {failed.message}"
        return JudgeRun(without_verdict(reason, skipped=False), called=True)
    finally:
        await provider.aclose()
    verdict = parse_verdict(result.text, prompt, answer.text, case.counter_example)
    return JudgeRun(verdict, called=True, cost_usd=result.cost_usd)
