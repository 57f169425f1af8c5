"""What every service function receives: the actor and the systems of record."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.config import Settings
from casebook.db.engine import SessionMaker, reading_session
from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, holds
from casebook.services.kernel.access_memo import AccessMemo, attach
from casebook.services.kernel.errors import Forbidden, Unauthenticated


@dataclass
class ServiceContext:
    sessionmaker: SessionMaker
    redis: Any
    settings: Settings
    actor: Actor | None = None
    request_id: str | None = None
    # Access decided once per resource and permission for this request (kernel/access_memo).
    access: AccessMemo = field(default_factory=AccessMemo)

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
        """One unit of work: committed when the block ends, rolled back on error.

        It decides access on the rows it reads, never from the request's memo, and
        empties the memo: what is read after a change is decided anew."""
        self.access.clear()
        try:
            async with self.sessionmaker() as session, session.begin():
                yield session
        finally:
            self.access.clear()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A read (no transaction around it): access decided earlier in the request is
        reused."""
        async with reading_session(self.sessionmaker) as session:
            attach(session, self.access)
            yield session
