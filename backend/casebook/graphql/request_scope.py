"""Each operation - and each event of a subscription - reads through its own loaders and
access decisions.

An HTTP request builds a fresh context; a websocket's context serves every
operation of the connection, so each operation starts afresh, and so does each
event a subscription sends: an event an hour later never reads what was
decided or cached for the one before.
"""

from collections.abc import Iterator
from typing import Any

from starlette.websockets import WebSocket
from strawberry.extensions import SchemaExtension

from casebook.graphql.context import GraphQLContext


class RequestScope(SchemaExtension):
    def _renew(self) -> None:
        context = self.execution_context.context
        if isinstance(context, GraphQLContext) and isinstance(context.request, WebSocket):
            context.begin_operation()

    def on_operation(self) -> Iterator[None]:
        self._renew()
        yield

    def on_stream_result(self, result: Any) -> Iterator[None]:
        yield
        self._renew()
