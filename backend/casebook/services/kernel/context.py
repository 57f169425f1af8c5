"""What every service function receives: the actor and the systems of record."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.services.kernel.errors import Forbidden, Unauthenticated


@dataclass
class ServiceContext:
    sessionmaker: SessionMaker
    redis: Any
    settings: Settings
    actor: Actor | None = None
    request_id: str | None = None

    def require_actor(self) -> Actor:
        if self.actor is None:
            raise Unauthenticated()
        return self.actor

    def require_permission(self, permission: Permission) -> Actor:
        actor = self.require_actor()
        if not holds(actor, permission):
            raise Forbidden(f"this needs the {permission.value} permission")
        return actor

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work: committed when the block ends, rolled back on error."""
        async with self.sessionmaker() as session, session.begin():
            yield session

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        async with self.sessionmaker() as session:
            yield session
