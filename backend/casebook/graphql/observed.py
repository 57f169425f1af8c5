"""Each GraphQL operation measured: latency by operation name and type, errors by code,
subscriptions running."""

import time
from collections.abc import Iterator

from graphql.error import GraphQLError
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from casebook.graphql.errors import code_of
from casebook.observability import metrics


def _codes(errors: list[GraphQLError] | None) -> list[str]:
    return [code_of(error) for error in errors or ()]


class ObservedOperations(SchemaExtension):
    """Queries and mutations are timed; a subscription counts as running from its start
    to its end (its lifetime is no latency)."""

    def on_operation(self) -> Iterator[None]:
        started = time.perf_counter()
        self._subscription: str | None = None
        try:
            yield
        finally:  # a subscription ends by cancellation as often as by completing
            if self._subscription is not None:
                metrics.subscription_ended(self._subscription)
        if self._subscription is not None:
            return
        context = self.execution_context
        operation = metrics.operation_label(context.operation_name)
        try:
            kind = context.operation_type.value
        except Exception:  # the document did not parse: no operation to name
            kind = "invalid"
        errors = (
            context.result.errors if context.result is not None else context.pre_execution_errors
        )
        metrics.graphql_operation(operation, kind, time.perf_counter() - started, _codes(errors))

    def on_execute(self) -> Iterator[None]:
        if self.execution_context.operation_type is OperationType.SUBSCRIPTION:
            self._subscription = metrics.operation_label(self.execution_context.operation_name)
            metrics.subscription_started(self._subscription)
        yield
