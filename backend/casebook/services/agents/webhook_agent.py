"""A webhook agent answering one question over HTTP (contract: ``domain.agents.webhook_contract``).

The request is signed with the agent's secret; the endpoint has the agent's timeout to
answer, and at most ``RESPONSE_MAX_BYTES``. A reply that does not keep the contract is
refused with every reason, so the run fails saying what to fix. Nothing of the secret,
and nothing of a reply's body, reaches the error. The endpoint is called only at an
address ``outbound`` allows, checked on the address connected to (``llm.outbound``).

A call opens an httpx client of its own, unless it is given ``WebhookClients`` (an eval
run's): connections kept open between calls (``webhook_connections``), as many as the
run's calls in flight. An eval run of a fast agent otherwise spends half its CPU making
clients and opening and closing connections.
"""

import time
from collections.abc import Sequence
from dataclasses import replace

import httpx

from casebook.domain.activity.model import Reply
from casebook.domain.agents.model import WebhookAgentConfig
from casebook.domain.agents.webhook_contract import (
    IDEMPOTENCY_HEADER,
    RESPONSE_MAX_BYTES,
    MalformedReply,
    Turn,
    parse_reply,
    request_body,
)
from casebook.llm.guarded_transport import guarded_client
from casebook.llm.outbound import AddressRefused, OutboundPolicy
from casebook.llm.tls import proxies_in_environment
from casebook.observability import tracing
from casebook.services.agents.tool_endpoints import CallContext, read_bounded, signed_headers
from casebook.services.agents.webhook_connections import (
    CallFailed,
    CallRefused,
    CallTimedOut,
    Connections,
)


class WebhookClients:
    """Connections for many calls at once (an eval run's), kept open between calls; at
    most ``keep`` idle. When the environment names a proxy, or traces are on (each call
    is then a span of httpx's instrumentation), calls go through httpx, each with a
    client of its own."""

    def __init__(self, keep: int) -> None:
        through_httpx = proxies_in_environment() or tracing.tracer() is not None
        self.connections = None if through_httpx else Connections(keep)

    def close(self) -> None:
        if self.connections is not None:
            self.connections.close()


async def _post(
    config: WebhookAgentConfig,
    body: bytes,
    secret: str,
    clients: WebhookClients | None,
    outbound: OutboundPolicy,
    idempotency_key: str | None = None,
) -> tuple[int, bytes | None]:
    """The status and the body (None when too large); raises ``CallTimedOut``,
    ``CallFailed`` or ``CallRefused`` whichever way the call went."""
    headers = signed_headers(secret, body)
    if idempotency_key is not None:
        headers[IDEMPOTENCY_HEADER] = idempotency_key
    if clients is not None and clients.connections is not None:
        found = await clients.connections.post(
            config.url,
            headers,
            body,
            limit=RESPONSE_MAX_BYTES,
            step_seconds=config.timeout_seconds,
            outbound=outbound,
        )
        return found.status, found.body
    try:
        async with (
            guarded_client(outbound) as client,
            client.stream(
                "POST",
                config.url,
                content=body,
                headers=headers,
                timeout=httpx.Timeout(config.timeout_seconds),
            ) as response,
        ):
            return response.status_code, await read_bounded(response, RESPONSE_MAX_BYTES)
    except AddressRefused as refused:
        raise CallRefused(str(refused)) from None
    except httpx.TimeoutException:
        raise CallTimedOut() from None
    except httpx.HTTPError as error:
        raise CallFailed(type(error).__name__) from None


async def answer_with_webhook(
    config: WebhookAgentConfig,
    *,
    history: Sequence[Turn],
    question: str,
    secret: str,
    call: CallContext,
    clients: WebhookClients | None = None,
    outbound: OutboundPolicy | None = None,
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
        status, payload = await _post(
            config, body, secret, clients, outbound or OutboundPolicy(), call.idempotency_key
        )
    except CallRefused as refused:
        return failed(f"the webhook agent is not called: {refused.reason}")
    except CallTimedOut:
        return failed(f"the webhook agent did not answer within {config.timeout_seconds:g} s")
    except CallFailed:
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
