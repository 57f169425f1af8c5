"""The per-request (or per-websocket) GraphQL context."""

from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket
from strawberry.types import Info as StrawberryInfo

from casebook.domain.access.policy import Actor
from casebook.graphql.live import LivePrincipal
from casebook.graphql.loaders import Loaders
from casebook.services.identity.auth import Authentication
from casebook.services.kernel.context import ServiceContext


@dataclass
class GraphQLContext:
    request: Request | WebSocket
    response: Response | WebSocket | None
    services: ServiceContext
    auth: Authentication
    loaders: Loaders
    connection_params: dict[str, Any] = field(default_factory=dict)
    # A websocket's credentials, checked again as it serves operations (graphql/live.py).
    live: LivePrincipal | None = None

    @property
    def actor(self) -> Actor | None:
        return self.services.actor

    def act_as(self, auth: Authentication, services: ServiceContext) -> None:
        """A websocket's credentials, once its connection_init has been read."""
        self.auth, self.services = auth, services
        self.begin_operation()

    def begin_operation(self) -> None:
        """Fresh loaders and access decisions: a websocket's context outlives each operation."""
        self.services.access.clear()
        self.loaders = Loaders.for_request(self.services)


Info = StrawberryInfo[GraphQLContext, None]
