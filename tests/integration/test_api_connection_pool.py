"""The API keeps DATABASE_POOL_SIZE PostgreSQL connections and opens none beyond them.

A burst of more requests than connections waits for the pool instead of opening a
connection per request past it (and closing it after): every request is answered,
the pool was in full use, and the process opened exactly its pool's connections -
the second burst none at all.
"""

import asyncio
from typing import Any

import httpx
from asgi_lifespan import LifespanManager
from sqlalchemy import event

from casebook.app import create_app
from casebook.config import Settings
from tests.integration.conftest import PASSWORD, Org
from tests.support.graphql_client import Api

POOL = 3
BURST = 30


class PoolWatch:
    def __init__(self, pool: Any) -> None:
        self.opened = 0
        self.lent = 0
        self.most_lent = 0
        event.listen(pool, "connect", self._opened)
        event.listen(pool, "checkout", self._out)
        event.listen(pool, "checkin", self._back)

    def _opened(self, *_: Any) -> None:
        self.opened += 1

    def _out(self, *_: Any) -> None:
        self.lent += 1
        self.most_lent = max(self.most_lent, self.lent)

    def _back(self, *_: Any) -> None:
        self.lent -= 1


async def test_a_burst_past_the_pool_waits_for_it_and_opens_nothing_more(
    settings: Settings, sessionmaker: Any, org: Org
) -> None:
    application = create_app(settings.model_copy(update={"database_pool_size": POOL}))
    engine = application.state.casebook.sessionmaker.kw["bind"]
    watch = PoolWatch(engine.sync_engine.pool)
    async with LifespanManager(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as http:
            api = Api(http)
            await api.login(org.owner_email, PASSWORD)
            query = "{ datasets(first: 5) { totalCount } members { role } }"
            for burst in range(2):
                answers = await asyncio.gather(*[api(query) for _ in range(BURST)])
                assert all(a["datasets"]["totalCount"] == 0 for a in answers), burst
                assert all(a["members"][0]["role"] == "OWNER" for a in answers), burst
                assert watch.most_lent == POOL, burst
                assert watch.opened == POOL, burst
    assert watch.lent == 0
