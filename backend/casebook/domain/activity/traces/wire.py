"""OTLP/HTTP on the wire: an export request's body decoded, the answers exporters expect.

A body is protobuf (``application/x-protobuf``) or OTLP's JSON (``application/json``),
sent as it is or compressed with gzip or deflate; it is decompressed up to a bound, so
a small compressed body cannot unfold into gigabytes. Both encodings are decoded with
the OpenTelemetry proto package; JSON differs from protobuf's own JSON mapping in one
way, which is handled here: trace and span ids are hex, not base64.

The answer is in the request's encoding: an ``ExportTraceServiceResponse`` (with
``partial_success`` naming how many spans were rejected and why), or for a failure a
``google.rpc.Status`` with the reason.
"""

import base64
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import orjson
from google.protobuf import json_format
from google.protobuf.message import DecodeError
from google.rpc import status_pb2
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

Encoding = Literal["protobuf", "json"]
PROTOBUF_TYPE = "application/x-protobuf"
JSON_TYPE = "application/json"
# google.rpc.Code values used in a Status body.
INVALID_ARGUMENT = 3
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
UNAVAILABLE = 14
UNAUTHENTICATED = 16
# How deep the JSON body's objects and arrays may nest (the proto's own nesting, with
# attribute values a few levels down, stays far below it).
JSON_DEPTH_MAX = 64
# The id fields OTLP/JSON writes as hex.
_HEX_ID_FIELDS = ("traceId", "spanId", "parentSpanId", "trace_id", "span_id", "parent_span_id")


class NotOtlp(Exception):
    """The body is not an OTLP export request (HTTP 400); the message says why."""


class UnsupportedEncoding(Exception):
    """A content type or content encoding OTLP/HTTP does not use (HTTP 415)."""


@dataclass(frozen=True)
class TooLarge(Exception):
    """The body is past the bound once decompressed (HTTP 413)."""

    limit: int

    def __str__(self) -> str:
        return f"the request body is larger than {self.limit:,} bytes once decompressed"


def encoding_of(content_type: str | None) -> Encoding:
    """Which encoding a request's ``Content-Type`` names; refused when it is neither."""
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media == PROTOBUF_TYPE:
        return "protobuf"
    if media == JSON_TYPE:
        return "json"
    raise UnsupportedEncoding(
        f"Content-Type must be {PROTOBUF_TYPE} or {JSON_TYPE}, not {media or 'missing'!r}"
    )


def decompressed(body: bytes, content_encoding: str | None, limit: int) -> bytes:
    """The body as sent before compression (gzip, deflate or none), at most ``limit`` bytes."""
    encoding = (content_encoding or "identity").strip().lower()
    if encoding in ("", "identity"):
        if len(body) > limit:
            raise TooLarge(limit)
        return body
    if encoding == "gzip":
        return _inflate(body, 16 + zlib.MAX_WBITS, limit, "gzip")
    if encoding == "deflate":
        # RFC 9110's deflate is zlib-wrapped; some clients send the raw stream.
        raw = body[:1] and (body[0] & 0x0F) != 8
        return _inflate(body, -zlib.MAX_WBITS if raw else zlib.MAX_WBITS, limit, "deflate")
    raise UnsupportedEncoding(f"Content-Encoding must be gzip, deflate or none, not {encoding!r}")


def _inflate(body: bytes, wbits: int, limit: int, name: str) -> bytes:
    out = bytearray()
    rest = body
    while rest:
        inflater = zlib.decompressobj(wbits)
        try:
            out += inflater.decompress(rest, limit + 1 - len(out))
        except zlib.error:
            raise NotOtlp(f"the body is not valid {name} data") from None
        if len(out) > limit or inflater.unconsumed_tail:
            raise TooLarge(limit)
        if not inflater.eof:
            raise NotOtlp(f"the {name} data ends before its end")
        # A gzip body may hold several members one after another; a deflate stream one.
        if inflater.unused_data and name != "gzip":
            raise NotOtlp(f"the body holds bytes after its {name} data")
        rest = inflater.unused_data
    return bytes(out)


def parse_request(data: bytes, encoding: Encoding) -> ExportTraceServiceRequest:
    """The export request a decompressed body holds; ``NotOtlp`` naming what is wrong."""
    if encoding == "protobuf":
        try:
            parsed: ExportTraceServiceRequest = ExportTraceServiceRequest.FromString(data)
            return parsed
        except (DecodeError, ValueError, RecursionError) as error:
            raise NotOtlp(f"the body is not an OTLP protobuf export request ({error})") from None
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        raise NotOtlp(f"the body is not JSON ({error})") from None
    if not isinstance(document, dict):
        raise NotOtlp("the body must be a JSON object holding resourceSpans")
    _check_depth(document)
    _hex_ids_as_base64(document)
    request = ExportTraceServiceRequest()
    try:
        json_format.ParseDict(document, request, ignore_unknown_fields=True)
    except (json_format.ParseError, ValueError, TypeError, RecursionError) as error:
        raise NotOtlp(f"the body is not an OTLP JSON export request ({error})") from None
    return request


def _check_depth(document: object) -> None:
    stack: list[tuple[object, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > JSON_DEPTH_MAX:
            raise NotOtlp(f"the JSON body is nested deeper than {JSON_DEPTH_MAX} levels")
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def _spans_in(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each span object of an OTLP/JSON body and each of its links, with their paths."""
    for r, resource in _objects(document, "resourceSpans", "resource_spans", ""):
        for s, scope in _objects(resource, "scopeSpans", "scope_spans", f"resourceSpans.{r}"):
            path = f"resourceSpans.{r}.scopeSpans.{s}"
            for n, span in _objects(scope, "spans", "spans", path):
                yield f"{path}.spans.{n}", span
                for k, link in _objects(span, "links", "links", f"{path}.spans.{n}"):
                    yield f"{path}.spans.{n}.links.{k}", link


def _objects(
    holder: dict[str, Any], camel: str, snake: str, path: str
) -> Iterator[tuple[int, dict[str, Any]]]:
    found = holder.get(camel, holder.get(snake))
    if isinstance(found, list):
        for index, item in enumerate(found):
            if isinstance(item, dict):
                yield index, item


def _hex_ids_as_base64(document: dict[str, Any]) -> None:
    """OTLP/JSON's hex ids rewritten as the base64 protobuf's JSON mapping reads bytes in."""
    for path, span in _spans_in(document):
        for name in _HEX_ID_FIELDS:
            value = span.get(name)
            if value is None or value == "":
                continue
            if not isinstance(value, str):
                raise NotOtlp(f"{path}.{name}: must be a hex string")
            try:
                raw = bytes.fromhex(value)
            except ValueError:
                raise NotOtlp(f"{path}.{name}: must be a hex string") from None
            span[name] = base64.b64encode(raw).decode()


def success_body(rejected: int, message: str, encoding: Encoding) -> bytes:
    """The answer to an export that was taken: the rejected spans' count and reason, if any."""
    response = ExportTraceServiceResponse()
    if rejected or message:
        response.partial_success.rejected_spans = rejected
        response.partial_success.error_message = message
    if encoding == "protobuf":
        encoded: bytes = response.SerializeToString()
        return encoded
    return orjson.dumps(json_format.MessageToDict(response))


def status_body(code: int, message: str, encoding: Encoding) -> bytes:
    """The answer to an export that failed whole: a ``google.rpc.Status``."""
    status = status_pb2.Status(code=code, message=message)
    if encoding == "protobuf":
        encoded: bytes = status.SerializeToString()
        return encoded
    return orjson.dumps(json_format.MessageToDict(status))


def media_type(encoding: Encoding) -> str:
    return PROTOBUF_TYPE if encoding == "protobuf" else JSON_TYPE
