"""A model agent answering one question: the model, then its tool calls, round by round.

The conversation so far and the question go to the model with the agent's tools. Each
call the model makes is decided by ``domain.agents.tool_calls`` - executed at its
endpoint, blocked in an isolated run, "not available here" without an endpoint - and
recorded as a step; the model is told each result and asked again. An answer without
tool calls ends the run. More than ``MAX_TOOL_ROUNDS`` rounds of calls end it with an
error that says so; the steps so far are kept.
"""

import time
from collections.abc import Sequence

from casebook.domain.activity.model import Reply, Step
from casebook.domain.agents.model import ModelAgentConfig, tool_named
from casebook.domain.agents.tool_calls import (
    MAX_TOOL_ROUNDS,
    Disposition,
    decide,
    loop_bound_error,
    status_of,
)
from casebook.domain.agents.webhook_contract import Turn
from casebook.llm.errors import BudgetExhausted, ProviderError
from casebook.llm.guarded_transport import guarded_client
from casebook.llm.outbound import OutboundPolicy
from casebook.llm.protocol import (
    ChatMessage,
    ChatRequest,
    ModelProvider,
    Role,
    ToolDefinition,
    Usage,
)
from casebook.services.agents.tool_endpoints import CallContext, execute_tool

ROLE_OF: dict[str, Role] = {"user": "user", "agent": "assistant"}


def _tools(config: ModelAgentConfig) -> list[ToolDefinition]:
    return [
        ToolDefinition(t.name, t.description, t.parameters or {"type": "object"})
        for t in config.tools
    ]


async def answer_with_model(
    provider: ModelProvider,
    config: ModelAgentConfig,
    *,
    system: str,
    history: Sequence[Turn],
    question: str,
    secret: str,
    call: CallContext,
    tool_timeout_s: float,
    outbound: OutboundPolicy | None = None,
) -> Reply:
    """``outbound``: the addresses its tool endpoints may be called at (the default
    policy when None)."""
    started = time.perf_counter()
    messages: list[ChatMessage] = [ChatMessage("system", system)] if system else []
    messages += [ChatMessage(ROLE_OF[t.role], t.content) for t in history]
    messages.append(ChatMessage("user", question))
    steps: list[Step] = []
    usage, cost, model = Usage(), 0.0, config.model
    tools = _tools(config)

    def reply(error: str | None = None) -> Reply:
        return Reply(
            steps=tuple(steps),
            model=model,
            cost_usd=cost,
            latency_ms=(time.perf_counter() - started) * 1000,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            error=error,
        )

    async with guarded_client(outbound or OutboundPolicy()) as client:
        rounds = 0
        while True:
            try:
                result = await provider.chat(
                    ChatRequest(model=config.model, messages=messages, tools=tools)
                )
            except BudgetExhausted as spent:
                return reply(spent.reason)
            except ProviderError as failed:
                return reply(f"the agent's model call failed: {failed.message}")
            usage, cost, model = usage + result.usage, cost + result.cost_usd, result.model
            if result.text.strip():
                steps.append(Step.said(result.text))
            if not result.tool_calls:
                return reply()
            if rounds == MAX_TOOL_ROUNDS:
                return reply(loop_bound_error())
            rounds += 1
            messages.append(ChatMessage("assistant", result.text, tool_calls=result.tool_calls))
            for made in result.tool_calls:
                tool = tool_named(config, made.name)
                decision = decide(tool, made.name, made.arguments, isolated=call.isolated)
                arguments = decision.arguments or {}
                read_only = tool.read_only if tool else None
                if decision.disposition is Disposition.EXECUTE and tool and tool.endpoint:
                    outcome = await execute_tool(
                        client,
                        endpoint=tool.endpoint,
                        secret=secret,
                        tool=made.name,
                        arguments=arguments,
                        call=call,
                        timeout_s=tool_timeout_s,
                    )
                    told = outcome.result
                    steps.append(
                        Step.call(
                            made.name, arguments, "ok" if outcome.ok else "failed", told, read_only
                        )
                    )
                else:
                    told = decision.told
                    steps.append(
                        Step.call(made.name, arguments, status_of(decision), told, read_only)
                    )
                messages.append(ChatMessage("tool", told, tool_call_id=made.id))
