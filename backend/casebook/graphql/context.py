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
from casebook.services.kernel.live_hub import LiveHub


@dataclass
class GraphQLContext:
    request: Request | WebSocket
    response: Response | WebSocket | None
    services: ServiceContext
    auth: Authentication
    # The process's one Redis pub/sub connection; subscriptions listen through it.
    hub: LiveHub
    connection_params: dict[str, Any] = field(default_factory=dict)
    # A websocket's credentials, checked again as it serves operations (graphql/live.py).
    live: LivePrincipal | None = None
    # Built when first read: a subscription event that needs no loader (most) builds none.
    _loaders: Loaders | None = None

    @property
    def loaders(self) -> Loaders:
        """This operation's (or subscription event's) DataLoaders."""
        if self._loaders is None:
            self._loaders = Loaders.for_request(self.services)
        return self._loaders

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
        self._loaders = None


Info = StrawberryInfo[GraphQLContext, None]
