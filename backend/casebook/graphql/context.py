"""The per-request (or per-websocket) GraphQL context."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket
from strawberry.dataloader import DataLoader
from strawberry.types import Info as StrawberryInfo

from casebook.domain.access.policy import Actor
from casebook.services.identity.auth import Authentication
from casebook.services.kernel.context import ServiceContext


@dataclass
class GraphQLContext:
    request: Request | WebSocket
    response: Response | WebSocket | None
    services: ServiceContext
    auth: Authentication
    loaders: dict[str, Any] = field(default_factory=dict)
    connection_params: dict[str, Any] = field(default_factory=dict)

    @property
    def actor(self) -> Actor | None:
        return self.services.actor

    def loader(
        self, name: str, load: Callable[[list[Any]], Awaitable[list[Any]]]
    ) -> DataLoader[Any, Any]:
        """A DataLoader per request (or websocket operation), batching loads made in one tick."""
        if name not in self.loaders:
            self.loaders[name] = DataLoader(load_fn=load)
        found: DataLoader[Any, Any] = self.loaders[name]
        return found


Info = StrawberryInfo[GraphQLContext, None]
