"""Authorization decided once per request: per (resource kind, id, permission).

A service context carries one memo for its request (or websocket operation).
Reading sessions carry it too, and ``sharing`` consults it: a resource's row
and the facts the policy needs (owner, visibility, the actor's grants) are read
once, and each decision over them is made once. A transaction never reads
through the memo and empties it, so a write decides on the rows it locked,
and whatever is read after a write is decided anew.
"""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import Actor, SharedResource

SESSION_KEY = "casebook.access_memo"


class Verdict(Enum):
    ALLOWED = "allowed"
    # The actor may not see it (or it does not exist): "not found", everywhere.
    HIDDEN = "hidden"
    # The actor sees it but may not do this to it.
    FORBIDDEN = "forbidden"


@dataclass(frozen=True)
class KnownResource:
    row: Any | None
    facts: SharedResource | None


ResourceKey = tuple[Actor, str, int]


ReadResources = Callable[[list[int]], Awaitable[dict[int, KnownResource]]]


@dataclass
class AccessMemo:
    _resources: dict[ResourceKey, KnownResource] = field(default_factory=dict)
    _verdicts: dict[tuple[Actor, str, int, Permission], Verdict] = field(default_factory=dict)
    # Reads under way: fields resolved side by side wait for one read, not start another.
    _reading: dict[ResourceKey, "asyncio.Future[None]"] = field(default_factory=dict)
    # Bumped by clear(): a read begun before a change is not remembered after it.
    _epoch: int = 0

    async def resources(
        self, actor: Actor, kind: str, resource_ids: list[int], read: ReadResources
    ) -> dict[int, KnownResource]:
        """Each resource as the request knows it: remembered, read by another field right
        now (waited for), or read here with ``read`` - once for all that are left."""
        others = {
            self._reading[key]
            for i in resource_ids
            if (key := (actor, kind, i)) in self._reading and key not in self._resources
        }
        for other in others:
            await asyncio.shield(other)
        found = {i: known for i in resource_ids if (known := self._resources.get((actor, kind, i)))}
        unread = [i for i in resource_ids if i not in found]
        if unread:
            async with self._marked_reading(actor, kind, unread) as epoch:
                fresh = await read(unread)
            self.remember(actor, kind, fresh, epoch)
            found.update(fresh)
        return found

    @property
    def epoch(self) -> int:
        return self._epoch

    def remember(
        self, actor: Actor, kind: str, found: dict[int, KnownResource], epoch: int
    ) -> None:
        """Keep what a read begun at ``epoch`` found, unless the request changed something
        since."""
        if epoch != self._epoch:
            return
        for resource_id, known in found.items():
            self._resources[(actor, kind, resource_id)] = known

    @asynccontextmanager
    async def _marked_reading(
        self, actor: Actor, kind: str, resource_ids: list[int]
    ) -> AsyncIterator[int]:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        keys = [(actor, kind, i) for i in resource_ids]
        for key in keys:
            self._reading[key] = done
        try:
            yield self._epoch
        finally:
            for key in keys:
                if self._reading.get(key) is done:
                    del self._reading[key]
            done.set_result(None)

    def verdict(
        self, actor: Actor, kind: str, resource_id: int, permission: Permission
    ) -> Verdict | None:
        return self._verdicts.get((actor, kind, resource_id, permission))

    def record(
        self,
        actor: Actor,
        kind: str,
        resource_id: int,
        permission: Permission,
        verdict: Verdict,
    ) -> None:
        self._verdicts[(actor, kind, resource_id, permission)] = verdict

    def known(self, actor: Actor, kind: str, resource_id: int) -> KnownResource | None:
        return self._resources.get((actor, kind, resource_id))

    def clear(self) -> None:
        self._epoch += 1
        self._resources.clear()
        self._verdicts.clear()


def attach(session: AsyncSession, memo: AccessMemo) -> None:
    session.info[SESSION_KEY] = memo


def memo_of(session: AsyncSession) -> AccessMemo | None:
    found: AccessMemo | None = session.info.get(SESSION_KEY)
    return found
