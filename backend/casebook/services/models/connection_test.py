"""Testing a model connection: one tiny chat call, its latency or the provider's refusal.

The call goes through the same provider code, outbound-address guard and metering
as the judge's (booked to the organization as ``connection_test``), asks for at
most a few tokens, and is tried once: a test says how the provider answers now,
not after retries.
"""

from dataclasses import dataclass

from casebook.domain.access.catalog import Permission
from casebook.llm.errors import ProviderError
from casebook.llm.factory import ConnectionSpec, build_provider
from casebook.llm.http_json import RetryPolicy, Timeouts
from casebook.llm.protocol import ChatMessage, ChatRequest
from casebook.llm.secrets import KeyDecryptionFailed
from casebook.services.kernel import audit
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import BadUserInput, NotFound
from casebook.services.models import metering
from casebook.services.models.connections import connection_spec, find_connection

CONNECTION_TEST_HELPER = "connection_test"
TEST_PROMPT = "Reply with the single word: ok"
TEST_MAX_TOKENS = 5
TEST_READ_TIMEOUT_S = 30.0
REPLY_SHOWN_MAX = 200


@dataclass(frozen=True)
class ConnectionTestResult:
    model: str
    ok: bool
    latency_ms: float | None
    reply: str | None
    error: str | None


async def test_connection(
    ctx: ServiceContext, connection_id: int, model: str | None
) -> ConnectionTestResult:
    """Needs ``connections:manage``. ``model``: one the connection offers (its first by
    default). A failed call is an answer (``ok`` false, the provider's error), not an error."""
    actor = ctx.require_permission(Permission.CONNECTIONS_MANAGE)
    async with ctx.reading() as session:
        row = await find_connection(session, actor.organization_id, connection_id)
    if row is None:
        raise NotFound("model connection")
    chosen = model.strip() if model is not None else row.models[0]
    if chosen not in row.models:
        raise BadUserInput.at("model", f"the connection {row.name!r} does not offer {chosen!r}")
    try:
        spec = connection_spec(ctx.settings, row)
    except KeyDecryptionFailed as failure:
        result = ConnectionTestResult(chosen, False, None, None, str(failure))
    else:
        result = await _one_call(ctx, spec, actor.organization_id, chosen)
    async with ctx.transaction() as session:
        await audit.record(
            session,
            actor,
            "model_connection.test",
            resource_type="model_connection",
            resource_id=connection_id,
            summary={"name": row.name, "model": chosen, "ok": result.ok},
            request_id=ctx.request_id,
        )
    return result


async def _one_call(
    ctx: ServiceContext, spec: ConnectionSpec, organization_id: int, model: str
) -> ConnectionTestResult:
    inner = build_provider(
        spec,
        prices=ctx.settings.price_table(),
        timeouts=Timeouts(read_s=min(TEST_READ_TIMEOUT_S, ctx.settings.model_read_timeout_seconds)),
        retry=RetryPolicy(max_attempts=1),
    )
    provider = metering.metered(
        ctx.sessionmaker, inner, organization_id=organization_id, helper=CONNECTION_TEST_HELPER
    )
    request = ChatRequest(
        model=model,
        messages=[ChatMessage(role="user", content=TEST_PROMPT)],
        max_tokens=TEST_MAX_TOKENS,
    )
    try:
        answer = await provider.chat(request)
    except ProviderError as failure:
        return ConnectionTestResult(model, False, None, None, failure.message)
    finally:
        await provider.aclose()
    return ConnectionTestResult(
        model, True, round(answer.latency_ms, 1), answer.text[:REPLY_SHOWN_MAX], None
    )
