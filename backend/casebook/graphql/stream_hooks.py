"""Extension hooks run around each result a subscription streams, without rebuilding them
for every result.

Strawberry runs every extension's ``on_stream_result`` around each result a
subscription sends, and asks every extension for its ``get_results``. For each
result it looks the hooks up again on every extension, wraps each generator in a
new context manager and an exit stack, and awaits each extension's (empty)
results: for 1,000 viewers of a run, 1,000 times an event, more than sending the
frame costs. This runner finds the hooks once per operation and runs the same
generators, in the same order, around each result; extensions that keep
Strawberry's empty ``get_results`` are not asked. A hook that is not a plain
generator function takes Strawberry's own path, unchanged.
"""

import inspect
from collections.abc import AsyncIterator, Callable, Generator
from contextlib import asynccontextmanager
from functools import cached_property
from typing import Any, cast

from strawberry.extensions import SchemaExtension
from strawberry.extensions.runner import SchemaExtensionsRunner
from strawberry.utils.await_maybe import await_maybe

_DEFAULT_STREAM_HOOK = SchemaExtension.on_stream_result
_DEFAULT_RESULTS = SchemaExtension.get_results

Hook = Callable[[Any], Generator[None, None, None]]


class StreamingExtensionsRunner(SchemaExtensionsRunner):
    @cached_property
    def _stream_hooks(self) -> list[Hook] | None:
        """Each extension's ``on_stream_result`` bound to it, in order; None when one of
        them is not a generator function (Strawberry then runs them its own way)."""
        hooks: list[Hook] = []
        for extension in self.extensions:
            hook = type(extension).on_stream_result
            if hook is _DEFAULT_STREAM_HOOK:
                continue
            if not inspect.isgeneratorfunction(hook):
                return None
            hooks.append(cast(Hook, extension.on_stream_result))
        return hooks

    @cached_property
    def _reporting(self) -> list[SchemaExtension]:
        return [e for e in self.extensions if type(e).get_results is not _DEFAULT_RESULTS]

    def on_stream_result(self, result: Any) -> Any:
        hooks = self._stream_hooks
        if hooks is None:
            return super().on_stream_result(result)
        return _hooks_around(hooks, result)

    async def get_extensions_results(self, ctx: Any) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for extension in self._reporting:
            data.update(await await_maybe(extension.get_results()))
        data.update(ctx.extensions_results)
        return data


@asynccontextmanager
async def _hooks_around(hooks: list[Hook], result: Any) -> AsyncIterator[None]:
    """Enter each hook in order and leave them in reverse, as Strawberry's exit stack
    does. When the block raises (the stream closed or cancelled while a result was on
    its way), each hook entered is closed, innermost first, and the error goes on: as
    with Strawberry, no hook runs past its ``yield``."""
    entered: list[Generator[None, None, None]] = []
    try:
        for hook in hooks:
            generator = hook(result)
            next(generator)
            entered.append(generator)
        yield
    except BaseException:
        for generator in reversed(entered):
            generator.close()
        raise
    for generator in reversed(entered):
        try:
            next(generator)
        except StopIteration:
            continue
        raise RuntimeError("an on_stream_result hook yielded more than once")
