"""The per-request (or per-websocket) GraphQL context."""

from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket
from strawberry.types import Info as StrawberryInfo

from casebook.domain.access.policy import Actor
from casebook.services.auth import Authentication
from casebook.services.context import ServiceContext


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


Info = StrawberryInfo[GraphQLContext, None]
