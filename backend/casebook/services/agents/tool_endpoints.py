"""Executing a model agent's tool call at the tool's HTTP endpoint (spec: Agents).

A call is a signed ``POST`` of JSON - the tool, its arguments, and the run's flags -
over httpx with a timeout; what the endpoint answers (text or JSON, at most 100 kB)
is the call's result and what the model is told. A failure - a timeout, an error
status, an answer too large, an endpoint that cannot be reached or whose address is
not one Casebook calls (``llm.outbound``; the client given checks it) - is recorded as
a failed call with the reason, which the model is told too; it never carries the
signing secret or the endpoint's body beyond what the result keeps.
"""

import time
from dataclasses import dataclass

import httpx
import orjson

from casebook.domain.agents.tool_calls import clipped_result
from casebook.domain.agents.webhook_contract import (
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    signature,
)
from casebook.domain.jsonvalue import JSONObject
from casebook.llm.outbound import AddressRefused

TOOL_RESPONSE_MAX_BYTES = 100_000


@dataclass(frozen=True)
class ToolOutcome:
    ok: bool
    result: str


@dataclass(frozen=True)
class CallContext:
    agent_id: str
    agent_version: int
    conversation_id: str | None
    isolated: bool
    eval_run: bool
    # An eval run's work item: its request's ``Idempotency-Key`` (a webhook agent's).
    idempotency_key: str | None = None


async def read_bounded(response: httpx.Response, limit: int) -> bytes | None:
    """The body, or None when it is larger than ``limit`` bytes (reading stops there)."""
    body = bytearray()
    async for chunk in response.aiter_bytes():
        body.extend(chunk)
        if len(body) > limit:
            return None
    return bytes(body)


def signed_headers(secret: str, body: bytes) -> dict[str, str]:
    timestamp = int(time.time())
    return {
        "content-type": "application/json",
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(secret, timestamp, body),
    }


async def execute_tool(
    client: httpx.AsyncClient,
    *,
    endpoint: str,
    secret: str,
    tool: str,
    arguments: JSONObject,
    call: CallContext,
    timeout_s: float,
) -> ToolOutcome:
    body = orjson.dumps(
        {
            "tool": tool,
            "arguments": arguments,
            "agent": {"id": call.agent_id, "version": call.agent_version},
            "conversation": {"id": call.conversation_id},
            "run": {"isolated": call.isolated, "eval": call.eval_run},
        }
    )
    try:
        async with client.stream(
            "POST",
            endpoint,
            content=body,
            headers=signed_headers(secret, body),
            timeout=httpx.Timeout(timeout_s),
        ) as response:
            payload = await read_bounded(response, TOOL_RESPONSE_MAX_BYTES)
            status = response.status_code
    except AddressRefused as refused:
        return ToolOutcome(False, f"{tool}'s endpoint is not called: {refused}")
    except httpx.TimeoutException:
        return ToolOutcome(False, f"{tool} did not answer within {timeout_s:g} s")
    except httpx.HTTPError:
        return ToolOutcome(False, f"{tool}'s endpoint could not be reached")
    if payload is None:
        return ToolOutcome(False, f"{tool} answered more than {TOOL_RESPONSE_MAX_BYTES:,} bytes")
    text = payload.decode("utf-8", errors="replace").replace("\x00", "")
    if not 200 <= status < 300:
        return ToolOutcome(False, clipped_result(f"{tool} failed with HTTP {status}: {text}"))
    return ToolOutcome(True, clipped_result(text))
