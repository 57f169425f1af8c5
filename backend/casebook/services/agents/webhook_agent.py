"""A webhook agent answering one question over HTTP (contract: ``domain.agents.webhook_contract``).

The request is signed with the agent's secret; the endpoint has the agent's timeout to
answer, and at most ``RESPONSE_MAX_BYTES``. A reply that does not keep the contract is
refused with every reason, so the run fails saying what to fix. Nothing of the secret,
and nothing of a reply's body, reaches the error.
"""

import time
from collections.abc import Sequence
from dataclasses import replace

import httpx

from casebook.domain.activity.model import Reply
from casebook.domain.agents.model import WebhookAgentConfig
from casebook.domain.agents.webhook_contract import (
    RESPONSE_MAX_BYTES,
    MalformedReply,
    Turn,
    parse_reply,
    request_body,
)
from casebook.services.agents.tool_endpoints import CallContext, read_bounded, signed_headers


async def answer_with_webhook(
    config: WebhookAgentConfig,
    *,
    history: Sequence[Turn],
    question: str,
    secret: str,
    call: CallContext,
) -> Reply:
    body = request_body(
        agent_id=call.agent_id,
        agent_version=call.agent_version,
        conversation_id=call.conversation_id,
        history=history,
        question=question,
        tools=config.tools,
        isolated=call.isolated,
        eval_run=call.eval_run,
    )
    started = time.perf_counter()

    def failed(error: str) -> Reply:
        return Reply(steps=(), latency_ms=(time.perf_counter() - started) * 1000, error=error)

    try:
        async with (
            httpx.AsyncClient() as client,
            client.stream(
                "POST",
                config.url,
                content=body,
                headers=signed_headers(secret, body),
                timeout=httpx.Timeout(config.timeout_seconds),
            ) as response,
        ):
            payload = await read_bounded(response, RESPONSE_MAX_BYTES)
            status = response.status_code
    except httpx.TimeoutException:
        return failed(f"the webhook agent did not answer within {config.timeout_seconds:g} s")
    except httpx.HTTPError:
        return failed("the webhook agent could not be reached")
    if not 200 <= status < 300:
        return failed(f"the webhook agent answered HTTP {status}")
    if payload is None:
        return failed(
            f"the webhook agent's reply was refused: it is larger than {RESPONSE_MAX_BYTES:,} bytes"
        )
    try:
        reply = parse_reply(payload, tools=config.tools, isolated=call.isolated)
    except MalformedReply as refused:
        return failed(str(refused))
    measured = (time.perf_counter() - started) * 1000
    return replace(reply, latency_ms=reply.latency_ms if reply.latency_ms is not None else measured)
