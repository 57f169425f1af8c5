"""The streaming runner runs each extension's ``on_stream_result`` around every result in
the order Strawberry's own runner does, and reports the same extension results."""

import asyncio
from collections.abc import AsyncGenerator, Iterator
from typing import Any

import pytest
import strawberry
from strawberry.extensions import SchemaExtension
from strawberry.extensions.runner import SchemaExtensionsRunner
from strawberry.types import ExecutionContext

from casebook.graphql.stream_hooks import StreamingExtensionsRunner

CALLS: list[str] = []


class First(SchemaExtension):
    def on_stream_result(self, result: Any) -> Iterator[None]:
        CALLS.append(f"first in {result.data['count']}")
        yield
        CALLS.append("first out")


class Second(SchemaExtension):
    def on_stream_result(self, result: Any) -> Iterator[None]:
        CALLS.append("second in")
        yield
        CALLS.append("second out")

    def get_results(self) -> dict[str, Any]:
        return {"second": "reported"}


class Quiet(SchemaExtension):
    pass


@strawberry.type
class Query:
    ping: int = 0


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def count(self) -> AsyncGenerator[int, None]:
        for n in range(2):
            yield n


class StreamingSchema(strawberry.Schema):
    def create_extensions_runner(
        self, execution_context: ExecutionContext, extensions: list[SchemaExtension]
    ) -> SchemaExtensionsRunner:
        return StreamingExtensionsRunner(execution_context, extensions)


def _run(schema: strawberry.Schema) -> tuple[list[str], list[Any]]:
    CALLS.clear()

    async def collect() -> list[Any]:
        stream = await schema.subscribe("subscription { count }")
        return [(r.data, r.extensions) async for r in stream]  # type: ignore[union-attr]

    results = asyncio.run(collect())
    return list(CALLS), results


def test_hooks_run_as_strawberry_runs_them() -> None:
    kinds: dict[str, Any] = {"query": Query, "subscription": Subscription}
    extensions = [First, Quiet, Second]
    ours = _run(StreamingSchema(**kinds, extensions=extensions))
    theirs = _run(strawberry.Schema(**kinds, extensions=extensions))
    assert ours == theirs
    calls, results = ours
    assert calls[:4] == ["first in 0", "second in", "second out", "first out"]
    assert [data for data, _ in results] == [{"count": 0}, {"count": 1}]
    assert all(extensions == {"second": "reported"} for _, extensions in results)


@pytest.mark.parametrize("schema_class", [StreamingSchema, strawberry.Schema])
def test_a_stream_closed_while_a_result_is_out_leaves_the_hooks_unfinished(
    schema_class: type[strawberry.Schema],
) -> None:
    schema = schema_class(query=Query, subscription=Subscription, extensions=[First, Second])
    CALLS.clear()

    async def first_only() -> None:
        stream = await schema.subscribe("subscription { count }")
        await anext(stream)  # type: ignore[arg-type]
        await stream.aclose()  # type: ignore[union-attr]

    asyncio.run(first_only())
    # As with Strawberry's exit stack: the error closing the stream ends each hook at its
    # yield, innermost first, and nothing after the yield runs.
    assert CALLS == ["first in 0", "second in"]
