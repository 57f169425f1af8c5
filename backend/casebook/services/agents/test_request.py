"""Send a test request: one signed question to a webhook agent, answered or not, kept nowhere.

It is the request a chat or an eval run sends, signed with the agent's secret,
isolated (a tool that is not read-only is never executed) and metered as the
agent's calls are; no conversation, message or run is recorded, only an audit
entry saying the test was sent and how it went.
"""

from dataclasses import dataclass

from casebook.services.agents.invocation import answer, runnable
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput

TEST_QUESTION = "This is a test request from Casebook. Any answer will do."
ANSWER_SHOWN_MAX = 2_000
QUESTION_MAX = 2_000


@dataclass(frozen=True)
class TestRequestResult:
    ok: bool
    latency_ms: float | None
    answer: str | None
    tool_calls: int
    error: str | None


async def send_test_request(
    ctx: ServiceContext, agent_id: int, question: str | None
) -> TestRequestResult:
    """Needs ``agents:run`` on the agent (else not found or forbidden, as a chat)."""
    actor = ctx.require_actor()
    asked = (question or "").strip() or TEST_QUESTION
    if len(asked) > QUESTION_MAX:
        raise BadUserInput.at("question", f"must be at most {QUESTION_MAX:,} characters")
    async with ctx.reading() as session:
        ready = await runnable(session, ctx, agent_id)
    if ready.agent.kind != "webhook":
        raise BadUserInput.at("agentId", "only a webhook agent takes a test request")
    reply = await answer(ctx, ready, history=[], question=asked, isolated=True, eval_run=False)
    result = TestRequestResult(
        ok=reply.error is None,
        latency_ms=round(reply.latency_ms, 1) if reply.latency_ms is not None else None,
        answer=reply.text[:ANSWER_SHOWN_MAX] if reply.error is None else None,
        tool_calls=sum(1 for step in reply.steps if step.kind == "tool_call"),
        error=reply.error,
    )
    async with ctx.transaction() as session:
        await audit.record(
            session,
            actor,
            "agent.test_request",
            resource_type="agent",
            resource_id=agent_id,
            summary={"name": ready.agent.name, "version": ready.version.version, "ok": result.ok},
            request_id=ctx.request_id,
        )
    return result
