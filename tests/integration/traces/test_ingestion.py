"""POST /v1/traces as exporters use it: spans out of order and across requests, the same
batch twice, hostile bodies, keys without the scope, another organization's trace ids -
each stored whole or not at all."""

import asyncio
import base64
import gzip
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from google.protobuf import json_format
from google.rpc import status_pb2
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.trace import NonRecordingSpan, SpanContext, TraceFlags, set_span_in_context
from sqlalchemy import text

from casebook.config import Settings
from casebook.domain.access.catalog import Role
from casebook.domain.activity.traces.limits import BODY_MAX_BYTES
from casebook.services.activity.traces.settle import settle_waiting_spans
from casebook.services.identity.members import create_organization_with_owner
from tests.integration.conftest import PASSWORD, MemberFactory
from tests.integration.traces.helpers import (
    Call,
    Spans,
    api_key,
    genai_agent_trace_calls,
    genai_agent_turn,
    protobuf_body,
    runs_of,
)
from tests.support.graphql_client import Api

PROTOBUF = {"content-type": "application/x-protobuf"}
RECORD_RATINGS = """mutation($i: RecordRatingsInput!) { recordRatings(input: $i) { recorded } }"""
RATINGS = """query($id: ID!) { run(id: $id) { ratings { value comment raterEndUser } } }"""


async def _post(http: httpx.AsyncClient, key: str, body: bytes, **headers: str) -> httpx.Response:
    return await http.post(
        "/v1/traces",
        content=body,
        headers={**PROTOBUF, "authorization": f"Bearer {key}", **headers},
    )


def _answer(response: httpx.Response) -> ExportTraceServiceResponse:
    assert response.status_code == 200, response.content
    return ExportTraceServiceResponse.FromString(response.content)


def _status(response: httpx.Response) -> str:
    return str(status_pb2.Status.FromString(response.content).message)


async def _count(sessionmaker: Any, table: str) -> int:
    async with sessionmaker() as session:
        return int((await session.execute(text(f"SELECT count(*) FROM {table}"))).scalar_one())


async def _stored(sessionmaker: Any) -> list[int]:
    # The agents a service's spans registered: not the case generator every organization has.
    tables = (
        "conversations",
        "messages",
        "runs",
        "run_steps",
        "trace_spans",
        "agents WHERE system_role IS NULL",
    )
    return [await _count(sessionmaker, t) for t in tables]


def _turn(spans: Spans, question: str, answer: str = "Done.", **kw: Any) -> list[ReadableSpan]:
    with genai_agent_turn(spans.tracer, question, genai_agent_trace_calls(), answer, **kw):
        pass
    return spans.take()


async def test_children_before_their_parent_across_requests_form_one_turn(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    key = await api_key(owner)
    spans = _turn(Spans(), "Where is my order 1234?", "It ships tomorrow.")
    children, root = spans[:-1], spans[-1:]
    first = _answer(await _post(http, key, protobuf_body(children)))
    assert first.partial_success.rejected_spans == 0
    assert await runs_of(owner) == []
    assert await _count(sessionmaker, "trace_spans") == 4
    _answer(await _post(http, key, protobuf_body(root)))
    [run] = await runs_of(owner)
    assert run["question"] == "Where is my order 1234?"
    assert [s["toolName"] for s in run["steps"]] == ["lookup_order", "refund_order", None]
    async with sessionmaker() as session:
        waiting = await session.execute(
            text("SELECT count(*) FROM trace_spans WHERE facts IS NOT NULL")
        )
        assert waiting.scalar_one() == 0


async def test_the_spans_of_one_request_in_any_order_are_one_turn(
    http: httpx.AsyncClient, owner: Api
) -> None:
    key = await api_key(owner)
    spans = _turn(Spans(), "Reversed?", "Still one turn.")
    _answer(await _post(http, key, protobuf_body(list(reversed(spans)))))
    [run] = await runs_of(owner)
    assert run["answer"] == "Still one turn."
    assert len(run["steps"]) == 3


async def test_a_session_over_several_requests_is_one_conversation(
    http: httpx.AsyncClient, owner: Api
) -> None:
    key = await api_key(owner)
    spans = Spans()
    for question in ("Where is my order 1234?", "And when does it arrive?"):
        batch = _turn(spans, question, "Soon.", session="s-1", user="ana@example.com")
        _answer(await _post(http, key, protobuf_body(batch)))
    runs = await runs_of(owner)
    assert [r["question"] for r in runs] == ["Where is my order 1234?", "And when does it arrive?"]
    assert runs[0]["conversation"]["id"] == runs[1]["conversation"]["id"]
    assert runs[1]["conversation"]["messageCount"] == 4


async def test_a_span_that_comes_after_its_turn_extends_the_run(
    http: httpx.AsyncClient, owner: Api
) -> None:
    key = await api_key(owner)
    spans = Spans()
    with genai_agent_turn(spans.tracer, "Refund order 7?", [], "Refunded."):
        # A tool span still running when its agent span ended: it is sent later.
        late = spans.tracer.start_span(
            "execute_tool refund_order",
            attributes={
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "refund_order",
                "gen_ai.tool.call.arguments": json.dumps({"order_id": "7"}),
                "gen_ai.tool.call.result": "refunded",
            },
        )
    _answer(await _post(http, key, protobuf_body(spans.take())))
    [before] = await runs_of(owner)
    assert [s["kind"] for s in before["steps"]] == ["TEXT"]
    late.end()
    _answer(await _post(http, key, protobuf_body(spans.take())))
    [after] = await runs_of(owner)
    assert after["id"] == before["id"]
    assert [(s["toolName"], s["result"]) for s in after["steps"]] == [
        (None, None),
        ("refund_order", "refunded"),
    ]
    assert after["answer"] == "Refunded."


async def test_the_same_batch_twice_stores_nothing_twice(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    key = await api_key(owner)
    body = protobuf_body(_turn(Spans(), "Twice?", "Once.", session="s-2"))
    _answer(await _post(http, key, body))
    stored = await _stored(sessionmaker)
    assert stored == [1, 2, 1, 3, 5, 1]
    again = _answer(await _post(http, key, body))
    assert again.partial_success.rejected_spans == 0
    assert await _stored(sessionmaker) == stored


async def test_the_same_batch_twice_at_once_is_stored_once(
    app: Any, owner: Api, sessionmaker: Any
) -> None:
    key = await api_key(owner)
    spans = Spans()
    body = protobuf_body([s for n in range(5) for s in _turn(spans, f"Question {n}?", "A.")])
    async with (
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://a") as one,
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://a") as two,
    ):
        answers = await asyncio.gather(_post(one, key, body), _post(two, key, body))
    assert [a.status_code for a in answers] == [200, 200]
    assert await _stored(sessionmaker) == [5, 10, 5, 15, 25, 1]


async def test_a_body_past_the_bound_and_a_corrupt_body_are_refused_storing_nothing(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    key = await api_key(owner)
    large = await _post(http, key, b"\x0a" * (BODY_MAX_BYTES + 1))
    assert large.status_code == 413 and "16,777,216 bytes" in _status(large)
    bomb = gzip.compress(b"\x00" * (BODY_MAX_BYTES + 1))
    unfolded = await _post(http, key, bomb, **{"content-encoding": "gzip"})
    assert unfolded.status_code == 413
    corrupt = await _post(http, key, b"\xff\xfe not a protobuf message \x01\x02")
    assert corrupt.status_code == 400 and "not an OTLP protobuf" in _status(corrupt)
    broken_gzip = await _post(http, key, b"\x1f\x8b\x08 truncated", **{"content-encoding": "gzip"})
    assert broken_gzip.status_code == 400
    json_body = await http.post(
        "/v1/traces",
        content=b'{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "zz"}]}]}]}',
        headers={"content-type": "application/json", "authorization": f"Bearer {key}"},
    )
    assert json_body.status_code == 400
    assert json.loads(json_body.content)["message"].endswith("traceId: must be a hex string")
    other = await _post(http, key, b"", **{"content-type": "text/plain"})
    assert other.status_code == 415
    assert await _stored(sessionmaker) == [0, 0, 0, 0, 0, 0]


async def test_keys_without_the_scope_and_requests_without_a_key_are_refused(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    body = protobuf_body(_turn(Spans(), "Who may send?", "Keys that record."))
    missing = await http.post("/v1/traces", content=body, headers=PROTOBUF)
    assert missing.status_code == 401 and missing.headers["www-authenticate"] == "Bearer"
    wrong = await _post(http, "cbk_notakey_0000", body)
    assert wrong.status_code == 401
    reading = await _post(http, await api_key(owner, ["datasets:view", "agents:view"]), body)
    assert reading.status_code == 403 and "runs:view" in _status(reading)
    revoked_key = await api_key(owner, name="revoked")
    keys = (await owner("{ apiKeys { edges { node { id name } } } }"))["apiKeys"]["edges"]
    revoked_id = next(k["node"]["id"] for k in keys if k["node"]["name"] == "revoked")
    await owner(
        "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { id } } }", {"id": revoked_id}
    )
    assert (await _post(http, revoked_key, body)).status_code == 401
    # Recording without agents:edit: an agent not registered yet is refused, spans counted.
    recording = await _post(http, await api_key(owner, ["runs:view", "agents:run"]), body)
    answer = _answer(recording)
    assert answer.partial_success.rejected_spans == 5
    assert "needs agents:edit" in answer.partial_success.error_message
    assert await _stored(sessionmaker) == [0, 0, 0, 0, 0, 0]


async def test_an_operator_records_into_an_agent_registered_before_but_not_a_new_one(
    http: httpx.AsyncClient, owner: Api, member_as: MemberFactory
) -> None:
    _answer(await _post(http, await api_key(owner), protobuf_body(_turn(Spans(), "First?"))))
    operator = await member_as(Role.OPERATOR)
    key = await api_key(operator, ["runs:view", "agents:view", "agents:run"])
    known = _answer(await _post(http, key, protobuf_body(_turn(Spans(), "By an operator?"))))
    assert known.partial_success.rejected_spans == 0
    unknown = _answer(await _post(http, key, protobuf_body(_turn(Spans("new-bot"), "New?"))))
    assert unknown.partial_success.rejected_spans == 5
    assert [r["question"] for r in await runs_of(owner)] == ["First?", "By an operator?"]


async def test_another_organizations_trace_ids_reach_nothing_of_this_one(
    http: httpx.AsyncClient, owner: Api, org: Any, sessionmaker: Any, app: Any
) -> None:
    spans = _turn(Spans(), "Ours?", "Yes, ours.")
    body = protobuf_body(spans)
    _answer(await _post(http, await api_key(owner), body))
    await create_organization_with_owner(
        sessionmaker, organization_name="Other", email="o@other.test", name="O", password=PASSWORD
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://api.test"
    ) as client:
        other = Api(client)
        await other.login("o@other.test", PASSWORD)
        other_key = await api_key(other)
        # The same trace and span ids: a new conversation of the other organization.
        _answer(await _post(client, other_key, body))
        [theirs] = await runs_of(other)
        [ours] = await runs_of(owner)
        assert theirs["id"] != ours["id"] and theirs["traceId"] == ours["traceId"]
        # A late child with our parent's id extends their run, not ours.
        late = Spans()
        root = next(s for s in spans if s.parent is None)
        context = set_span_in_context(
            NonRecordingSpan(
                SpanContext(root.context.trace_id, root.context.span_id, False, TraceFlags(1))
            )
        )
        late.tracer.start_span(
            "execute_tool lookup_order",
            context=context,
            attributes={"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "x"},
        ).end()
        _answer(await _post(client, other_key, protobuf_body(late.take())))
        assert len((await runs_of(other))[0]["steps"]) == 4
        assert len((await runs_of(owner))[0]["steps"]) == 3
        rated = await other.errors(
            RECORD_RATINGS,
            {"i": {"ratings": [{"traceId": "f" * 32, "value": "UP", "endUser": "x"}]}},
        )
        assert rated.codes == ["BAD_USER_INPUT"]
    assert await _count(sessionmaker, "runs") == 2


async def test_ratings_are_attached_by_trace_id(http: httpx.AsyncClient, owner: Api) -> None:
    spans = _turn(Spans(), "Rate me?", "Please do.", user="ana@example.com")
    _answer(await _post(http, await api_key(owner), protobuf_body(spans)))
    [run] = await runs_of(owner)
    llm = next(s for s in spans if s.name.startswith("chat"))
    ratings = [
        {"traceId": run["traceId"], "value": "DOWN", "comment": "Too vague", "endUser": "ana"},
        {
            "traceId": run["traceId"].upper(),
            "spanId": format(llm.context.span_id, "016x"),
            "value": "UP",
            "endUser": "bo",
        },
    ]
    assert (await owner(RECORD_RATINGS, {"i": {"ratings": ratings}}))["recordRatings"] == {
        "recorded": 2
    }
    shown = (await owner(RATINGS, {"id": run["id"]}))["run"]["ratings"]
    assert sorted((r["raterEndUser"], r["value"], r["comment"]) for r in shown) == [
        ("ana", "DOWN", "Too vague"),
        ("bo", "UP", None),
    ]
    refused = await owner.errors(
        RECORD_RATINGS,
        {"i": {"ratings": [{"traceId": "not hex", "value": "UP", "endUser": "x"}]}},
    )
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "ratings.0.traceId"
    both = await owner.errors(
        RECORD_RATINGS,
        {
            "i": {
                "ratings": [
                    {"runId": run["id"], "traceId": run["traceId"], "value": "UP", "endUser": "x"}
                ]
            }
        },
    )
    assert both.errors[0]["extensions"]["fields"][0]["path"] == "ratings.0.runId"


async def test_credentials_in_spans_are_redacted_before_storage(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    spans = Spans()
    calls = [Call("deploy", {"token": secret}, f"used {secret}", "c1")]
    with genai_agent_turn(spans.tracer, f"My token is {secret}, deploy?", calls, "Deployed."):
        pass
    _answer(await _post(http, await api_key(owner), protobuf_body(spans.take())))
    [run] = await runs_of(owner)
    assert "[redacted:github_token]" in run["question"]
    assert run["steps"][0]["arguments"] == {"token": "[redacted:github_token]"}
    assert run["steps"][0]["result"] == "used [redacted:github_token]"
    async with sessionmaker() as session:
        for table, column in (("messages", "content"), ("run_steps", "arguments::text")):
            found = await session.execute(
                text(f"SELECT count(*) FROM {table} WHERE {column} LIKE :s"), {"s": f"%{secret}%"}
            )
            assert found.scalar_one() == 0


async def test_a_trace_with_no_invocation_is_rejected_with_the_reason(
    http: httpx.AsyncClient, owner: Api, sessionmaker: Any
) -> None:
    spans = Spans()
    health = {"http.route": "/health"}
    with (
        spans.tracer.start_as_current_span("GET /health", attributes=health),
        spans.tracer.start_as_current_span("SELECT 1"),
    ):
        pass
    answer = _answer(await _post(http, await api_key(owner), protobuf_body(spans.take())))
    assert answer.partial_success.rejected_spans == 2
    assert "no agent, chain or LLM invocation" in answer.partial_success.error_message
    assert await _count(sessionmaker, "trace_spans") == 0


async def test_a_span_whose_parent_never_comes_is_stored_once_its_window_passed(
    http: httpx.AsyncClient, owner: Api, settings: Settings, sessionmaker: Any
) -> None:
    spans = Spans()
    # A parent in a process that sends nothing to Casebook, and does not say it is remote.
    parent = SpanContext(0x1234, 0x5678, False, TraceFlags(1))
    with genai_agent_turn(spans.tracer, "Orphaned?", [], "Placed anyway.", user="u"):
        pass
    made = spans.take()
    root = next(s for s in made if s.parent is None)
    body = ExportTraceServiceRequest.FromString(protobuf_body(made))
    for scope in body.resource_spans[0].scope_spans:
        for span in scope.spans:
            if span.span_id == root.context.span_id.to_bytes(8, "big"):
                span.parent_span_id = parent.span_id.to_bytes(8, "big")
                span.flags = 0
    _answer(await _post(http, await api_key(owner), body.SerializeToString()))
    assert await runs_of(owner) == []
    now = datetime.now(UTC)
    early = await settle_waiting_spans(sessionmaker, settings, received_before=now - timedelta(1))
    assert early["turns_stored"] == 0
    settled = await settle_waiting_spans(
        sessionmaker, settings, received_before=now + timedelta(seconds=1)
    )
    assert settled["turns_stored"] == 1
    [run] = await runs_of(owner)
    assert (run["question"], run["answer"]) == ("Orphaned?", "Placed anyway.")


async def test_json_bodies_with_hex_ids_are_stored_as_protobuf_ones(
    http: httpx.AsyncClient, owner: Api
) -> None:
    spans = _turn(Spans(), "Sent as JSON?", "Read as JSON.")
    request = ExportTraceServiceRequest.FromString(protobuf_body(spans))
    document = json_format.MessageToDict(request)
    for resource in document["resourceSpans"]:
        for scope in resource["scopeSpans"]:
            for span in scope["spans"]:
                for name in ("traceId", "spanId", "parentSpanId"):
                    if name in span:
                        span[name] = base64.b64decode(span[name]).hex()
    response = await http.post(
        "/v1/traces",
        content=json.dumps(document).encode(),
        headers={
            "content-type": "application/json",
            "authorization": f"Bearer {await api_key(owner)}",
        },
    )
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    assert json.loads(response.content) == {}
    [run] = await runs_of(owner)
    assert run["traceId"] == format(spans[0].context.trace_id, "032x")
    assert run["answer"] == "Read as JSON."


async def test_past_the_requests_in_flight_an_exporter_is_told_to_send_again(
    app: Any, http: httpx.AsyncClient, owner: Api
) -> None:
    key = await api_key(owner)
    app.state.otlp_in_flight = app.state.casebook.settings.otlp_requests_in_flight
    try:
        busy = await _post(http, key, protobuf_body(_turn(Spans(), "Busy?")))
    finally:
        app.state.otlp_in_flight = 0
    assert busy.status_code == 429 and busy.headers["retry-after"] == "1"
    assert (await _post(http, key, protobuf_body(_turn(Spans(), "Now?")))).status_code == 200


def test_the_worker_settles_waiting_spans_every_minute(settings: Settings) -> None:
    from casebook.jobs.worker import settle_traces, worker_settings

    crons = worker_settings(settings)["cron_jobs"]
    assert any(job.coroutine is settle_traces for job in crons)
