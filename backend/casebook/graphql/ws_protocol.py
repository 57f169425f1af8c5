"""The graphql-transport-ws protocol as Strawberry speaks it, with two corrections.

- A socket whose credentials cannot be checked because a system of record is away is
  closed with 1013 "Try Again Later" and a reason naming the system and when to try
  again - not 4403 "Forbidden", which tells a client its credentials were refused and
  not to try again with them.
- An operation its client completed (or whose socket closed) as the server ended it is
  forgotten once: Strawberry forgets it both when the client's ``complete`` arrives
  and when it sends its own, and the second time raised ``KeyError``, logged as
  "Exception in worker task".
"""

from strawberry.subscriptions.protocols.graphql_transport_ws.handlers import (
    BaseGraphQLTransportWSHandler,
)
from strawberry.subscriptions.protocols.graphql_transport_ws.types import (
    ConnectionInitMessage,
)

from casebook.graphql.context import GraphQLContext

# RFC 6455 section 7.4.1, registered by IANA: "Try Again Later".
TRY_AGAIN_LATER = 1013


class ConnectionUnavailable(Exception):
    """Raised by ``on_ws_connect`` when the credentials could not be checked for an
    outage of ``system``."""

    def __init__(self, system: str, retry_after_seconds: str) -> None:
        super().__init__(f"{system} cannot be reached")
        self.system = system
        self.retry_after_seconds = retry_after_seconds

    @property
    def close_reason(self) -> str:
        # A close reason holds at most 123 bytes.
        return (
            f"unavailable: {self.system} cannot be reached; "
            f"try again in {self.retry_after_seconds} s"
        )[:123]


class TransportWSHandler(BaseGraphQLTransportWSHandler[GraphQLContext, None]):
    async def handle_connection_init(self, message: ConnectionInitMessage) -> None:
        try:
            await super().handle_connection_init(message)
        except ConnectionUnavailable as outage:
            await self.websocket.close(code=TRY_AGAIN_LATER, reason=outage.close_reason)

    def forget_id(self, id: str) -> None:
        self.operations.pop(id, None)
