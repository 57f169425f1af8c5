"""A span read into plain facts: ids, timing, status, its agent, attributes and events.

Facts are JSON (``to_json`` / ``from_json``), so a span can wait in the database for
the rest of its trace - its parent, or the local root that closes it. Values are made
storable on the way in: NUL becomes U+FFFD (PostgreSQL stores no NUL), NaN and
infinities become text, bytes become base64, values nested past ``VALUE_DEPTH_MAX``
become a note. A span whose ids are not OTLP's (16-byte trace, 8-byte span, neither all
zero) cannot belong to a trace and is rejected, with the reason counted.

The agent is named by the resource attribute ``casebook.agent.name`` when it is set,
else by ``service.name`` (OpenTelemetry's default, ``unknown_service``, when there is
none); ``service.version`` is the label of the agent version that answered.
"""

import base64
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span, Status

from casebook.domain.activity.traces.limits import ID_MAX, NAME_MAX, VALUE_DEPTH_MAX
from casebook.domain.jsonvalue import JSONObject, JSONValue

AGENT_ATTRIBUTE = "casebook.agent.name"
SERVICE_NAME = "service.name"
SERVICE_VERSION = "service.version"
UNKNOWN_SERVICE = "unknown_service"
# Span.flags: whether the parent is known to be remote, and whether it is.
_HAS_IS_REMOTE = 0x100
_IS_REMOTE = 0x200
_SPAN_KINDS = ("unspecified", "internal", "server", "client", "producer", "consumer")


@dataclass(frozen=True, slots=True)
class EventFacts:
    name: str
    time_ns: int
    attributes: JSONObject


@dataclass(frozen=True, slots=True)
class SpanFacts:
    trace_id: str
    span_id: str
    parent_id: str | None
    # True: the parent runs in another process (its spans come another way, if at all);
    # None: the sender did not say.
    parent_remote: bool | None
    name: str
    span_kind: str
    start_ns: int
    end_ns: int
    # None: not failed; else the status message ("" when it gave none).
    error: str | None
    agent: str
    version_label: str | None
    attributes: JSONObject
    events: tuple[EventFacts, ...] = ()
    resource: JSONObject = field(default_factory=dict)
    scope: str = ""

    def to_json(self) -> JSONObject:
        return {
            "trace_id": self.trace_id,
            "span_id": self.span_id,
            "parent_id": self.parent_id,
            "parent_remote": self.parent_remote,
            "name": self.name,
            "span_kind": self.span_kind,
            "start_ns": self.start_ns,
            "end_ns": self.end_ns,
            "error": self.error,
            "agent": self.agent,
            "version_label": self.version_label,
            "attributes": self.attributes,
            "events": [
                {"name": e.name, "time_ns": e.time_ns, "attributes": e.attributes}
                for e in self.events
            ],
            "resource": self.resource,
            "scope": self.scope,
        }


def from_json(stored: JSONObject) -> SpanFacts:
    """Facts written by ``to_json``, read back."""

    def text(key: str) -> str:
        value = stored.get(key)
        return value if isinstance(value, str) else ""

    def optional(key: str) -> str | None:
        value = stored.get(key)
        return value if isinstance(value, str) else None

    def number(key: str) -> int:
        value = stored.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def mapping(value: JSONValue) -> JSONObject:
        return value if isinstance(value, dict) else {}

    events = stored.get("events")
    remote = stored.get("parent_remote")
    return SpanFacts(
        trace_id=text("trace_id"),
        span_id=text("span_id"),
        parent_id=optional("parent_id"),
        parent_remote=remote if isinstance(remote, bool) else None,
        name=text("name"),
        span_kind=text("span_kind"),
        start_ns=number("start_ns"),
        end_ns=number("end_ns"),
        error=optional("error"),
        agent=text("agent"),
        version_label=optional("version_label"),
        attributes=mapping(stored.get("attributes")),
        events=tuple(
            EventFacts(
                str(e.get("name") or ""),
                int(t) if isinstance(t := e.get("time_ns"), int) else 0,
                mapping(e.get("attributes")),
            )
            for e in (events if isinstance(events, list) else [])
            if isinstance(e, dict)
        ),
        resource=mapping(stored.get("resource")),
        scope=text("scope"),
    )


@dataclass
class Reading:
    """What an export request holds: the spans kept, and the rejected counted by reason."""

    spans: list[SpanFacts] = field(default_factory=list)
    rejected: Counter[str] = field(default_factory=Counter)
    duplicates: int = 0

    def reject(self, reason: str, count: int = 1) -> None:
        self.rejected[reason] += count

    @property
    def rejected_count(self) -> int:
        return sum(self.rejected.values())

    def message(self) -> str:
        """The reasons, most frequent first, as one line for ``partial_success``."""
        return "; ".join(
            f"{n} span{'s' if n > 1 else ''}: {why}" for why, n in self.rejected.most_common()
        )


def storable_text(text: str) -> str:
    return text.replace("\x00", "\ufffd") if "\x00" in text else text


def storable_json(value: JSONValue) -> JSONValue:
    """Every text inside a JSON value read from a span's string storable, as above: JSON
    written in a string may spell a NUL (``\\u0000``) the string itself did not hold."""
    if isinstance(value, str):
        return storable_text(value)
    if isinstance(value, list):
        return [storable_json(item) for item in value]
    if isinstance(value, dict):
        return {storable_text(key): storable_json(item) for key, item in value.items()}
    return value


def value_of(value: AnyValue, depth: int = 0) -> JSONValue:
    """An attribute value as JSON that PostgreSQL and every export can hold."""
    kind = value.WhichOneof("value")
    if kind == "string_value":
        return storable_text(value.string_value)
    if kind == "bool_value":
        return value.bool_value
    if kind == "int_value":
        return value.int_value
    if kind == "double_value":
        number = value.double_value
        return number if math.isfinite(number) else str(number)
    if kind == "bytes_value":
        return base64.b64encode(value.bytes_value).decode()
    if kind is None:
        return None
    if depth >= VALUE_DEPTH_MAX:
        return f"[a value nested deeper than {VALUE_DEPTH_MAX} levels]"
    if kind == "array_value":
        return [value_of(item, depth + 1) for item in value.array_value.values]
    return attributes_of(value.kvlist_value.values, depth + 1)


def attributes_of(pairs: Iterable[KeyValue], depth: int = 0) -> JSONObject:
    """Key-value pairs as a JSON object; a key given twice keeps its first value."""
    found: JSONObject = {}
    for pair in pairs:
        key = storable_text(pair.key)
        if key not in found:
            found[key] = value_of(pair.value, depth)
    return found


def _hex_id(raw: bytes, size: int) -> str | None:
    """The id as hex, or None when it is not ``size`` bytes or is all zero."""
    if len(raw) != size or not any(raw):
        return None
    return raw.hex()


def _error(status: Status) -> str | None:
    if status.code != Status.STATUS_CODE_ERROR:
        return None
    return storable_text(status.message)


def _agent_of(resource: JSONObject) -> tuple[str, str | None]:
    named = resource.get(AGENT_ATTRIBUTE)
    service = resource.get(SERVICE_NAME)
    agent = named if isinstance(named, str) and named.strip() else service
    name = " ".join(agent.split()) if isinstance(agent, str) and agent.strip() else ""
    version = resource.get(SERVICE_VERSION)
    label = " ".join(str(version).split()) if isinstance(version, str | int | float) else ""
    return name or UNKNOWN_SERVICE, label[:ID_MAX] or None


def read_request(request: ExportTraceServiceRequest, spans_max: int) -> Reading:
    """Every span of an export request as facts; those that cannot be read are counted."""
    reading = Reading()
    seen: set[tuple[str, str]] = set()
    total = 0
    for resource_spans in request.resource_spans:
        resource = attributes_of(resource_spans.resource.attributes)
        agent, label = _agent_of(resource)
        for scope_spans in resource_spans.scope_spans:
            scope = storable_text(scope_spans.scope.name)
            for span in scope_spans.spans:
                total += 1
                if total > spans_max:
                    reading.reject(f"a request holds at most {spans_max:,} spans")
                    continue
                if len(agent) > NAME_MAX:
                    reading.reject(
                        f"the agent's name (service.name) is longer than {NAME_MAX} characters"
                    )
                    continue
                facts = _facts(span, agent, label, resource, scope, reading)
                if facts is None:
                    continue
                key = (facts.trace_id, facts.span_id)
                if key in seen:
                    reading.duplicates += 1
                    continue
                seen.add(key)
                reading.spans.append(facts)
    return reading


def _facts(
    span: Span,
    agent: str,
    label: str | None,
    resource: JSONObject,
    scope: str,
    reading: Reading,
) -> SpanFacts | None:
    trace_id = _hex_id(span.trace_id, 16)
    span_id = _hex_id(span.span_id, 8)
    if trace_id is None:
        reading.reject("a trace id must be 16 bytes, not all zero")
        return None
    if span_id is None:
        reading.reject("a span id must be 8 bytes, not all zero")
        return None
    parent_id = None
    if span.parent_span_id and any(span.parent_span_id):
        parent_id = _hex_id(span.parent_span_id, 8)
        if parent_id is None:
            reading.reject("a parent span id must be 8 bytes")
            return None
    remote = bool(span.flags & _IS_REMOTE) if span.flags & _HAS_IS_REMOTE else None
    return SpanFacts(
        trace_id=trace_id,
        span_id=span_id,
        parent_id=parent_id,
        parent_remote=remote,
        name=storable_text(span.name),
        span_kind=_SPAN_KINDS[span.kind] if 0 <= span.kind < len(_SPAN_KINDS) else "unspecified",
        start_ns=span.start_time_unix_nano,
        end_ns=max(span.end_time_unix_nano, span.start_time_unix_nano),
        error=_error(span.status),
        agent=agent,
        version_label=label,
        attributes=attributes_of(span.attributes),
        events=tuple(
            EventFacts(storable_text(e.name), e.time_unix_nano, attributes_of(e.attributes))
            for e in span.events
        ),
        resource=resource,
        scope=scope,
    )


def spans_by_trace(spans: Sequence[SpanFacts]) -> dict[str, list[SpanFacts]]:
    grouped: dict[str, list[SpanFacts]] = {}
    for span in spans:
        grouped.setdefault(span.trace_id, []).append(span)
    return grouped
