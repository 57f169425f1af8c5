"""The task: the team's own code that answers a case, sync or async, called once per work
item. A sync task runs on a thread of a pool as large as the concurrency, so the loop that
claims and submits is never blocked by it; latency is measured around the call itself."""

import asyncio
import importlib
import importlib.util
import inspect
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from casebook_client.answers import answer_input, exception_text, failure_input
from casebook_client.api.input_types import EvalAnswerInput
from casebook_client.cases import EvalCase
from casebook_client.work import Answerer

Task = Callable[[EvalCase], Any]


def _elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def is_async(task: Task) -> bool:
    return inspect.iscoroutinefunction(task) or inspect.iscoroutinefunction(
        getattr(task, "__call__", None)  # noqa: B004 - an object whose __call__ is async
    )


def _called(task: Task, case: EvalCase, lease_token: str) -> EvalAnswerInput:
    """A sync task's call, on its thread: what it returned, or raised, as the answer."""
    started = time.perf_counter()
    try:
        returned = task(case)
        if inspect.isawaitable(returned):  # a sync callable that hands back a coroutine
            returned = asyncio.run(_awaited(returned))
    except Exception as error:
        return failure_input(case.item_id, lease_token, exception_text(error), _elapsed_ms(started))
    return answer_input(case.item_id, lease_token, returned, _elapsed_ms(started))


async def _awaited(awaitable: Any) -> Any:
    return await awaitable


def answerer(task: Task, pool: ThreadPoolExecutor) -> Answerer:
    """The task as the work loop calls it: a case in, the API's answer input out."""
    if is_async(task):

        async def answer_async(case: EvalCase, lease_token: str) -> EvalAnswerInput:
            started = time.perf_counter()
            try:
                returned = await task(case)
            except Exception as error:
                return failure_input(
                    case.item_id, lease_token, exception_text(error), _elapsed_ms(started)
                )
            return answer_input(case.item_id, lease_token, returned, _elapsed_ms(started))

        return answer_async

    async def answer_sync(case: EvalCase, lease_token: str) -> EvalAnswerInput:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, _called, task, case, lease_token)

    return answer_sync


class TaskNotFound(ValueError):
    pass


def load_task(spec: str) -> Task:
    """``package.module:function`` (or ``path/to/file.py:function``), imported the way
    ``python -m`` would from the current directory."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise TaskNotFound(f"--task: {spec!r} is not package.module:function")
    if str(Path.cwd()) not in sys.path:
        sys.path.insert(0, str(Path.cwd()))
    try:
        if module_name.endswith(".py"):
            path = Path(module_name).resolve()
            module_spec = importlib.util.spec_from_file_location(path.stem, path)
            if module_spec is None or module_spec.loader is None:
                raise TaskNotFound(f"--task: cannot load {module_name}")
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[path.stem] = module
            module_spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
    except ImportError as error:
        raise TaskNotFound(f"--task: cannot import {module_name}: {error}") from None
    found: Any = module
    for part in attribute.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise TaskNotFound(f"--task: {module_name} has no {attribute}")
    if not callable(found):
        raise TaskNotFound(f"--task: {spec} is not a function")
    task: Task = found
    return task
