"""Each GraphQL operation measured: latency by operation name and type, errors by code,
subscriptions running; and, when traces are on, its span."""

import contextlib
import time
from collections.abc import Iterator
from typing import Any

from graphql.error import GraphQLError
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from casebook.graphql.errors import code_of
from casebook.observability import metrics, tracing

# Codes that mean the server, not the request, is at fault: the span says error.
SERVER_FAULTS = frozenset({"INTERNAL", "UNAVAILABLE"})


def _codes(errors: list[GraphQLError] | None) -> list[str]:
    return [code_of(error) for error in errors or ()]


class ObservedOperations(SchemaExtension):
    """Queries and mutations are timed; a subscription counts as running from its start
    to its end (its lifetime is no latency)."""

    def on_operation(self) -> Iterator[None]:
        started = time.perf_counter()
        self._subscription: str | None = None
        traced = tracing.span("graphql") if tracing.tracer() is not None else None
        with traced or contextlib.nullcontext() as span:
            try:
                yield
            finally:  # a subscription ends by cancellation as often as by completing
                if self._subscription is not None:
                    metrics.subscription_ended(self._subscription)
            context = self.execution_context
            operation = metrics.operation_label(context.operation_name)
            try:
                kind = context.operation_type.value
            except Exception:  # the document did not parse: no operation to name
                kind = "invalid"
            result = context.result
            codes = _codes(result.errors if result is not None else context.pre_execution_errors)
            if span is not None:
                _describe(span, kind, context.operation_name, codes)
            if self._subscription is None:
                metrics.graphql_operation(operation, kind, time.perf_counter() - started, codes)

    def on_execute(self) -> Iterator[None]:
        if self.execution_context.operation_type is OperationType.SUBSCRIPTION:
            self._subscription = metrics.operation_label(self.execution_context.operation_name)
            metrics.subscription_started(self._subscription)
        yield


def _describe(span: Any, kind: str, name: str | None, codes: list[str]) -> None:
    span.update_name(f"{kind} {name}" if name else kind)
    span.set_attribute("graphql.operation.type", kind)
    if name:
        span.set_attribute("graphql.operation.name", name)
    if codes:
        span.set_attribute("casebook.graphql.error_codes", sorted(set(codes)))
    if SERVER_FAULTS.intersection(codes):
        from opentelemetry.trace import StatusCode

        span.set_status(StatusCode.ERROR)
