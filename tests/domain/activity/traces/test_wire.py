"""OTLP/HTTP bodies: decompressed within a bound, decoded by the proto package, the hex ids
of OTLP/JSON read as protobuf's bytes; anything else refused with a reason, never a crash."""

import contextlib
import gzip
import json
import zlib

import pytest
from google.rpc import status_pb2
from hypothesis import given
from hypothesis import strategies as st
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from casebook.domain.activity.traces import wire

ONE_SPAN = {
    "resourceSpans": [
        {
            "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "bot"}}]},
            "scopeSpans": [
                {
                    "spans": [
                        {
                            "traceId": "5b8efff798038103d269b633813fc60c",
                            "spanId": "eee19b7ec3c1b174",
                            "parentSpanId": "eee19b7ec3c1b173",
                            "name": "chat",
                            "kind": 3,
                            "startTimeUnixNano": "1544712660000000000",
                            "endTimeUnixNano": 1544712661000000000,
                            "status": {"code": 2, "message": "boom"},
                            "somethingNew": {"ignored": True},
                        }
                    ]
                }
            ],
        }
    ]
}


def test_otlp_json_hex_ids_are_read_as_the_protobufs_bytes() -> None:
    request = wire.parse_request(json.dumps(ONE_SPAN).encode(), "json")
    span = request.resource_spans[0].scope_spans[0].spans[0]
    assert span.trace_id.hex() == "5b8efff798038103d269b633813fc60c"
    assert span.span_id.hex() == "eee19b7ec3c1b174"
    assert span.parent_span_id.hex() == "eee19b7ec3c1b173"
    assert (span.kind, span.status.code, span.end_time_unix_nano) == (3, 2, 1544712661000000000)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"[]", "JSON object"),
        (b"{", "not JSON"),
        (b'{"resourceSpans": 3}', "not an OTLP JSON export request"),
        (json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": [{"spanId": 7}]}]}]}), "hex"),
        (b'{"a":' * 100 + b"1" + b"}" * 100, "nested deeper"),
        (b'"\\ud800"', "not JSON"),
    ],
)
def test_a_json_body_that_is_not_otlp_is_refused_with_the_reason(
    body: bytes | str, says: str
) -> None:
    raw = body.encode() if isinstance(body, str) else body
    with pytest.raises(wire.NotOtlp, match=says):
        wire.parse_request(raw, "json")


def test_a_corrupt_protobuf_body_is_refused() -> None:
    with pytest.raises(wire.NotOtlp, match="protobuf"):
        wire.parse_request(b"\x0a\xff\xff\xff\xff\x0f", "protobuf")


@given(st.binary(max_size=300))
def test_any_bytes_decode_or_are_refused_as_not_otlp(body: bytes) -> None:
    for encoding in ("protobuf", "json"):
        with contextlib.suppress(wire.NotOtlp):
            wire.parse_request(body, encoding)  # type: ignore[arg-type]


@given(st.binary(max_size=300), st.sampled_from(["gzip", "deflate"]))
def test_any_bytes_decompress_or_are_refused(body: bytes, encoding: str) -> None:
    with contextlib.suppress(wire.NotOtlp, wire.TooLarge):
        wire.decompressed(body, encoding, 1_000)


def test_gzip_deflate_and_raw_deflate_are_read_and_gzip_members_joined() -> None:
    data = b"x" * 1_000
    assert wire.decompressed(gzip.compress(data), "gzip", 2_000) == data
    assert wire.decompressed(gzip.compress(data) + gzip.compress(b"yz"), "GZIP", 2_000) == (
        data + b"yz"
    )
    assert wire.decompressed(zlib.compress(data), "deflate", 2_000) == data
    raw = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    assert wire.decompressed(raw.compress(data) + raw.flush(), "deflate", 2_000) == data
    assert wire.decompressed(data, None, 2_000) == data


def test_a_body_is_bounded_once_decompressed_and_a_cut_one_is_refused() -> None:
    with pytest.raises(wire.TooLarge):
        wire.decompressed(gzip.compress(b"\x00" * 10_001), "gzip", 10_000)
    with pytest.raises(wire.TooLarge):
        wire.decompressed(b"\x00" * 10_001, "identity", 10_000)
    with pytest.raises(wire.NotOtlp, match="ends before"):
        wire.decompressed(gzip.compress(b"abc" * 100)[:-12], "gzip", 10_000)
    with pytest.raises(wire.NotOtlp, match="after its deflate"):
        wire.decompressed(zlib.compress(b"abc") + b"more", "deflate", 10_000)
    with pytest.raises(wire.UnsupportedEncoding, match="br"):
        wire.decompressed(b"", "br", 10)


@pytest.mark.parametrize(
    ("header", "encoding"),
    [
        ("application/x-protobuf", "protobuf"),
        ("application/json; charset=utf-8", "json"),
        ("Application/JSON", "json"),
    ],
)
def test_the_content_type_names_the_encoding(header: str, encoding: str) -> None:
    assert wire.encoding_of(header) == encoding


@pytest.mark.parametrize("header", [None, "", "text/plain", "application/protobuf+x"])
def test_another_content_type_is_refused(header: str | None) -> None:
    with pytest.raises(wire.UnsupportedEncoding):
        wire.encoding_of(header)


def test_answers_are_in_the_requests_encoding() -> None:
    taken = ExportTraceServiceResponse.FromString(wire.success_body(0, "", "protobuf"))
    assert not taken.HasField("partial_success")
    partial = ExportTraceServiceResponse.FromString(wire.success_body(3, "why", "protobuf"))
    assert (partial.partial_success.rejected_spans, partial.partial_success.error_message) == (
        3,
        "why",
    )
    assert json.loads(wire.success_body(3, "why", "json")) == {
        "partialSuccess": {"rejectedSpans": "3", "errorMessage": "why"}
    }
    failed = status_pb2.Status.FromString(wire.status_body(3, "bad", "protobuf"))
    assert (failed.code, failed.message) == (3, "bad")
    assert json.loads(wire.status_body(3, "bad", "json")) == {"code": 3, "message": "bad"}


def test_a_protobuf_round_trip_is_the_same_request() -> None:
    request = wire.parse_request(json.dumps(ONE_SPAN).encode(), "json")
    again = wire.parse_request(request.SerializeToString(), "protobuf")
    assert again == request
    assert isinstance(again, ExportTraceServiceRequest)
