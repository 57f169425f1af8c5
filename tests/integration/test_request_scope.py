"""Access is decided once per resource and permission per request, and never outlives it.

Within a request, fields that read the same dataset share one read of it; a
change made in the request empties what was decided, so what is read after it
is decided anew. A websocket's operations are each a request of their own.
"""

import asyncio
import json
from typing import Any

import websockets
from sqlalchemy import select
from sqlmodel import col

from casebook.db.models import User
from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.services.datasets import datasets
from casebook.services.datasets.kind import DATASET_KIND
from casebook.services.kernel import sharing
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.errors import NotFound
from tests.integration.conftest import MemberFactory, Org
from tests.integration.datasets.helpers import create_dataset
from tests.support.graphql_client import Api
from tests.support.live_server import live_server
from tests.support.statements import counted_statements


async def _owner_context(settings: Any, sessionmaker: Any, org: Org) -> ServiceContext:
    async with sessionmaker() as session:
        user_id = (
            await session.execute(select(col(User.id)).where(User.email == org.owner_email))
        ).scalar_one()
    return ServiceContext(sessionmaker, None, settings, Actor(user_id, org.id, Role.OWNER))


async def test_reads_in_one_request_decide_access_once(
    settings: Any, engine: Any, sessionmaker: Any, org: Org
) -> None:
    ctx = await _owner_context(settings, sessionmaker, org)
    dataset = await datasets.create_dataset(ctx, name="Kettles")
    assert dataset.id is not None
    with counted_statements(engine) as statements:
        await asyncio.gather(*(datasets.get_dataset(ctx, dataset.id) for _ in range(5)))
        assert len(statements) == 1, "fields read side by side share one read of the dataset"
        found = await datasets.datasets_by_id(ctx, [dataset.id, dataset.id + 1000])
        assert len(statements) == 2, "only the dataset not read yet is read"
        assert found[0] is not None and isinstance(found[1], NotFound)
        await datasets.update_details(ctx, dataset.id, name="Kettles and mugs", description=None)
        before = len(statements)
        again = await datasets.get_dataset(ctx, dataset.id)
        assert again.name == "Kettles and mugs", "a change empties what the request decided"
        assert len(statements) == before + 1


async def test_a_transaction_decides_on_its_own_rows(
    settings: Any, sessionmaker: Any, org: Org
) -> None:
    ctx = await _owner_context(settings, sessionmaker, org)
    dataset = await datasets.create_dataset(ctx, name="Kettles")
    assert dataset.id is not None
    await datasets.get_dataset(ctx, dataset.id)
    async with ctx.transaction() as session:
        row = await sharing.load_authorized(
            session, ctx.actor, DATASET_KIND, dataset.id, Permission.DATASETS_EDIT
        )
        assert row in session, "a write works on a row of its own session, not a remembered one"


async def test_each_websocket_operation_decides_access_anew(
    settings: Any, owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner, "Shared for now")
    member = await member_as(Role.MEMBER)
    key = await member(
        'mutation { createApiKey(input: {name: "ws", scopes: ["datasets:view"]}) { secret } }'
    )
    read = {"query": "query($d: ID!) { dataset(id: $d) { name } }", "variables": {"d": dataset_id}}
    with live_server(settings) as host:
        async with websockets.connect(
            f"ws://{host}/graphql", subprotocols=["graphql-transport-ws"]
        ) as ws:
            bearer = f"Bearer {key['createApiKey']['secret']}"
            await ws.send(
                json.dumps({"type": "connection_init", "payload": {"authorization": bearer}})
            )
            assert json.loads(await ws.recv())["type"] == "connection_ack"

            async def operation(op_id: str) -> dict[str, Any]:
                await ws.send(json.dumps({"id": op_id, "type": "subscribe", "payload": read}))
                answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "complete"
                return answer["payload"]

            assert (await operation("1"))["data"] == {"dataset": {"name": "Shared for now"}}
            await owner(
                "mutation($id: ID!) { setDatasetVisibility(id: $id, visibility: PRIVATE) "
                "{ dataset { id } } }",
                {"id": dataset_id},
            )
            second = await operation("2")
            assert [e["extensions"]["code"] for e in second["errors"]] == ["NOT_FOUND"]
