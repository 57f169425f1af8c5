"""A subscription event handed to every subscriber as one object is executed once per
document for the subscribers whose selection reads only the event; a reader an access
rule masks, or a selection that reads more, is executed for that subscriber alone."""

import asyncio
from collections.abc import AsyncGenerator
from dataclasses import dataclass
from typing import Any

import strawberry
from strawberry.extensions import ParserCache

from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.graphql.lean_execution import LeanExecutionContext, shared_event
from casebook.graphql.permissions import PUBLIC, OnDenied, requires


@strawberry.type
class Progress:
    done: int
    cost: float | None = strawberry.field(extensions=requires(Permission.RUNS_VIEW, OnDenied.NULL))

    @strawberry.field
    def seen_by(self, info: strawberry.Info) -> int:
        return int(info.context.actor.user_id)


@dataclass
class Context:
    actor: Actor | None


EVENTS: list[Progress] = []


@strawberry.type
class Query:
    ping: int = 0


@strawberry.type
class Subscription:
    @strawberry.subscription(extensions=requires(PUBLIC))
    async def progress(self) -> AsyncGenerator[Progress, None]:
        for event in EVENTS:
            yield event


# Results are shared per parsed document: the API parses each document once (its parser
# cache), so subscribers sending the same text share it, and so does this schema.
schema = strawberry.Schema(
    query=Query,
    subscription=Subscription,
    execution_context_class=LeanExecutionContext,
    extensions=[lambda: ParserCache(maxsize=8)],
)
# Two roles holding runs:view, a role without it, and an owner's key scoped without it.
BUILDER = Actor(1, 1, Role.BUILDER)
OPERATOR = Actor(2, 1, Role.OPERATOR)
MEMBER = Actor(3, 1, Role.MEMBER)
KEY_WITHOUT_RUNS = Actor(4, 1, Role.OWNER, scopes=frozenset({Permission.DATASETS_VIEW}))


async def _collect(query: str, actor: Actor) -> list[Any]:
    stream = await schema.subscribe(query, context_value=Context(actor))
    found = []
    async for result in stream:  # type: ignore[union-attr]
        assert not result.errors, result.errors
        found.append(result.data)
    return found


def _run(query: str, *actors: Actor) -> list[list[Any]]:
    async def all_of_them() -> list[list[Any]]:
        return list(await asyncio.gather(*(_collect(query, a) for a in actors)))

    return asyncio.run(all_of_them())


def test_readers_let_through_share_one_result_and_a_masked_one_gets_its_own() -> None:
    EVENTS[:] = [shared_event(Progress(done=n, cost=0.5 * n)) for n in range(3)]
    builder, operator, member, key = _run(
        "subscription { progress { done cost } }", BUILDER, OPERATOR, MEMBER, KEY_WITHOUT_RUNS
    )
    assert [d["progress"] for d in builder] == [{"done": n, "cost": 0.5 * n} for n in range(3)]
    # Both readers holding runs:view were handed the very same result for each event.
    assert all(a is b for a, b in zip(builder, operator, strict=True))
    # Those without it are refused the cost, each executed for itself.
    for refused in (member, key):
        assert [d["progress"] for d in refused] == [{"done": n, "cost": None} for n in range(3)]
        assert all(a is not b for a, b in zip(builder, refused, strict=True))
    assert all(a is not b for a, b in zip(member, key, strict=True))


def test_a_selection_that_depends_on_the_reader_is_executed_for_each() -> None:
    EVENTS[:] = [shared_event(Progress(done=n, cost=0.0)) for n in range(2)]
    first, second = _run("subscription { progress { done seenBy } }", BUILDER, OPERATOR)
    assert [d["progress"]["seenBy"] for d in first] == [1, 1]
    assert [d["progress"]["seenBy"] for d in second] == [2, 2]


def test_an_event_not_marked_shared_is_executed_for_each_subscriber() -> None:
    EVENTS[:] = [Progress(done=n, cost=0.0) for n in range(2)]
    first, second = _run("subscription { progress { done } }", BUILDER, OPERATOR)
    assert first == second == [{"progress": {"done": 0}}, {"progress": {"done": 1}}]
    assert all(a is not b for a, b in zip(first, second, strict=True))
